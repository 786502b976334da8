/**
 * Model files as the CLI reads them (`extract --model`, `model info`, `model eval`): a missing,
 * corrupt, foreign or future-version file is refused with an error that names the file and
 * the problem; a good file loads unchanged.
 */
import { test as base, expect } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../../src/errors.js';
import { ModelFormatError, createModel, serializeModel, type NodeFeatures } from '../../src/cluster/index.js';
import { describeModel, halfOf, loadModelFile, siteOf, trainModel } from '../../src/cli/commands/model.js';
import { tempDirFixture } from '../support/temp-dir.js';

// A directory per test: the tests run in parallel, each maybe in a worker of its own.
const test = base.extend<{ dir: string }>({ dir: tempDirFixture('model-io-') });

/** Bodies of two kinds: short briefs and long features (raw counts). */
function bodies(count: number): NodeFeatures[] {
  return Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? { textLength: 800 + 10 * i, meanParagraphLength: 200 + i, linkTextLength: 10 + i, imageCount: 0, punctuationCount: 8 + (i % 3) }
      : { textLength: 9000 + 100 * i, meanParagraphLength: 400 + i, linkTextLength: 300 + i, imageCount: 3, punctuationCount: 90 + (i % 5) },
  );
}

function write(dir: string, name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

test('a saved model loads unchanged, and info shows k, sizes and the re-cluster history', async ({ dir }) => {
  const created = createModel(bodies(12));
  expect(created.kind).toBe('model');
  if (created.kind !== 'model') return;
  const loaded = await loadModelFile(write(dir, 'good.json', serializeModel(created.model)));
  expect(loaded).toEqual(created.model);
  const info = describeModel(loaded);
  expect(info).toContain(`k = ${loaded.clusters.length} clusters`);
  expect(info).toContain(`#0: ${loaded.clusters[0]!.size} bodies`);
  // Centres and examples in characters, not in scaled units.
  expect(info).toMatch(/centre: \d+ chars of text in paragraphs of ~\d+/u);
  expect(info).toMatch(/\n {4}e\.g\. \d+ chars of text/u);
  expect(info).toMatch(/re-clusters: 0\n/u);
});

test('missing, corrupt, foreign and future-version files are refused, naming the file and the problem', async ({ dir }) => {
  const missing = join(dir, 'nope.json');
  await expect(loadModelFile(missing)).rejects.toThrow(ConfigError);
  await expect(loadModelFile(missing)).rejects.toThrow(/nope\.json: cannot read the file \(ENOENT\)/u);
  const problems: Array<[string, string]> = [
    ['{"format": "broadsheet-cluster-model", "vers', 'corrupt'],
    ['{"format": "something-else"}', 'wrong-format'],
    ['{"format": "broadsheet-cluster-model", "version": 99, "model": {}}', 'incompatible-version'],
    ['{"format": "broadsheet-cluster-model", "version": 1, "model": {"clusters": []}}', 'invalid'],
    ['{"format": "broadsheet-cluster-model", "version": 1, "features": ["textLength", "wordCount"], "model": {}}', 'other-features'],
  ];
  for (const [content, problem] of problems) {
    const path = write(dir, `${problem}.json`, content);
    const error = await loadModelFile(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelFormatError);
    expect((error as ModelFormatError).problem).toBe(problem);
    expect((error as Error).message).toContain(path);
    // …and says how to fix it.
    expect((error as Error).message).toContain(`broadsheet model train --from DATASET --out ${path}`);
  }
});

test('too few samples is a result, not a crash; streaming re-clusters only when the buffer cannot be placed', () => {
  const few = trainModel(bodies(3));
  expect(few.kind).toBe('too-few-samples');
  // Twelve known bodies, then 30 more of the same two kinds and 6 of a third kind (link lists).
  const odd: NodeFeatures[] = Array.from({ length: 6 }, (_, i) => ({ textLength: 3000 + i, meanParagraphLength: 20 + i, linkTextLength: 2900, imageCount: 12, punctuationCount: 1 }));
  const streamed = trainModel([...bodies(42), ...odd], { streamInitial: 12, params: { bufferThreshold: 4 } });
  expect(streamed.kind).toBe('model');
  if (streamed.kind !== 'model') return;
  expect(streamed.events).toHaveLength(36);
  const reclusters = streamed.events.filter((e) => e.reclustered);
  expect(streamed.events.reduce((n, e) => n + e.placed, 0)).toBeGreaterThan(0);
  expect(reclusters.length).toBe(streamed.model.stats.reclusterCount);
  expect(reclusters.length).toBeGreaterThan(0);
  // `model info` lists each re-cluster with the sample count and the k it chose.
  const first = streamed.model.stats.reclusterHistory[0]!;
  expect(describeModel(streamed.model)).toContain(`re-clusters: ${reclusters.length} [at ${first.samplesSeen} samples → k ${first.k}]`);
});

test('sites split into halves by host, never splitting a site; pages without a URL are sites of their own', () => {
  expect(siteOf({ id: 'x', url: 'https://www.example.com/a/b' })).toBe('example.com');
  expect(siteOf({ id: 'x', url: 'https://example.com/c' })).toBe('example.com');
  expect(siteOf({ id: 'page-7' })).toBe('page-7');
  expect(siteOf({ id: 'page-7', url: 'not a url' })).toBe('page-7');
  const sites = Array.from({ length: 200 }, (_, i) => `site-${i}.example`);
  const a = sites.filter((s) => halfOf(s) === 'A').length;
  // A hash split of 200 sites is near even (binomial: 100 ± 7 is one standard deviation).
  expect(a).toBeGreaterThan(70);
  expect(a).toBeLessThan(130);
  expect(sites.every((s) => halfOf(s) === halfOf(s))).toBe(true);
});
