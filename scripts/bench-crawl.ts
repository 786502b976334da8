/**
 * Crawl benchmark on the local web of synthetic news sites (src/testing/local-web/), with
 * rendering in Chromium:
 *
 * 1. Harvest rate (articles fetched ÷ pages fetched, articles by the site's truth) of the
 *    similarity policy against breadth-first, per site style, at each budget, from the home
 *    page. One crawl per (site, policy) runs to the largest budget; the harvest at a smaller
 *    budget is that of the crawl's first N pages (a crawl with budget N fetches exactly those).
 *    Also: trap pages fetched (calendar, day archive, search) and the extractor's agreement
 *    with the truth.
 * 2. URL-only article decision (`UrlArticleClassifier`) on every URL the similarity crawl
 *    discovered, against the truth: unsupervised (site context only) and with the crawl's
 *    extractor-confirmed articles as targets.
 * 3. Throughput: pages/s at concurrency 1, 2 and 4 (breadth-first, one site, per-site limit =
 *    concurrency, no delay).
 *
 *   npx tsx scripts/bench-crawl.ts [--budgets 100,300,1000] [--sites dated,section,dated:zh,...]
 *     [--concurrency 2] [--throughput-pages 60] [--no-throughput] [--out bench-crawl.json]
 *     [--policies similarity,bfs] [--alpha A] [--gallery-share 0.2] [--comment-pages] [--hard] [--ordered]
 *
 * A site is a style, or `style:language` (en, ru, zh, ja, ar: a site of that style written in
 * that language); the default is the five default sites and a Chinese, a Japanese and an Arabic
 * one. `--hard` is the hard form of the local web: 30 % galleries with the articles' URLs and a
 * comments page per article (as `--gallery-share 0.3 --comment-pages`). Harvest is also
 * reported per language.
 *
 * `--ordered` crawls with the crawler's `ordered` option: outcomes applied in the order of their
 * claims, so a run's figures do not depend on which render finished first, and harvest@100 of the
 * similarity crawl is the crawl gate's (test/browser/crawl-quality-gate.test.ts, same settings).
 *
 * `--policies` also takes `similarity-url-only`: the similarity policy without the links'
 * anchor and context words (src/frontier/link-evidence.ts), to measure what they bring.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { crawl } from '../src/crawl/crawler.js';
import { createPolicy, type PolicyName } from '../src/frontier/index.js';
import { RenderSession } from '../src/render/session.js';
import { createMemoryStore, type CrawlStore } from '../src/store/index.js';
import { startLocalWeb, LANGUAGES, SITE_STYLES, type Language, type LocalSiteInfo, type LocalWeb, type SiteStyle } from '../src/testing/local-web/index.js';
import { UrlArticleClassifier, vectorizeUrl } from '../src/url/index.js';

/** The sites in other languages than the default five's (en, ru), one per language. */
const DEFAULT_OTHER_LANGUAGES = ['dated:zh', 'section:ja', 'slash:ar'];

