/**
 * The cluster model's benchmarks (issue 10), `npm run bench:model -- [site] [cost]`.
 *
 * site — per-site learning on the local web: the article pages of a plain site and of a
 *   misleading one (`inlineComments`: a readers' thread longer than the body, in markup that
 *   does not name it) are rendered in order and replayed through exactly what the crawler
 *   does with `--site-models` (extractForSite, then learnSiteBody). Each page is scored
 *   against the site's truth with and without the site model; the report gives F1 over the
 *   pages after the model became stable, and how many pages that took.
 *     --pages N (60 per site)  --share S (0.3, inline threads on the misleading site)
 *
 * crawl — the misleading site crawled twice by the real crawler (similarity policy, memory
 *   store), with and without `siteModels`; stored article texts against the truth.
 *     --max-pages N (150)
 *
 * cost — 10,000 pages streamed: the cached AEB snapshots (out/snapshots/aeb) in a
 *   loop; per page the candidates are featurised, assigned (pickBody) and the page's body is
 *   added to a growing model (addSample). Reports ms per page for each step and the model's
 *   size as JSON.
 *     --stream N (10000)
 */
import { answerHelp } from './help.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { pageScores, TOKENIZERS } from '../src/bench/metrics.js';
import { DEFAULT_SNAPSHOT_CACHE_DIR } from '../src/bench/snapshot-cache.js';
import { addSample, createModel, pickBody, serializeModel, SiteModels, type NodeFeatures } from '../src/cluster/index.js';
import { candidateNodes, treeAncestry } from '../src/cluster/node-features.js';
import { extractFromSnapshot } from '../src/extract/from-snapshot.js';
import { confidentVisualSample } from '../src/extract/model-stage.js';
import { extractForSite, learnSiteBody } from '../src/extract/site-learning.js';
import { crawl } from '../src/crawl/crawler.js';
import { createPolicy } from '../src/frontier/index.js';
import { createMemoryStore } from '../src/store/index.js';
import { RenderSession } from '../src/render/session.js';
import { buildLayoutTree } from '../src/segment/tree.js';
import { startLocalWeb } from '../src/testing/local-web/index.js';
import type { LayoutSnapshot } from '../src/types.js';

answerHelp(import.meta.url);

const args = process.argv.slice(2);
const opt = (name: string, fallback: number): number => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const parts = args.filter((a) => a === 'site' || a === 'cost' || a === 'crawl');
const run = new Set(parts.length > 0 ? parts : ['site', 'crawl', 'cost']);

if (run.has('site')) await siteBench(opt('--pages', 60), opt('--share', 0.3));
if (run.has('crawl')) await crawlBench(opt('--max-pages', 150), opt('--share', 0.3));
if (run.has('cost')) await costBench(opt('--stream', 10_000));

/**
 * The same crawl of the misleading site twice, with and without `siteModels`, through the real
 * crawler into memory stores; the stored article texts are scored against the truth in fetch
 * order. The crawl order is the same both times only up to concurrency, so pages are matched by
 * URL and only pages both crawls stored count.
 */
