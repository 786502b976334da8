/**
 * The crawler's per-site cluster models (`crawl --site-models`, issue 10), kept apart from the
 * crawl loop: the loop calls `extract`, `learn` for article pages, and `save` with its other
 * state. Models live in the store's model table under `cluster-site:<site>` (and
 * `cluster-site:` for the global one), so SQLite and PostgreSQL keep them alike and a resumed
 * crawl consults the models where the killed one left them: what was learnt up to the last
 * save (every `saveStateEvery` pages and at the end).
 */
import { describeError } from '../errors.js';
import { parseSiteModel, serializeSiteModel, SiteModels } from '../cluster/index.js';
import { extractForSite, learnSiteBody, siteExtractParams } from '../extract/site-learning.js';
import type { ExtractParams, SnapshotExtraction } from '../extract/from-snapshot.js';
import type { NodeFeatures } from '../cluster/index.js';
import type { CrawlStore } from '../store/types.js';
import type { LayoutSnapshot } from '../types.js';

/** Name of a site's model in the store ('' = the global model). */
export const SITE_MODEL_PREFIX = 'cluster-site:';

export class SiteModelHook {
  private constructor(private readonly models: SiteModels) {}

  /** Models of the crawl's sites as the store holds them; a stored model that cannot be read is dropped (and relearnt) with a warning. */
  static open(store: Pick<CrawlStore, 'loadModel'>, sites: readonly string[], warn: (message: string) => void = (m) => process.stderr.write(`broadsheet: ${m}\n`)): SiteModelHook {
    const models = new SiteModels();
    for (const site of ['', ...sites]) {
      const json = store.loadModel(SITE_MODEL_PREFIX + site);
      if (json === undefined) continue;
      try {
        models.load(site, parseSiteModel(json));
      } catch (error) {
        warn(`stored site model ${SITE_MODEL_PREFIX}${site} cannot be read (${describeError(error).message}); learning it again`);
      }
    }
    return new SiteModelHook(models);
  }

  extract(snapshot: LayoutSnapshot, site: string): SnapshotExtraction {
    return extractForSite(snapshot, site, this.models);
  }

  /** The extraction parameters for a page of `site` (its model once stable), plain data for a page-work thread. */
  paramsFor(site: string): Partial<ExtractParams> {
    return siteExtractParams(site, this.models);
  }

  /** Feeds a confident body's features (page-work's `learnSample`) to the site's model. */
  learnFeatures(features: NodeFeatures, site: string): void {
    this.models.learn(site, features);
  }

  learn(snapshot: LayoutSnapshot, extraction: SnapshotExtraction | { kind: 'none' }, site: string): void {
    if (extraction.kind !== 'article') return;
    learnSiteBody(snapshot, extraction, site, this.models);
  }

  /** Writes the models changed since the last save. A store that keeps another worker's copy (PostgreSQL) refuses; that copy is taken instead. */
  save(store: Pick<CrawlStore, 'saveModel' | 'loadModel'>): void {
    for (const name of this.models.takeDirty()) {
      const state = this.models.stateOf(name);
      if (state === undefined) continue;
      if (store.saveModel(SITE_MODEL_PREFIX + name, serializeSiteModel(state)) === false) {
        const shared = store.loadModel(SITE_MODEL_PREFIX + name);
        if (shared !== undefined) this.models.load(name, parseSiteModel(shared));
      }
    }
  }

  /** The models, for reports and tests. */
  get state(): SiteModels {
    return this.models;
  }
}
