/**
 * How much a link word's evidence is shrunk toward the site's article share
 * (`shrinkPages` of src/frontier/link-evidence.ts), measured with the lab's simulated crawl
 * (src/lab/sim-crawl.ts: the crawler's frontier and policy over link graphs, articles from the
 * truth) on hard news sites in five languages: harvest@N of the similarity policy per site, for
 * each setting, plus the naive-Bayes ratio without shrinking. Takes about 10 s per setting.
 *
 *   npx tsx scripts/bench-link-shrink.ts [--shrink none,3,5,10,20] [--budget 300]
 *
 * The first six sites are the lab's harvest sites (src/lab/experiments.ts) with their seeds; the
 * last four are more hard sites with other seeds, styles and languages, so that a setting is not
 * chosen on the lab's sites alone.
 */
import { parseArgs } from 'node:util';
import { simulateCrawl } from '../src/lab/sim-crawl.js';
import { LINK_TOKEN_OPTIONS } from '../src/frontier/link-evidence.js';
import { SimilarityPolicy } from '../src/frontier/similarity-policy.js';
import { newsGraph, type GraphSite } from '../src/testing/local-web/families.js';

const { values } = parseArgs({
  options: {
    shrink: { type: 'string', default: 'none,3,5,10,20' },
    budget: { type: 'string', default: '300' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  process.stdout.write('npx tsx scripts/bench-link-shrink.ts [--shrink none,3,5,10,20] [--budget 300]\n');
  process.exit(0);
}
const budget = Number(values.budget);
const settings = values.shrink.split(',').map((s) => (s === 'none' ? undefined : Number(s)));
if (!Number.isInteger(budget) || budget < 1 || settings.some((s) => s !== undefined && !(s > 0))) {
  process.stderr.write('bench-link-shrink: --budget is a positive integer, --shrink a list of positive numbers or none\n');
  process.exit(2);
}

const hard = { articles: 1000, galleryShare: 0.3, commentPages: true } as const;
const SITES: ReadonlyArray<() => GraphSite> = [
  () => newsGraph({ style: 'dated', name: 'herald-galleries', articles: 1000, seed: 1, galleryShare: 0.2 }),
  () => newsGraph({ style: 'query', name: 'gazette-galleries', seed: 3, ...hard }),
  () => newsGraph({ style: 'section', name: 'city-courier', articles: 1000, seed: 2 }),
  () => newsGraph({ style: 'dated', name: 'huacheng-ribao-galleries', language: 'zh', seed: 4, ...hard }),
  () => newsGraph({ style: 'section', name: 'minato-shimbun-galleries', language: 'ja', seed: 5, ...hard }),
  () => newsGraph({ style: 'slash', name: 'al-madina-galleries', language: 'ar', seed: 6, ...hard }),
  () => newsGraph({ style: 'slash', name: 'ru-slash-7', language: 'ru', seed: 7, ...hard }),
  () => newsGraph({ style: 'dated', name: 'en-dated-8', language: 'en', seed: 8, ...hard }),
  () => newsGraph({ style: 'slash', name: 'ar-slash-9', language: 'ar', seed: 9, ...hard }),
  () => newsGraph({ style: 'section', name: 'zh-section-10', language: 'zh', seed: 10, ...hard }),
];

const names = SITES.map((make) => make().name);
process.stdout.write(`| shrinkPages | mean | lowest | ${names.join(' | ')} |\n|---|---|---|${names.map(() => '---').join('|')}|\n`);
for (const shrinkPages of settings) {
  const linkTokens = { ...LINK_TOKEN_OPTIONS, shrinkPages };
  if (shrinkPages === undefined) delete linkTokens.shrinkPages;
  const harvests: number[] = [];
  for (const make of SITES) {
    const order = simulateCrawl([make()], new SimilarityPolicy({ linkTokens }), { maxPages: budget });
    harvests.push(order.filter((page) => page.isTarget).length / Math.max(1, order.length));
  }
  const mean = harvests.reduce((a, b) => a + b, 0) / harvests.length;
  process.stdout.write(`| ${shrinkPages ?? 'none'} | ${mean.toFixed(3)} | ${Math.min(...harvests).toFixed(3)} | ${harvests.map((h) => h.toFixed(3)).join(' | ')} |\n`);
}