const { values } = parseArgs({
  options: {
    budgets: { type: 'string', default: '100,300,1000' },
    sites: { type: 'string', default: [...SITE_STYLES, ...DEFAULT_OTHER_LANGUAGES].join(',') },
    policies: { type: 'string', default: 'similarity,bfs' },
    concurrency: { type: 'string', default: '2' },
    'throughput-pages': { type: 'string', default: '60' },
    'no-throughput': { type: 'boolean', default: false },
    out: { type: 'string', default: 'bench-crawl.json' },
    /** α of the similarity policy (1 = URL similarity alone, 0 = template article rate alone). */
    alpha: { type: 'string' },
    /** A harder local web: share of story slots that are photo galleries with article-like URLs (not articles). */
    'gallery-share': { type: 'string' },
    /** A harder local web: every article has a comments page (not an article). */
    'comment-pages': { type: 'boolean', default: false },
    /** The hard form: --gallery-share 0.3 --comment-pages. */
    hard: { type: 'boolean', default: false },
    /** Apply pages in the order of their claims (the crawler's `ordered`): figures that repeat. */
    ordered: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  // The usage is this file's header comment.
  const source = readFileSync(new URL(import.meta.url), 'utf8');
  process.stdout.write(`${source.slice(source.indexOf('/**') + 3, source.indexOf('*/')).replace(/^ \* ?/gm, '').trim()}\n`);
  process.exit(0);
}

const budgets = values.budgets.split(',').map(Number).sort((a, b) => a - b);
const maxBudget = budgets[budgets.length - 1] ?? 100;
const siteSpecs = values.sites.split(',').map((spec) => {
  const [style, language] = spec.split(':') as [SiteStyle, Language | undefined];
  if (!SITE_STYLES.includes(style)) throw new Error(`--sites: unknown style ${style}`);
  if (language !== undefined && !LANGUAGES.includes(language)) throw new Error(`--sites: unknown language ${language} (${LANGUAGES.join(', ')})`);
  return { style, ...(language !== undefined ? { language } : {}) };
});
/** The policies compared; `similarity-url-only` is the similarity policy without link evidence. */
type BenchPolicy = PolicyName | 'similarity-url-only';
const policies = values.policies.split(',') as BenchPolicy[];
const concurrency = Number(values.concurrency);

interface HarvestRow {
  site: string;
  style: SiteStyle;
  language: Language;
  policy: BenchPolicy;
  budget: number;
  pages: number;
  articles: number;
  harvest: number;
  traps: number;
  extractorAgreement: number;
  seconds: number;
}

interface UrlDecisionRow {
  site: string;
  style: SiteStyle;
  urls: number;
  mode: 'unsupervised' | 'targets';
  precision: number;
  recall: number;
}

const TRAP_KINDS = new Set(['calendar', 'day', 'search']);

async function harvestRuns(web: LocalWeb, site: LocalSiteInfo, session: RenderSession): Promise<{ rows: HarvestRow[]; urlRows: UrlDecisionRow[] }> {
  const rows: HarvestRow[] = [];
  let urlRows: UrlDecisionRow[] = [];
  for (const policy of policies) {
    const store = createMemoryStore();
    const started = performance.now();
    const order: Array<{ url: string; isArticle: boolean; at: number }> = [];
    await crawl(
      {
        store,
        session,
        policy: createPolicy(policy === 'similarity-url-only' ? 'similarity' : policy, {
          ...(values.alpha !== undefined ? { alpha: Number(values.alpha) } : {}),
          ...(policy === 'similarity-url-only' ? { linkEvidence: false } : {}),
        }),
      },
      {
        seeds: [site.homeUrl],
        maxDepth: 50,
        maxPages: maxBudget,
        concurrency,
        ordered: values.ordered,
        userAgent: 'broadsheet-bench',
        politeness: { delayMs: 0, perSiteConcurrency: concurrency },
        renderOptions: { allowPrivateNetwork: true },
        onPage: (page) => {
          order.push({ url: page.url, isArticle: page.isArticle, at: performance.now() - started });
          if (order.length % 50 === 0) process.stderr.write(`  ${site.name} ${policy}: ${order.length} pages (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
        },
      },
    );
    for (const budget of budgets) {
      const prefix = order.slice(0, budget);
      const truth = prefix.map((p) => web.truth.isArticle(p.url));
      const articles = truth.filter(Boolean).length;
      rows.push({
        site: site.name,
        style: site.style,
        language: site.language,
        policy,
        budget,
        pages: prefix.length,
        articles,
        harvest: prefix.length > 0 ? articles / prefix.length : 0,
        traps: prefix.filter((p) => TRAP_KINDS.has(web.truth.classify(p.url)?.kind ?? '')).length,
        extractorAgreement: prefix.length > 0 ? prefix.filter((p, i) => p.isArticle === truth[i]).length / prefix.length : 0,
        seconds: (prefix[prefix.length - 1]?.at ?? 0) / 1000,
      });
    }
    if (policy === 'similarity') urlRows = urlDecisions(web, site, store);
    store.close();
  }
  return { rows, urlRows };
}

/** The URL classifier on every URL the crawl discovered, against the truth. */
function urlDecisions(web: LocalWeb, site: LocalSiteInfo, store: CrawlStore): UrlDecisionRow[] {
  const urls = new Set<string>();
  for (const link of store.internalLinks()) urls.add(link.url);
  for (const page of store.pages()) urls.add(page.url);
  const onSite = [...urls].filter((u) => web.truth.siteOf(u)?.name === site.name);
  const vectors = onSite.map((u) => vectorizeUrl(u));
  const truth = onSite.map((u) => web.truth.isArticle(u));
  const targets = [...store.articles()].map((a) => vectorizeUrl(a.url));
  const out: UrlDecisionRow[] = [];
  for (const mode of ['unsupervised', 'targets'] as const) {
    const classifier = new UrlArticleClassifier();
    for (const v of vectors) classifier.observe(v);
    if (mode === 'targets') for (const t of targets) classifier.addTarget(t);
    let tp = 0;
    let fp = 0;
    let fn = 0;
    vectors.forEach((v, i) => {
      const said = classifier.classify(v).isArticle;
      if (said && truth[i]) tp++;
      else if (said) fp++;
      else if (truth[i]) fn++;
    });
    out.push({ site: site.name, style: site.style, urls: onSite.length, mode, precision: tp + fp > 0 ? tp / (tp + fp) : 0, recall: tp + fn > 0 ? tp / (tp + fn) : 0 });
  }
  return out;
}

async function throughput(site: LocalSiteInfo, pages: number): Promise<Array<{ concurrency: number; pages: number; seconds: number; pagesPerSecond: number }>> {
  const out = [];
  for (const c of [1, 2, 4]) {
    const session = await RenderSession.launch({ concurrency: c, defaults: { allowPrivateNetwork: true } });
    const store = createMemoryStore();
    try {
      const started = performance.now();
      const summary = await crawl(
        { store, session, policy: createPolicy('bfs') },
        { seeds: [site.homeUrl], maxDepth: 50, maxPages: pages, concurrency: c, userAgent: 'broadsheet-bench', politeness: { delayMs: 0, perSiteConcurrency: c }, renderOptions: { allowPrivateNetwork: true } },
      );
      const seconds = (performance.now() - started) / 1000;
      out.push({ concurrency: c, pages: summary.progress.pagesThisRun, seconds, pagesPerSecond: summary.progress.pagesThisRun / seconds });
      process.stderr.write(`throughput c=${c}: ${(summary.progress.pagesThisRun / seconds).toFixed(2)} pages/s\n`);
    } finally {
      store.close();
      await session.close();
    }
  }
  return out;
}

const fmt = (x: number): string => x.toFixed(2);

async function main(): Promise<void> {
  const galleryShare = values['gallery-share'] !== undefined ? Number(values['gallery-share']) : values.hard ? 0.3 : 0;
  const commentPages = values['comment-pages'] || values.hard;
  const web = await startLocalWeb({ sites: siteSpecs.map((spec) => ({ ...spec, galleryShare, commentPages })), faulty: false });
  const session = await RenderSession.launch({ concurrency, defaults: { allowPrivateNetwork: true } });
  const harvest: HarvestRow[] = [];
  const urlDecision: UrlDecisionRow[] = [];
  let speed: Awaited<ReturnType<typeof throughput>> = [];
  try {
    for (const site of web.sites) {
      const { rows, urlRows } = await harvestRuns(web, site, session);
      harvest.push(...rows);
      urlDecision.push(...urlRows);
      for (const r of rows) process.stderr.write(`${r.site} (${r.language}) ${r.policy} @${r.budget}: harvest ${fmt(r.harvest)} traps ${r.traps} (${r.seconds.toFixed(0)} s)\n`);
      for (const r of urlRows) process.stderr.write(`${r.style} URL decision (${r.mode}, ${r.urls} URLs): P ${fmt(r.precision)} R ${fmt(r.recall)}\n`);
      // Partial results after every site, so a long run that is stopped still leaves its figures.
      writeFileSync(values.out, JSON.stringify({ budgets, concurrency, harvest, urlDecision, partial: true }, null, 2));
    }
    await session.close();
    const first = web.sites[0];
    if (!values['no-throughput'] && first !== undefined) speed = await throughput(first, Number(values['throughput-pages']));
  } finally {
    await session.close();
    await web.close();
  }

  const lines: string[] = [];
  lines.push(`## Harvest rate (articles ÷ pages, by the truth), concurrency ${concurrency}`, '');
  lines.push(`| site (style, language) | policy | ${budgets.map((b) => `@${b}`).join(' | ')} | traps @${maxBudget} | extractor = truth |`);
  lines.push(`|---|---|${budgets.map(() => '---').join('|')}|---|---|`);
  for (const site of web.sites) {
    for (const policy of policies) {
      const rs = harvest.filter((r) => r.site === site.name && r.policy === policy);
      const last = rs[rs.length - 1];
      lines.push(`| ${site.name} (${site.style}, ${site.language}) | ${policy} | ${rs.map((r) => fmt(r.harvest)).join(' | ')} | ${last?.traps ?? '-'} | ${last ? fmt(last.extractorAgreement) : '-'} |`);
    }
  }
  lines.push('', `## Harvest per language (mean over the language's sites)`, '');
  lines.push(`| language | policy | ${budgets.map((b) => `@${b}`).join(' | ')} |`, `|---|---|${budgets.map(() => '---').join('|')}|`);
  for (const language of LANGUAGES) {
    for (const policy of policies) {
      const cells = budgets.map((budget) => {
        const rs = harvest.filter((r) => r.language === language && r.policy === policy && r.budget === budget);
        return rs.length > 0 ? fmt(rs.reduce((sum, r) => sum + r.harvest, 0) / rs.length) : '';
      });
      if (cells.some((c) => c !== '')) lines.push(`| ${language} | ${policy} | ${cells.join(' | ')} |`);
    }
  }
  lines.push('', '## URL-only article decision on the URLs the similarity crawl discovered', '');
  lines.push('| site style | URLs | unsupervised P / R | with crawl targets P / R |', '|---|---|---|---|');
  for (const site of web.sites) {
    const u = urlDecision.find((r) => r.site === site.name && r.mode === 'unsupervised');
    const t = urlDecision.find((r) => r.site === site.name && r.mode === 'targets');
    if (u && t) lines.push(`| ${site.name} | ${u.urls} | ${fmt(u.precision)} / ${fmt(u.recall)} | ${fmt(t.precision)} / ${fmt(t.recall)} |`);
  }
  if (speed.length > 0) {
    lines.push('', '## Throughput (breadth-first, one site, rendering)', '', '| concurrency | pages | seconds | pages/s |', '|---|---|---|---|');
    for (const s of speed) lines.push(`| ${s.concurrency} | ${s.pages} | ${s.seconds.toFixed(1)} | ${fmt(s.pagesPerSecond)} |`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  writeFileSync(values.out, JSON.stringify({ budgets, concurrency, harvest, urlDecision, throughput: speed }, null, 2));
}

await main();
