/**
 * Renders every page of a benchmark collection once and keeps its layout snapshot in
 * out/snapshots/<corpus>/ (see src/bench/snapshot-cache.ts), for fitting and ablation.
 *
 *   npx tsx scripts/cache-snapshots.ts aeb [wcxb …] [--concurrency 2]
 */
import { openCorpus } from '../src/bench/corpora/index.js';
import { forEachSnapshot } from '../src/bench/snapshot-cache.js';
import { RenderSession } from '../src/render/session.js';

const args = process.argv.slice(2);
const ci = args.indexOf('--concurrency');
const concurrency = ci >= 0 ? Number(args[ci + 1]) : 2;
const names = args.filter((a, i) => !a.startsWith('--') && (ci < 0 || i !== ci + 1));
const session = await RenderSession.launch({ concurrency });
try {
  for (const name of names) {
    const corpus = await openCorpus(name);
    let done = 0;
    let rendered = 0;
    let failed = 0;
    const started = performance.now();
    await forEachSnapshot(corpus, { session, concurrency }, (entry) => {
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
