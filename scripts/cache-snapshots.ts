/**
 * Renders every page of a benchmark collection once and keeps its layout snapshot in
 * out/snapshots/<corpus>/ (see src/bench/snapshot-cache.ts), for fitting and ablation; a
 * collection outside its usual place (a copy made by scripts/strip-styles.ts) gets a folder of
 * its own, `<format>-<directory>`.
 *
 *   npx tsx scripts/cache-snapshots.ts aeb [wcxb …] [--concurrency 2] [--dir out/snapshots]
 *
 * `--dir` keeps the snapshots elsewhere (to compare two browsers' snapshots file by file:
 * `BROADSHEET_CHROMIUM=… npx tsx scripts/cache-snapshots.ts aeb --dir /tmp/a`). `--navigate`
 * loads every page by a navigation, never written into a reused document: the reference the
 * written pages must equal (`--dir` it elsewhere and compare).
 */
import { answerHelp } from './help.js';
import { openCorpus } from '../src/bench/corpora/index.js';
import { forEachSnapshot } from '../src/bench/snapshot-cache.js';
import { RenderSession } from '../src/render/session.js';

answerHelp(import.meta.url);

const args = process.argv.slice(2);
const valueOf = (flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};
const concurrency = Number(valueOf('--concurrency') ?? 2);
const dir = valueOf('--dir');
const names = args.filter((a, i) => !a.startsWith('--') && !['--concurrency', '--dir'].includes(args[i - 1] ?? ''));
// Saved pages without scripts only: a headless shell then paints none of them (browser.ts).
const session = await RenderSession.launch({ concurrency, inPlace: !args.includes('--navigate'), browser: { savedPagesOnly: true } });
try {
  for (const name of names) {
    const corpus = await openCorpus(name);
    let done = 0;
    let rendered = 0;
    let failed = 0;
    const started = performance.now();
    await forEachSnapshot(corpus, { session, concurrency, ...(dir ? { dir } : {}) }, (entry) => {
      done++;
      if (!entry.cached) rendered++;
      if (entry.status === 'error') {
        failed++;
        process.stderr.write(`\n${entry.page.id}: ${entry.error}\n`);
      }
      if (done % 10 === 0 || done === corpus.size) {
        process.stderr.write(`\r${name}: ${done}/${corpus.size} (${rendered} rendered, ${failed} failed, ${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    });
    process.stderr.write('\n');
  }
} finally {
  await session.close();
}