async function crawlBench(maxPages: number, share: number): Promise<void> {
  const web = await startLocalWeb({ seed: 1, articlesPerSite: 2000, faulty: false, sites: [{ style: 'section', name: 'talkative', inlineComments: share }] });
  const session = await RenderSession.launch({ concurrency: 2 });
  const tokenizer = TOKENIZERS.multilingual;
  try {
    const texts = async (siteModels: boolean): Promise<Map<string, { order: number; text: string }>> => {
      const store = createMemoryStore();
      await crawl(
        { store, session, policy: createPolicy('similarity') },
        { seeds: [web.sites[0]!.homeUrl], maxDepth: 20, maxPages, concurrency: 2, userAgent: 'broadsheet-bench', politeness: { delayMs: 0, perSiteConcurrency: 2 }, renderOptions: { allowPrivateNetwork: true }, siteModels },
      );
      const out = new Map<string, { order: number; text: string }>();
      for (const a of store.articles()) out.set(a.url, { order: a.fetchOrder, text: a.text });
      return out;
    };
    const without = await texts(false);
    const withModels = await texts(true);
    const rows = [...withModels.entries()]
      .filter(([url]) => without.has(url) && web.truth.articleBody(url) !== undefined)
      .sort((a, b) => a[1].order - b[1].order)
      .map(([url, w], i) => {
        const truth = web.truth.articleBody(url)!;
        return { i, thread: web.truth.hasInlineComments(url), without: pageScores(without.get(url)!.text, truth, { tokenizer }).f1, with: pageScores(w.text, truth, { tokenizer }).f1 };
      });
    const mean = (xs: number[]): string => (xs.length > 0 ? (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(3) : '–');
    console.log(`crawl of the misleading site (${Math.round(share * 100)} % inline threads), ${maxPages} pages, similarity policy, with and without --site-models: ${rows.length} articles stored by both`);
    for (let b = 0; b < rows.length; b += 25) {
      const block = rows.slice(b, b + 25);
      const threads = block.filter((r) => r.thread);
      console.log(`  articles ${b + 1}–${b + block.length}: F1 ${mean(block.map((r) => r.without))} → ${mean(block.map((r) => r.with))}; thread pages (${threads.length}) ${mean(threads.map((r) => r.without))} → ${mean(threads.map((r) => r.with))}; better ${block.filter((r) => r.with > r.without + 1e-9).length}, worse ${block.filter((r) => r.with < r.without - 1e-9).length}`);
    }
    console.log(`  all: F1 ${mean(rows.map((r) => r.without))} → ${mean(rows.map((r) => r.with))}`);
  } finally {
    await session.close();
    await web.close();
  }
}

async function siteBench(pagesPerSite: number, share: number): Promise<void> {
  const web = await startLocalWeb({
    seed: 1,
    articlesPerSite: Math.max(200, pagesPerSite),
    faulty: false,
    sites: ['dated', { style: 'section', name: 'talkative', inlineComments: share }],
  });
  const session = await RenderSession.launch({ concurrency: 2 });
  const tokenizer = TOKENIZERS.multilingual;
  try {
    console.log(`per-site learning: ${pagesPerSite} article pages per site, in order; misleading site: ${Math.round(share * 100)} % of pages with an inline thread`);
    console.log('| site | pages | stable after page | later pages | F1 without | F1 with site model | gain | pages changed (better / worse) | F1 on thread pages without → with |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const site of web.sites) {
      const urls = web.truth.articleUrls(site.name).slice(0, pagesPerSite);
      const snapshots = await Promise.all(
        urls.map((url) => session.render({ kind: 'url', url, label: url }, async (r) => r.snapshot, { allowPrivateNetwork: true })),
      );
      const models = new SiteModels();
      let stableAt: number | null = null;
      const rows: Array<{ without: number; with: number; thread: boolean; stable: boolean }> = [];
      snapshots.forEach((snapshot: LayoutSnapshot, i) => {
        const truth = web.truth.articleBody(urls[i]!)!;
        const stable = models.consult(site.name) !== undefined;
        if (stable && stableAt === null) stableAt = i + 1;
        const plain = extractFromSnapshot(snapshot);
        const learnt = extractForSite(snapshot, site.name, models);
        learnSiteBody(snapshot, learnt, site.name, models);
        const f1 = (e: typeof plain): number => pageScores(e.kind === 'article' ? e.article.text : '', truth, { tokenizer }).f1;
        rows.push({ without: f1(plain), with: f1(learnt), thread: web.truth.hasInlineComments(urls[i]!), stable });
      });
      const later = rows.filter((r) => r.stable);
      const mean = (xs: number[]): number => (xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);
      const threads = later.filter((r) => r.thread);
      const better = later.filter((r) => r.with > r.without + 1e-9).length;
      const worse = later.filter((r) => r.with < r.without - 1e-9).length;
      const w = mean(later.map((r) => r.without));
      const m = mean(later.map((r) => r.with));
      console.log(
        `| ${site.name} | ${rows.length} | ${stableAt ?? 'never'} | ${later.length} | ${w.toFixed(3)} | ${m.toFixed(3)} | ${(m - w).toFixed(3)} | ${better} / ${worse} | ${threads.length > 0 ? `${mean(threads.map((r) => r.without)).toFixed(3)} → ${mean(threads.map((r) => r.with)).toFixed(3)} (${threads.length})` : '–'} |`,
      );
      // The learning curve: F1 without → with, per block of 20 pages in crawl order.
      const blocks: string[] = [];
      for (let b = 0; b < rows.length; b += 20) {
        const block = rows.slice(b, b + 20);
        blocks.push(`${b + 1}–${b + block.length}: ${mean(block.map((r) => r.without)).toFixed(3)} → ${mean(block.map((r) => r.with)).toFixed(3)}`);
      }
      console.log(`  ${site.name}: by pages ${blocks.join('; ')}`);
      const firstHelp = rows.findIndex((r) => r.with > r.without + 1e-9);
      const state = models.state(site.name);
      console.log(`  ${site.name}: first page the model improved: ${firstHelp >= 0 ? firstHelp + 1 : 'none'}; model k ${state?.model?.clusters.length ?? '–'}, sizes ${state?.model?.clusters.map((c) => c.size).join('/') ?? '–'}, re-clusters ${state?.model?.stats.reclusterCount ?? '–'}`);
    }
  } finally {
    await session.close();
    await web.close();
  }
}

async function costBench(stream: number): Promise<void> {
  // Whatever snapshots the cache holds, whichever build wrote them (its key hashes the collector's
  // compiled source, which differs between tsx and tsc): cost does not depend on the collector.
  const dir = join(DEFAULT_SNAPSHOT_CACHE_DIR, 'aeb');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json.gz')) : [];
  const snapshots: LayoutSnapshot[] = [];
  for (const file of files) {
    const entry = JSON.parse(gunzipSync(readFileSync(join(dir, file))).toString('utf8')) as { snapshot?: LayoutSnapshot };
    if (entry.snapshot) snapshots.push(entry.snapshot);
  }
  if (snapshots.length === 0) throw new Error(`no snapshots in ${dir}: run \`broadsheet model eval --from ../shared/data/aeb --snapshot-cache …\` or scripts/cache-snapshots.ts first`);
  // Each snapshot's body sample once (the visual pick), so the loop times the model, not extraction.
  const bodies: NodeFeatures[] = [];
  let extractMs = 0;
  for (const s of snapshots) {
    const t = performance.now();
    const visual = extractFromSnapshot(s);
    extractMs += performance.now() - t;
    const pick = confidentVisualSample(buildLayoutTree(s), visual);
    if (pick.kind === 'sample') bodies.push(pick.features);
  }
  const created = createModel(bodies.slice(0, 20));
  if (created.kind !== 'model') throw new Error(created.reason);
  let model = created.model;
  let treeMs = 0;
  let featuriseMs = 0;
  let assignMs = 0;
  let learnMs = 0;
  let candidates = 0;
  for (let i = 0; i < stream; i++) {
    const snapshot = snapshots[i % snapshots.length]!;
    const t0 = performance.now();
    const tree = buildLayoutTree(snapshot);
    const t1 = performance.now();
    const nodes = candidateNodes(tree);
    const t2 = performance.now();
    pickBody(nodes, model, treeAncestry(tree));
    const t3 = performance.now();
    model = addSample(model, bodies[i % bodies.length]!).model;
    const t4 = performance.now();
    treeMs += t1 - t0;
    featuriseMs += t2 - t1;
    assignMs += t3 - t2;
    learnMs += t4 - t3;
    candidates += nodes.length;
  }
  const size = Buffer.byteLength(serializeModel(model));
  const per = (ms: number): string => (ms / stream).toFixed(3);
  console.log(`cost over ${stream} pages streamed (${snapshots.length} cached AEB snapshots in a loop, ${(candidates / stream).toFixed(0)} candidates per page):`);
  console.log(`  for scale, in the same run: the visual extraction alone takes ${(extractMs / snapshots.length).toFixed(3)} ms/page on these snapshots`);
  console.log(`  layout tree ${per(treeMs)} ms/page (shared with extraction); featurise ${per(featuriseMs)} ms/page; assign + pick ${per(assignMs)} ms/page; addSample ${per(learnMs)} ms/page`);
  console.log(`  model after ${model.stats.samplesSeen} samples: k ${model.clusters.length}, retained ${model.samples.length}, ${model.stats.reclusterCount} re-clusters, ${(size / 1024).toFixed(1)} KiB as JSON`);
  // The site models of a crawl: one per site, each capped the same way.
  const site = new SiteModels();
  for (let i = 0; i < stream; i++) site.learn(`site-${i % 50}`, bodies[i % bodies.length]!);
  const siteBytes = site.siteNames().reduce((n, name) => n + Buffer.byteLength(JSON.stringify(site.state(name))), 0);
  console.log(`  50 site models fed ${stream} bodies in all: ${(siteBytes / 1024).toFixed(1)} KiB in all`);
}
