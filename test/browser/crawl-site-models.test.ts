import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crawl, type CrawlOptions } from '../../src/crawl/crawler.js';
import { SITE_MODEL_PREFIX } from '../../src/crawl/site-model-hook.js';
import { parseSiteModel } from '../../src/cluster/index.js';
import { createPolicy } from '../../src/frontier/index.js';
import { createMemoryStore, openSqliteStore } from '../../src/store/index.js';
import { startLocalWeb, type LocalWeb } from '../../src/testing/local-web/index.js';
import { test, expect } from './fixtures.js';

/**
 * `crawl --site-models` on the local web: the site's model is learnt from the article pages,
 * kept in the store, and a resumed crawl goes on from it. The F1 gain is measured by
 * `npm run bench:model crawl` (too slow for a test).
 */

test.describe.configure({ timeout: 300_000 });

let web: LocalWeb;
test.beforeAll(async () => {
  web = await startLocalWeb({ sites: [{ style: 'section', name: 'talkative', inlineComments: 0.3 }], articlesPerSite: 500, faulty: false });
});
test.afterAll(async () => {
  await web.close();
});

function options(maxPages: number, siteModels: boolean): CrawlOptions {
  return {
    seeds: [web.sites[0]!.homeUrl],
    maxDepth: 20,
    maxPages,
    concurrency: 2,
    userAgent: 'broadsheet-test',
    politeness: { delayMs: 0, perSiteConcurrency: 2 },
    renderOptions: { allowPrivateNetwork: true },
    saveStateEvery: 5,
    siteModels,
  };
}

test('site models are learnt from article pages, saved in the store and taken up again on resume', async ({ session }) => {
  const dir = mkdtempSync(join(tmpdir(), 'broadsheet-site-models-'));
  try {
    const path = join(dir, 'crawl.db');
    let store = openSqliteStore(path);
    await crawl({ store, session, policy: createPolicy('similarity') }, options(20, true));
    const site = [...store.pages()][0]!.site;
    const articles = [...store.articles()].length;
    const first = parseSiteModel(store.loadModel(SITE_MODEL_PREFIX + site)!);
    // Every article page with a confident body is a sample (a few briefs are not).
    expect(first.samplesSeen).toBeGreaterThan(articles / 2);
    expect(first.samplesSeen).toBeLessThanOrEqual(articles);
    expect(parseSiteModel(store.loadModel(SITE_MODEL_PREFIX)!).samplesSeen, 'the global model saw the same bodies').toBe(first.samplesSeen);
    store.close();

    store = openSqliteStore(path);
    await crawl({ store, session, policy: createPolicy('similarity') }, options(40, true));
    const resumed = parseSiteModel(store.loadModel(SITE_MODEL_PREFIX + site)!);
    const articlesAfter = [...store.articles()].length;
    expect(articlesAfter).toBeGreaterThan(articles);
    // The resumed crawl went on from the saved model: it counts the first run's bodies too.
    expect(resumed.samplesSeen).toBeGreaterThan(first.samplesSeen);
    expect(resumed.samplesSeen).toBeLessThanOrEqual(articlesAfter);
    expect(resumed.model, `${resumed.samplesSeen} bodies are enough to cluster`).not.toBeNull();
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without --site-models nothing is learnt or stored', async ({ session }) => {
  const store = createMemoryStore();
  await crawl({ store, session, policy: createPolicy('similarity') }, options(8, false));
  const site = [...store.pages()][0]!.site;
  expect(store.loadModel(SITE_MODEL_PREFIX + site)).toBeUndefined();
  expect(store.loadModel(SITE_MODEL_PREFIX)).toBeUndefined();
});
