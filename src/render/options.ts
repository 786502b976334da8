/**
 * Render options: validated and defaulted once, here, then trusted (STYLE habit 7).
 */
import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { BLOCKABLE_RESOURCE_TYPES } from './request-policy.js';
import { CONSENT_MODES, DEFAULT_LIVE_OPTIONS, type ConsentMode } from './live/prepare.js';

/** How one page is rendered. */
export interface RenderOptions {
  /** Run the page's scripts. Default: false for saved HTML (what was saved is what is shown), true for URLs. */
  javaScript: boolean;
  /** Navigation until `load` (saved pages) or `domcontentloaded` (URLs). */
  navigationTimeoutMs: number;
  /** The layout snapshot's evaluate; a page stuck in a script never answers it. */
  snapshotTimeoutMs: number;
  /** Pages with more elements than this are refused ('render-dom-too-large'). */
  maxElements: number;
  /** Resource types to refuse for live URLs (`image`, `media`, `font`, `stylesheet`, …). */
  blockResources: string[];
  viewport: { width: number; height: number };
  userAgent?: string;
  /**
   * Live pages: let the page and its subresources reach loopback, private and link-local
   * addresses (refused by default: the fetch guard, src/render/live-guard.ts). The local test
   * web on 127.0.0.1 needs it.
   */
  allowPrivateNetwork: boolean;
  /** Live pages: private addresses that may be reached although `allowPrivateNetwork` is off. */
  allowedAddresses: string[];
  /** Live pages: host names answered without DNS, name → address (a local test web; see `AddressPolicy.hostAddresses`). */
  hostAddresses: Record<string, string>;
  /** Live pages: the largest decoded response (document or subresource) fetched, in bytes. */
  maxResponseBytes: number;
  /**
   * Everything done for one page (0: no budget, only each step's timeout); its default depends
   * on the page's kind (`timeBudgetMs` and `liveTimeBudgetMs` below). A saved page: markup
   * preparation, load and snapshot, then Node's extraction (src/page-work/); what one render
   * could not finish within it is cut before rendering (src/markup/budget-cuts.ts) and a page
   * still past it fails with its timeout. A live page: the guarded fetch, navigation, the wait
   * for `load`, the live steps and the snapshot together, then extraction; past it, 'render-timeout'.
   */
  timeBudgetMs: number;
  /**
   * Live pages with scripts (and saved pages run with scripts): how long the page may keep changing after `load` before it is read
   * as it is (src/render/live/settle.ts); 0 reads it at once.
   */
  settleMs: number;
  /** Live and saved pages with scripts: the budget of scrolling through for lazy content; 0 turns it off. */
  scrollMs: number;
  /** Live and saved pages with scripts: what is done with a consent dialog (src/render/live/prepare.ts). */
  consent: ConsentMode;
  /** Live pages: refuse ads and trackers (EasyList, EasyPrivacy; src/render/live/adblock.ts). */
  blockAds: boolean;
}

export const DEFAULT_RENDER_OPTIONS = {
  /** Generous for slow news sites; a saved page with every subresource refused loads in well under 1 s. */
  navigationTimeoutMs: 30_000,
  /**
   * Measured on the (loaded) 2-core dev machine: 0.8 s for an 8k-element page, 4 s for 60k
   * elements (collection ~1.5 s, moving 26 MB of JSON out of the page ~1 s). Real news pages
   * have 1k–20k elements, so 15 s leaves room; near `maxElements` it may not (raise both together).
   */
  snapshotTimeoutMs: 15_000,
  /** Real news pages have 1k–20k elements; 200k is far past any article page, and bounds memory. */
  maxElements: 200_000,
  /** A common laptop size: wide enough for desktop layouts (sidebars beside the article). */
  viewport: { width: 1280, height: 900 },
  /**
   * How long, after `domcontentloaded`, a live page may take to reach `load` before it is
   * snapshotted anyway (ads and trackers can keep `load` away for a long time).
   */
  liveLoadGraceMs: 10_000,
  /** The largest news pages weigh 2–5 MB of HTML, hero images a few MB; 16 MiB bounds memory. */
  maxResponseBytes: 16 * 1024 * 1024,
  /**
   * Real news pages load and snapshot in 0.2–2 s on the loaded 2-core dev machine (AEB: p99
   * ~2 s); 10 s is past any of them and bounds what a hostile page costs before it is cut down.
   */
  timeBudgetMs: 10_000,
  /**
   * Live pages: the navigation timeout's 30 s becomes the whole page's (fetch, navigation, the
   * wait for `load`, snapshot). Before, each step had its own limit and one page could hold a
   * crawl slot for 30 + 30 + 10 + 15 s; real news pages load and snapshot in 2–10 s.
   */
  liveTimeBudgetMs: 30_000,
} as const;

