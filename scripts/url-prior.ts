/**
 * Writes src/score/url-prior.ts: the mean of each URL feature of the page-type model over the
 * pages its weights are fitted on (the fit's collections, aeb and wcxb). A saved page without its
 * own URL takes these values, so its address pushes towards no type.
 *
 *   npm run fit:url-prior [-- aeb wcxb]
 */
import { answerHelp } from './help.js';
import { writeFile } from 'node:fs/promises';
import { openCorpus } from '../src/bench/corpora/index.js';
import { URL_FEATURES, urlFeatures, type UrlFeatureName } from '../src/score/page-type.js';

answerHelp(import.meta.url);

const specs = process.argv.slice(2).filter((a) => a !== '--');
const collections = specs.length > 0 ? specs : ['aeb', 'wcxb'];
const sums = Object.fromEntries(URL_FEATURES.map((n) => [n, 0])) as Record<UrlFeatureName, number>;
let pages = 0;
let without = 0;
for (const spec of collections) {
  const corpus = await openCorpus(spec);
  for await (const page of corpus.pages()) {
    const f = page.url ? urlFeatures(page.url) : null;
    if (!f) {
      without++;
      continue;
    }
    pages++;
    for (const n of URL_FEATURES) sums[n] += f[n];
  }
}
if (pages === 0) throw new Error(`no page with a URL in ${collections.join(', ')}`);
const round = (x: number): number => Math.round(x * 1e4) / 1e4;
const lines = [
  '/**',
  ' * Mean URL features of the pages the page-type weights are fitted on. WRITTEN BY',
  ' * `npm run fit:url-prior` (scripts/url-prior.ts): do not edit by hand.',
  ' *',
  ` * Collections: ${collections.join(', ')}; ${pages} pages with a URL (${without} without, left out).`,
  ' * A saved page served without its own URL takes these values (src/score/page-type.ts).',
  ' */',
  "import type { UrlFeatureName } from './page-type.js';",
  '',
  'export const UNKNOWN_URL_FEATURES: Record<UrlFeatureName, number> = {',
  ...URL_FEATURES.map((n) => `  ${n}: ${round(sums[n] / pages)},`),
  '};',
  '',
];
const target = new URL('../src/score/url-prior.ts', import.meta.url);
await writeFile(target, lines.join('\n'));
console.log(`wrote ${target.pathname} from ${pages} pages`);
