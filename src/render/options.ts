/**
 * Render options: validated and defaulted once, here, then trusted (STYLE habit 7).
 */
import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { BLOCKABLE_RESOURCE_TYPES } from './request-policy.js';

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
  /** Live pages: the largest decoded response (document or subresource) fetched, in bytes. */
  maxResponseBytes: number;
  /**
   * Saved pages: the time their load and snapshot may take together (0: no budget, only the two
   * timeouts). What one render could not finish within it is cut before rendering
   * (src/markup/budget-cuts.ts); a page still past it fails with its timeout.
   */
  timeBudgetMs: number;
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
    maxResponseBytes: positiveInt.default(DEFAULT_RENDER_OPTIONS.maxResponseBytes),
    timeBudgetMs: z.number().int().min(0).default(DEFAULT_RENDER_OPTIONS.timeBudgetMs),
  })
  .strict();

export type RenderOptionsInput = Partial<RenderOptions>;

/**
 * Fills in defaults and checks ranges; `kind` decides the JavaScript default.
 * Throws `ConfigError` naming every bad field.
 */
export function resolveRenderOptions(input: RenderOptionsInput, kind: 'html' | 'url'): RenderOptions {
  const parsed = renderOptionsSchema.safeParse(input);
  if (!parsed.success) throw new ConfigError(`Invalid render options:\n${z.prettifyError(parsed.error)}`);
  const { javaScript, userAgent, ...rest } = parsed.data;
  const options: RenderOptions = { ...rest, javaScript: javaScript ?? kind === 'url' };
  if (userAgent !== undefined) options.userAgent = userAgent;
  return options;
}
