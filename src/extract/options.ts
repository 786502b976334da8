/**
 * Extraction options: validated and defaulted once, at the boundary (STYLE habit 7), then
 * trusted by every stage.
 */
import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { DEFAULT_CONCURRENCY } from '../render/session.js';
import { CONSENT_MODES } from '../render/live/prepare.js';

export const extractOptionsSchema = z.object({
  /** Pages rendered at once (browser contexts in parallel); one per core by default. */
  concurrency: z.number().int().min(1).max(32).default(DEFAULT_CONCURRENCY),
  /** Run the page's own JavaScript. Off by default for saved pages; live URLs run it unless this is false. */
  javaScript: z.boolean().optional(),
  navigationTimeoutMs: z.number().int().min(100).max(600_000).default(30_000),
  /** Limit for the in-page snapshot (a page whose script loops forever ends here). */
  snapshotTimeoutMs: z.number().int().min(100).max(600_000).default(15_000),
  /** Pages with more elements than this are refused (a DOM of a million nodes). */
  maxElements: z.number().int().min(100).default(200_000),
  /**
   * The page budget (page-budget.ts): a snapshot with more nodes, or more characters of text,
   * is cut down (subtrees far from the body emptied, the longest texts shortened) instead of
   * costing without bound; what was cut is in the result's `cuts`.
   */
  maxNodes: z.number().int().min(1_000).default(60_000),
  maxTextChars: z.number().int().min(10_000).default(1_000_000),
  /**
   * Everything done for one page (src/render/options.ts `timeBudgetMs`): preparation, load,
   * snapshot and Node's extraction; what one render of a saved page could not finish within it
   * is cut before rendering (src/markup/budget-cuts.ts, cut kind 'time'). Absent: 10 s for saved
   * pages, 30 s for live ones. 0: none.
   */
  timeBudgetMs: z.number().int().min(0).max(600_000).optional(),
  /** Saved files larger than this are refused before reading. */
  maxBytes: z.number().int().min(1).default(25 * 1024 * 1024),
  /** Resource types to block on live URLs (image, media, font, stylesheet, …). */
  blockResources: z.array(z.string()).default([]),
  /**
   * Give `none` for pages the page-type decision does not judge articles (listings, product
   * pages, forums…) instead of their best body. Off: every page with text gets a body and its
   * `pageType`.
   */
  articlesOnly: z.boolean().default(false),
  /**
   * Readers' comments (and a thread's replies) also in the text, HTML and Markdown, after the
   * body under a "Comments" heading. Off: they are only in the record's `comments` field.
   */
  includeComments: z.boolean().default(false),
  /** Serve a WARC page's archived stylesheets, images and fonts when rendering it (the real layout). */
  replay: z.boolean().default(true),
  /** Keep the visual units, scores and decisions in each result. */
  explain: z.boolean().default(false),
  /**
   * Write a screenshot with the visual units drawn on it, coloured by score, the body outlined.
   * With several inputs, the input's name is added to the file name.
   */
  screenshotPath: z.string().optional(),
  userAgent: z.string().optional(),
  /** Live URLs: let pages reach loopback, private and link-local addresses (the fetch guard refuses them by default). */
  allowPrivateNetwork: z.boolean().default(false),
  /** Live URLs: host names answered without DNS, name → address (a local test web serving third-party hosts). */
  hostAddresses: z.record(z.string().min(1), z.ipv4().or(z.ipv6())).optional(),
  /** Live pages with scripts: the settle budget (ms) after `load` (src/render/live/settle.ts). */
  settleMs: z.number().int().min(0).max(600_000).optional(),
  /** Live pages with scripts: the scroll budget (ms) for lazy content; 0 turns scrolling off. */
  scrollMs: z.number().int().min(0).max(600_000).optional(),
  /** Live pages with scripts: consent dialogs (`auto` rejects where the article stays readable, accepts on a consent wall). */
  consent: z.enum(CONSENT_MODES).optional(),
  /** Live pages: refuse ads and trackers (EasyList and EasyPrivacy from Debian's uBlock Origin package). Default true. */
  blockAds: z.boolean().optional(),
  viewport: z.object({ width: z.number().int().min(200), height: z.number().int().min(200) }).default({ width: 1280, height: 900 }),
});

export type ExtractOptions = z.output<typeof extractOptionsSchema>;
export type ExtractOptionsInput = z.input<typeof extractOptionsSchema>;

export function resolveExtractOptions(input: ExtractOptionsInput = {}): ExtractOptions {
  const parsed = extractOptionsSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid extract options: ${problems}`);
  }
  return parsed.data;
}
