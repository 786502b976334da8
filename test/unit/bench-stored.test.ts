/**
 * Published outputs of other systems scored beside broadsheet: each stored system gets the
 * same metric on the same pages, and a page-by-page count of wins, ties and losses.
 */
import { test, expect } from '@playwright/test';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openAeb } from '../../src/bench/corpora/aeb.js';
import type { BenchPage } from '../../src/bench/corpora/types.js';
import { pageScores, tokenize } from '../../src/bench/metrics.js';
import { headToHead, scoreStoredPeers } from '../../src/bench/peers/stored.js';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const TRUTH_A = 'The council voted to close the bridge for repairs next month after cracks were found.';
const TRUTH_B = 'Flooding closed three roads in the valley on Sunday and more rain is forecast for the week.';
let dir: string;

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'broadsheet-stored-'));
  await mkdir(join(dir, 'html'));
  await mkdir(join(dir, 'output'));
  for (const id of [A, B]) await writeFile(join(dir, 'html', `${id}.html.gz`), gzipSync('<html><body><p>x</p></body></html>'));
  await writeFile(join(dir, 'ground-truth.json'), JSON.stringify({ [A]: { articleBody: TRUTH_A }, [B]: { articleBody: TRUTH_B } }));
  // "exact" gets both pages right; "half" misses page B entirely (null body).
  await writeFile(join(dir, 'output', 'exact.json'), JSON.stringify({ [A]: { articleBody: TRUTH_A }, [B]: { articleBody: TRUTH_B } }));
  await writeFile(join(dir, 'output', 'half.json'), JSON.stringify({ version: '1.2', output: { [A]: { articleBody: TRUTH_A }, [B]: { articleBody: null } } }));
});

test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('stored outputs are scored on the same pages with the same metric', async () => {
  const corpus = await openAeb(dir);
  const pages: BenchPage[] = [];
  for await (const page of corpus.pages()) pages.push(page);
  const runs = await scoreStoredPeers(corpus, pages, { bootstrapSamples: 0 });
  const exact = runs.find((r) => r.system === 'exact')!;
  const half = runs.find((r) => r.system === 'half')!;
  expect(exact.scores.f1).toBe(1);
  expect(half.version).toBe('1.2');
  expect(half.empty).toBe(1);
  // Page B is empty: precision leaves it out, recall counts it as 0.
  expect(half.scores.precision).toBe(1);
  expect(half.scores.recall).toBe(0.5);
});

test('head to head: wins, ties and losses page by page, within a margin', async () => {
  const corpus = await openAeb(dir);
  const pages: BenchPage[] = [];
  for await (const page of corpus.pages()) pages.push(page);
  const runs = await scoreStoredPeers(corpus, pages, { bootstrapSamples: 0 });
  // broadsheet: exact on A, half of B.
  const broadsheet = [pageScores(TRUTH_A, TRUTH_A, { tokenizer: tokenize }), pageScores(TRUTH_B.slice(0, 45), TRUTH_B, { tokenizer: tokenize })];
  const vs = headToHead(broadsheet, runs);
  expect(vs.find((v) => v.system === 'exact')).toEqual({ system: 'exact', wins: 0, ties: 1, losses: 1 });
  expect(vs.find((v) => v.system === 'half')).toEqual({ system: 'half', wins: 1, ties: 1, losses: 0 });
});
