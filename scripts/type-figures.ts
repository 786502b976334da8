/**
 * WCXB's word F1 per page type from the snapshot cache (src/bench/type-figures.ts): on the page-type
 * gate's subset (`--per-type N`, as test/quality/type-pins.json) or on every page (`--all`). Pages
 * missing from the cache are rendered when `--render` is given, otherwise left out and counted.
 *
 *   npx tsx scripts/type-figures.ts [wcxb] [--per-type 20 | --all] [--render]
 */
import { answerHelp } from './help.js';
import { readFileSync } from 'node:fs';
import { openCorpus } from '../src/bench/corpora/index.js';
import { typeFigures, typeSubset } from '../src/bench/type-figures.js';
import { RenderSession } from '../src/render/session.js';

answerHelp(import.meta.url);

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const name = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--per-type') ?? 'wcxb';
const pins = JSON.parse(readFileSync('test/quality/type-pins.json', 'utf8')) as { perType: number };
const perType = Number(option('--per-type') ?? pins.perType);
const full = await openCorpus(name);
const corpus = args.includes('--all') ? full : await typeSubset(full, perType);
const session = args.includes('--render') ? await RenderSession.launch({ concurrency: 2 }) : undefined;
try {
  const figures = await typeFigures(corpus, { ...(session ? { session } : {}), concurrency: 2 });
  const rows = Object.entries(figures.types).map(([t, f]) => `| ${t} | ${f.pages} | ${f.wordF1.toFixed(4)} | ${f.f1.toFixed(4)} | ${f.typedRight} |`);
  const all = Object.values(figures.types);
  const n = all.reduce((s, f) => s + f.pages, 0);
  process.stdout.write(
    [
      `${name}: ${args.includes('--all') ? 'all pages' : `${perType} pages per type`}; ${figures.uncached} not in the cache (left out), ${figures.errors} render errors`,
      '',
      '| type | pages | word F1 | 4-gram F1 | typed right |',
      '|---|---|---|---|---|',
      ...rows,
      `| all (mean over pages) | ${n} | ${(all.reduce((s, f) => s + f.wordF1 * f.pages, 0) / Math.max(1, n)).toFixed(4)} | | ${all.reduce((s, f) => s + f.typedRight, 0)} |`,
      '',
    ].join('\n'),
  );
} finally {
  await session?.close();
}