const positiveInt = z.number().int().positive();

const renderOptionsSchema = z
  .object({
    javaScript: z.boolean().optional(),
    navigationTimeoutMs: positiveInt.default(DEFAULT_RENDER_OPTIONS.navigationTimeoutMs),
    snapshotTimeoutMs: positiveInt.default(DEFAULT_RENDER_OPTIONS.snapshotTimeoutMs),
    maxElements: positiveInt.default(DEFAULT_RENDER_OPTIONS.maxElements),
    blockResources: z
      .array(z.enum(BLOCKABLE_RESOURCE_TYPES as [string, ...string[]]))
      .default([]),
    viewport: z
      .object({ width: positiveInt.max(10_000), height: positiveInt.max(10_000) })
      .default({ ...DEFAULT_RENDER_OPTIONS.viewport }),
    userAgent: z.string().min(1).optional(),
    allowPrivateNetwork: z.boolean().default(false),
    allowedAddresses: z.array(z.ipv4().or(z.ipv6())).default([]),
    hostAddresses: z.record(z.string().min(1), z.ipv4().or(z.ipv6())).default({}),
    maxResponseBytes: positiveInt.default(DEFAULT_RENDER_OPTIONS.maxResponseBytes),
    timeBudgetMs: z.number().int().min(0).optional(),
    settleMs: z.number().int().min(0).max(600_000).default(DEFAULT_LIVE_OPTIONS.settleMs),
    scrollMs: z.number().int().min(0).max(600_000).default(DEFAULT_LIVE_OPTIONS.scrollMs),
    consent: z.enum(CONSENT_MODES).default(DEFAULT_LIVE_OPTIONS.consent),
    blockAds: z.boolean().default(true),
  })
  .strict();

/** `timeBudgetMs` left out (or undefined) takes the default of the page's kind. */
export type RenderOptionsInput = Partial<RenderOptions>;

/** The time budget of a page of `kind` when none is given. */
export function defaultTimeBudgetMs(kind: 'html' | 'url'): number {
  return kind === 'url' ? DEFAULT_RENDER_OPTIONS.liveTimeBudgetMs : DEFAULT_RENDER_OPTIONS.timeBudgetMs;
}

/**
 * Fills in defaults and checks ranges; `kind` decides the JavaScript default.
 * Throws `ConfigError` naming every bad field.
 */
export function resolveRenderOptions(input: RenderOptionsInput, kind: 'html' | 'url'): RenderOptions {
  const parsed = renderOptionsSchema.safeParse(input);
  if (!parsed.success) throw new ConfigError(`Invalid render options:\n${z.prettifyError(parsed.error)}`);
  const { javaScript, userAgent, timeBudgetMs, ...rest } = parsed.data;
  const options: RenderOptions = {
    ...rest,
    javaScript: javaScript ?? kind === 'url',
    timeBudgetMs: timeBudgetMs ?? defaultTimeBudgetMs(kind),
  };
  if (userAgent !== undefined) options.userAgent = userAgent;
  return options;
}
