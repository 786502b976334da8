/**
 * The cluster model on the samples, through the loops `broadsheet model train|eval` run:
 * train on the ground truth of one half of the sites, extract the other half with and without
 * the model in the same run, both ways round. The figures are printed (and attached to the
 * test) for the report; the assertions are the requirements: every sample's body is
 * found in its page, and the model (veto cascade) lowers no held-out page's F1.
 *
 * Also the command line: `extract --model` with a missing or corrupt model file fails with a
 * clear message, or with `--model-optional` falls back to the visual score and says so.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures.js';
import { collectSamples, evaluateModel, modelPages, trainModel, type ModelEvaluation, type SiteHalf } from '../../src/cli/commands/model.js';

test('trained on one half of the samples, the model lowers no F1 on the other half (both ways round)', async ({ session }, testInfo) => {
  test.setTimeout(240_000);
  const { pages, tokenizer } = await modelPages('samples');
  expect(pages.length).toBe(25);
  const figures: Record<string, unknown> = {};
  const lines: string[] = [];
  for (const [train, held] of [['A', 'B'], ['B', 'A']] as Array<[SiteHalf, SiteHalf]>) {
    const trainPages = pages.filter((p) => p.half === train);
    const heldPages = pages.filter((p) => p.half === held);
    // Split by page file (each sample is its own site): no page is on both sides.
    expect(trainPages.some((p) => heldPages.some((q) => q.site === p.site))).toBe(false);
    const { samples, skipped } = await collectSamples(session, trainPages, { self: false, tokenizer });
    expect(skipped).toEqual([]);
    const trained = trainModel(samples.map((s) => s.features));
    expect(trained.kind).toBe('model');
    if (trained.kind !== 'model') return;
    const veto = await evaluateModel(session, heldPages, trained.model, { tokenizer, cascade: 'veto' });
    const primary = await evaluateModel(session, heldPages, trained.model, { tokenizer, cascade: 'primary' });
    expect(veto.errors).toEqual([]);
    for (const page of veto.pages) expect(page.with.f1, page.pageId).toBeGreaterThanOrEqual(page.without.f1 - 1e-9);
    figures[`train ${train} → test ${held}`] = { k: trained.model.clusters.length, sizes: trained.model.clusters.map((c) => c.size), veto: summary(veto), primary: summary(primary) };
    lines.push(
      `train ${train} (${trainPages.length} pages, k ${trained.model.clusters.length}) → test ${held} (${heldPages.length} pages)`,
      ...veto.pages.map((r, i) => `  ${r.pageId.padEnd(28)} F1 without ${r.without.f1.toFixed(3)}  veto ${r.with.f1.toFixed(3)} (${r.stage})  primary ${primary.pages[i]!.with.f1.toFixed(3)}  featurise ${r.featuriseMs} ms, assign ${r.assignMs} ms`),
      `  corpus F1 without ${veto.without.f1.toFixed(3)}, veto ${veto.with.f1.toFixed(3)}, primary ${primary.with.f1.toFixed(3)}`,
    );
  }
  // Streaming all the truth samples from a model of the first four, buffer threshold 2.
  const all = await collectSamples(session, pages, { self: false, tokenizer });
  const streamed = trainModel(all.samples.map((s) => s.features), { streamInitial: 4, params: { bufferThreshold: 2 } });
  if (streamed.kind === 'model') {
    const history = streamed.events.map((e) => (e.reclustered ? 'R' : e.placed > 0 ? `p${e.placed}` : '.')).join(' ');
    figures.stream = { events: history, reclusters: streamed.model.stats.reclusterHistory, placed: streamed.model.stats.placedCount };
    lines.push(`stream (4 initial, threshold 2): ${history}; re-clusters at ${JSON.stringify(streamed.model.stats.reclusterHistory)}`);
  }
  console.log(lines.join('\n'));
  await testInfo.attach('model-figures.json', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });
});

function summary(e: ModelEvaluation): Record<string, unknown> {
  const times = e.pages.map((p) => p.featuriseMs + p.assignMs).sort((a, b) => a - b);
  return {
    f1Without: e.without.f1,
    f1With: e.with.f1,
    difference: e.f1Difference,
    stages: e.stages,
    medianFeaturiseAssignMs: times[Math.floor(times.length / 2)] ?? null,
  };
}

const MAIN = join(process.cwd(), 'src', 'cli', 'main.ts');

/** A command that has not ended by then is killed and the test fails naming it (CI of stop 29 saw one test hang 5 min with no word of which step). */
const COMMAND_LIMIT_MS = 150_000;

/** The real command, from the sources (tsx), so it runs this checkout's code without a build. */
function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const entry = `import(${JSON.stringify(MAIN)}).then(async (m) => { await m.run(process.argv.slice(1)); })`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', entry, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      stderr += `\n[test] \`broadsheet ${args.join(' ')}\` had not ended after ${COMMAND_LIMIT_MS / 1000} s: killed; its stdout was ${stdout.length} characters`;
      child.kill('SIGKILL');
    }, COMMAND_LIMIT_MS);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

test('extract --model: a bad model file is a clear error, or with --model-optional a fallback that says so', async () => {
  test.setTimeout(300_000);
  const dir = await mkdtemp(join(tmpdir(), 'broadsheet-model-'));
  try {
    const page = join('samples', 'en-short-brief.html');
    const corrupt = join(dir, 'corrupt.json');
    await writeFile(corrupt, '{"format": "broadsheet-cluster-model", "version": 1, "model": ');
    const missing = join(dir, 'missing.json');

    const refused = await run(['extract', page, '--model', missing]);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(`cluster model ${missing}: cannot read the file (ENOENT)`);

    const corruptRun = await run(['extract', page, '--model', corrupt]);
    expect(corruptRun.code, corruptRun.stderr).toBe(2);
    expect(corruptRun.stderr).toMatch(/corrupt\.json: cluster model: not valid JSON/u);

    const fallback = await run(['extract', page, '--model', corrupt, '--model-optional', '--format', 'json', '--explain']);
    expect(fallback.code, fallback.stderr).toBe(0);
    expect(fallback.stderr).toContain('extracting with the visual score alone (--model-optional)');
    const record = JSON.parse(fallback.stdout) as { status: string; explain?: { model?: unknown } };
    expect(record.status).toBe('article');
    expect(record.explain?.model).toBeUndefined();

    // A good model: the record says which stage won.
    const trainedPath = join(dir, 'model.json');
    const trained = await run(['model', 'train', '--from', 'samples', '--split', 'A', '--out', trainedPath, '--no-progress']);
    expect(trained.code, trained.stderr).toBe(0);
    expect(trained.stdout).toMatch(/^trained on \d+ samples from \d+ pages/u);
    const withModel = await run(['extract', page, '--model', trainedPath, '--format', 'json', '--explain']);
    expect(withModel.code, withModel.stderr).toBe(0);
    const modelled = JSON.parse(withModel.stdout) as { explain?: { model?: { stage?: string } } };
    expect(modelled.explain?.model?.stage).toMatch(/^(visual|model) \(/u);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
