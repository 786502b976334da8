/**
 * Per-site learning during a crawl (issue 10): extraction consults the site's cluster model
 * once it is stable, and every article page's body is fed back to it. Pure: the crawler owns
 * the `SiteModels` and saves them; this module only applies and feeds them.
 *
 *   page of site s ─▶ extract (+ s's model when stable: veto cascade) ─▶ article?
 *                                                         └─▶ confident body ─▶ learn(s)
 */
import type { LayoutSnapshot } from '../types.js';
import type { LearnEvent, SiteModels } from '../cluster/index.js';
import { buildLayoutTree } from '../segment/tree.js';
import { extractFromSnapshot, type ExtractParams, type SnapshotExtraction } from './from-snapshot.js';
import { confidentVisualSample, DEFAULT_SITE_PRIOR } from './model-stage.js';

/** The page's extraction, with the site's model when that model is stable. */
export function extractForSite(snapshot: LayoutSnapshot, site: string, models: SiteModels | null): SnapshotExtraction {
  return extractFromSnapshot(snapshot, siteExtractParams(site, models));
}

/** The parameters `extractForSite` uses: the site's model when it is stable, else none. */
export function siteExtractParams(site: string, models: SiteModels | null): Partial<ExtractParams> {
  const model = models?.consult(site);
  return model ? { model, modelStage: { sitePrior: DEFAULT_SITE_PRIOR } } : {};
}

/**
 * Feeds the body the page ended with (after the model stage, so a vetoed pick is not learnt)
 * to the site's model when it is a confident sample (model-stage.ts `confidentVisualSample`).
 */
export function learnSiteBody(
  snapshot: LayoutSnapshot,
  extraction: SnapshotExtraction,
  site: string,
  models: SiteModels,
): { learnt: LearnEvent } | { skipped: string } {
  const sample = confidentVisualSample(buildLayoutTree(snapshot), extraction);
  if (sample.kind === 'none') return { skipped: sample.reason };
  return { learnt: models.learn(site, sample.features) };
}
