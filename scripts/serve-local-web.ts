/**
 * Serves the local web of synthetic news sites (src/testing/local-web/) on 127.0.0.1.
 *
 *   npx tsx scripts/serve-local-web.ts [options]
 *     --seed N                 seed of every page (default 1)
 *     --articles N             articles per site (default 2000)
 *     --sites dated,query,…    which site styles (default all five)
 *     --robots-disallow PATH   robots.txt Disallow for the news sites (repeatable)
 *     --crawl-delay S          robots.txt Crawl-delay for the news sites
 *     --no-faulty              leave out the faulty site and the robots-blocked site
 *     --json                   print sites and faulty site as one JSON object on stdout
 *     --exec CMD               run CMD in a shell with the sites up, then stop; the command sees
 *                              LOCAL_WEB_HOMES (space-separated home URLs of the news sites) and
 *                              LOCAL_WEB_JSON (the --json object); exits with CMD's status
 *
 * Without --exec it runs until interrupted (Ctrl-C), for manual browsing.
 */
import { answerHelp } from './help.js';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { SITE_STYLES, startLocalWeb, type RobotsPolicy, type SiteStyle } from '../src/testing/local-web/index.js';

answerHelp(import.meta.url);

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    articles: { type: 'string' },
    sites: { type: 'string' },
    'robots-disallow': { type: 'string', multiple: true },
    'crawl-delay': { type: 'string' },
    'no-faulty': { type: 'boolean' },
    json: { type: 'boolean' },
    exec: { type: 'string' },
  },
});

const robots: RobotsPolicy = {};
if (values['robots-disallow']) robots.disallow = values['robots-disallow'];
if (values['crawl-delay'] !== undefined) robots.crawlDelaySec = Number(values['crawl-delay']);
const styles = values.sites?.split(',').map((s) => s.trim());
const unknown = styles?.filter((s) => !(SITE_STYLES as readonly string[]).includes(s)) ?? [];
if (unknown.length > 0) {
  process.stderr.write(`unknown site style(s): ${unknown.join(', ')} (known: ${SITE_STYLES.join(', ')})\n`);
  process.exit(2);
}

const web = await startLocalWeb({
  ...(values.seed !== undefined ? { seed: Number(values.seed) } : {}),
  ...(values.articles !== undefined ? { articlesPerSite: Number(values.articles) } : {}),
  ...(styles ? { sites: styles as SiteStyle[] } : {}),
  robots,
  faulty: !values['no-faulty'],
});
const json = JSON.stringify({ sites: web.sites, faulty: web.faulty }, null, 2);

if (values.json) {
  process.stdout.write(`${json}\n`);
} else {
  for (const site of web.sites) {
    process.stdout.write(`${site.name.padEnd(16)} ${site.style.padEnd(8)} ${site.homeUrl}  (${site.articleCount} articles, e.g. ${site.exampleArticleUrls[0] ?? '-'})\n`);
  }
  if (web.faulty) {
    process.stdout.write(`${'faulty'.padEnd(16)} ${'faults'.padEnd(8)} ${web.faulty.homeUrl}\n`);
    process.stdout.write(`${web.faulty.blocked.name.padEnd(16)} ${'robots'.padEnd(8)} ${web.faulty.blocked.homeUrl}  (robots.txt disallows everything)\n`);
  }
}

if (values.exec !== undefined) {
  const child = spawn(values.exec, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, LOCAL_WEB_HOMES: web.sites.map((s) => s.homeUrl).join(' '), LOCAL_WEB_JSON: json },
  });
  const forward = (signal: NodeJS.Signals): void => void child.kill(signal);
  process.once('SIGINT', forward);
  process.once('SIGTERM', forward);
  const code = await new Promise<number>((resolve) => child.once('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
  await web.close();
  process.exit(code);
} else {
  process.stderr.write('local web running; Ctrl-C to stop\n');
  const stop = (): void => void web.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
