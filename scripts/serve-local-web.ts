/**
 * Serves the local web of synthetic news sites until interrupted, printing each site's URL.
 *   npx tsx scripts/serve-local-web.ts [--seed N] [--articles N] [--robots-disallow /search] [--crawl-delay S] [--json]
 * With --json, prints one JSON object (sites, faulty site) on stdout and nothing else there.
 */
import { parseArgs } from 'node:util';
import { startLocalWeb, type RobotsPolicy } from '../src/testing/local-web/index.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    articles: { type: 'string' },
    'robots-disallow': { type: 'string', multiple: true },
    'crawl-delay': { type: 'string' },
    'no-faulty': { type: 'boolean' },
    json: { type: 'boolean' },
  },
});

const robots: RobotsPolicy = {};
if (values['robots-disallow']) robots.disallow = values['robots-disallow'];
if (values['crawl-delay'] !== undefined) robots.crawlDelaySec = Number(values['crawl-delay']);

const web = await startLocalWeb({
  ...(values.seed !== undefined ? { seed: Number(values.seed) } : {}),
  ...(values.articles !== undefined ? { articlesPerSite: Number(values.articles) } : {}),
  robots,
  faulty: !values['no-faulty'],
});

if (values.json) {
  process.stdout.write(`${JSON.stringify({ sites: web.sites, faulty: web.faulty }, null, 2)}\n`);
} else {
  for (const site of web.sites) {
    process.stdout.write(`${site.name.padEnd(16)} ${site.style.padEnd(8)} ${site.homeUrl}  (${site.articleCount} articles, e.g. ${site.exampleArticleUrls[0] ?? '-'})\n`);
  }
  if (web.faulty) {
    process.stdout.write(`${'faulty'.padEnd(16)} ${'faults'.padEnd(8)} ${web.faulty.homeUrl}\n`);
    process.stdout.write(`${web.faulty.blocked.name.padEnd(16)} ${'robots'.padEnd(8)} ${web.faulty.blocked.homeUrl}  (robots.txt disallows everything)\n`);
  }
}
process.stderr.write('local web running; Ctrl-C to stop\n');

const stop = (): void => {
  void web.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
