/**
 * `broadsheet bench live` (issue 24): the live family of the local web scored three ways on the
 * same pages with the same metric (metrics.ts, AEB's shingle F1):
 * - broadsheet on the live URL (`extract`, the fetch guard, settling, scrolling, overlays);
 * - the pipeline a user would write in ten lines: Playwright `goto(url, { waitUntil:
 *   'networkidle' })`, `page.content()`, Readability.js on jsdom (a fresh page per URL);
 * - Readability.js on the HTML fetched without a browser.
 * Each system's pass is timed on its own (pages ÷ wall time = pages/s), at the same concurrency.
 * `broadsheet-no-block-ads` (asked for by `--compare-ads`) is broadsheet again with ad blocking
 * off, run right after it: what blocking saves in time per page and bytes fetched, and what it
 * does to F1. The family's third-party ad hosts are reached through `hostAddresses` (broadsheet's
 * fetch guard) and the browser's `--host-resolver-rules` (the networkidle pipeline's Chromium).
 */
import type { Browser } from 'playwright';
import { extract, type ExtractionResult } from '../extract/extract.js';
import type { LiveFamily, LiveFamilyOptions, LiveKind, LivePageInfo } from '../testing/local-web/live-family.js';
import { aggregate, pageScores, type PageScore } from './metrics.js';
import { runReadability } from './peers/readability.js';

export const LIVE_SYSTEMS = ['broadsheet', 'broadsheet-no-block-ads', 'networkidle-readability', 'raw-readability'] as const;
export type LiveSystem = (typeof LIVE_SYSTEMS)[number];
/** Run unless others are asked for (`--compare-ads` adds `broadsheet-no-block-ads`). */
export const DEFAULT_LIVE_SYSTEMS: readonly LiveSystem[] = ['broadsheet', 'networkidle-readability', 'raw-readability'];
/** The systems that are broadsheet (their live steps are recorded), and whether each blocks ads. */
const BROADSHEET_SYSTEMS: Partial<Record<LiveSystem, { blockAds?: boolean }>> = { broadsheet: {}, 'broadsheet-no-block-ads': { blockAds: false } };

export interface LiveBenchOptions {
  browser: Browser;
  /**
   * Starts the live family's server (the local web's `startLiveFamily`): injected by the caller,
   * so that bench/ does not import the test web (it sits above bench in the layers).
   */
  startFamily: (options: LiveFamilyOptions) => Promise<LiveFamily>;
  concurrency: number;
  perKind: number;
  seed: number;
  kinds?: readonly LiveKind[];
  systems?: readonly LiveSystem[];
  /** Extra extract options for broadsheet (e.g. `settleMs`). */
  broadsheet?: Record<string, unknown>;
  onPage?: (system: LiveSystem, url: string) => void;
}

export interface LivePageResult {
  url: string;
  kind: LiveKind;
  variant: number;
  /** Per system: F1 of the page, its time, and what broadsheet recorded of the live steps and its snapshot. */
  systems: Partial<Record<LiveSystem, { f1: number; ms: number; status: string; live?: unknown; snapshotMs?: number; text: string }>>;
}

export interface LiveSystemSummary {
  f1: number;
  precision: number;
  recall: number;
  pagesPerSecond: number;
  wallMs: number;
  byKind: Record<string, { f1: number; n: number }>;
}

export interface LiveBenchRun {
  pages: LivePageResult[];
  systems: Partial<Record<LiveSystem, LiveSystemSummary>>;
  concurrency: number;
}

/** How long the networkidle pipeline waits for one page (Playwright's default navigation timeout). */
const NETWORKIDLE_TIMEOUT_MS = 30_000;

async function pool<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

async function networkidleReadability(browser: Browser, url: string): Promise<{ text: string; status: string }> {
  const page = await browser.newPage();
  try {
    await page.goto(url, { waitUntil: 'networkidle', timeout: NETWORKIDLE_TIMEOUT_MS });
    const html = await page.content();
    const result = runReadability({ bytes: Buffer.from(html, 'utf8'), url, charset: 'utf-8' });
    return { text: result.text, status: result.status };
  } catch (error) {
    return { text: '', status: `error: ${(error as Error).message.split('\n')[0]}` };
  } finally {
    await page.context().close().catch(() => undefined);
  }
}

async function rawReadability(url: string): Promise<{ text: string; status: string }> {
  try {
    const response = await fetch(url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const result = runReadability({ bytes, url, charset: 'utf-8' });
    return { text: result.text, status: result.status };
  } catch (error) {
    return { text: '', status: `error: ${(error as Error).message.split('\n')[0]}` };
  }
}

function resultText(result: ExtractionResult): string {
  return result.status === 'article' ? result.article.text : '';
}

function summarise(pages: LivePageResult[], system: LiveSystem, wallMs: number, scores: Map<string, PageScore>): LiveSystemSummary {
  const all = aggregate(pages.map((p) => scores.get(p.url)!), { bootstrapSamples: 0 });
  const byKind: LiveSystemSummary['byKind'] = {};
  const kinds = [...new Set(pages.map((p) => p.kind))];
  for (const kind of kinds) {
    const ofKind = pages.filter((p) => p.kind === kind);
    byKind[kind] = { f1: aggregate(ofKind.map((p) => scores.get(p.url)!), { bootstrapSamples: 0 }).f1, n: ofKind.length };
  }
  void system;
  return { f1: all.f1, precision: all.precision, recall: all.recall, pagesPerSecond: pages.length / (wallMs / 1000), wallMs, byKind };
}

export async function runLiveBench(options: LiveBenchOptions): Promise<LiveBenchRun> {
  const family = await options.startFamily({ seed: options.seed, perKind: options.perKind, ...(options.kinds ? { kinds: options.kinds } : {}) });
  try {
    const infos: LivePageInfo[] = family.pages;
    const pages: LivePageResult[] = infos.map((p) => ({ url: p.url, kind: p.kind, variant: p.variant, systems: {} }));
    const systems: LiveBenchRun['systems'] = {};
    for (const system of options.systems ?? DEFAULT_LIVE_SYSTEMS) {
      const scores = new Map<string, PageScore>();
      const started = performance.now();
      const record = (index: number, text: string, status: string, ms: number, extra: { live?: unknown; snapshotMs?: number } = {}): void => {
        const score = pageScores(text, infos[index]!.truth);
        scores.set(infos[index]!.url, score);
        pages[index]!.systems[system] = { f1: score.f1, ms: Math.round(ms), status, text, ...extra };
        options.onPage?.(system, infos[index]!.url);
      };
      const broadsheet = BROADSHEET_SYSTEMS[system];
      if (broadsheet) {
        await extract(
          infos.map((p) => p.url),
          {
            browser: options.browser,
            concurrency: options.concurrency,
            allowPrivateNetwork: true,
            hostAddresses: family.hostAddresses,
            retainResults: false,
            ...options.broadsheet,
            ...broadsheet,
            onResult: (result, index) => {
              const live = (result as { live?: unknown }).live;
              const snapshotMs = (result.timingsMs as { snapshotMs?: number }).snapshotMs;
              record(index, resultText(result), result.status === 'error' ? `error: ${result.error.code}` : result.status, result.timingsMs.totalMs, {
                ...(live !== undefined ? { live } : {}),
                ...(snapshotMs !== undefined ? { snapshotMs } : {}),
              });
            },
          },
        );
      } else {
        await pool(infos, options.concurrency, async (info, index) => {
          const t0 = performance.now();
          const out = system === 'raw-readability' ? await rawReadability(info.url) : await networkidleReadability(options.browser, info.url);
          record(index, out.text, out.status, performance.now() - t0);
        });
      }
      systems[system] = summarise(pages, system, performance.now() - started, scores);
    }
    return { pages, systems, concurrency: options.concurrency };
  } finally {
    await family.close();
  }
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** The run as a Markdown table: F1 per kind and overall, pages/s, and broadsheet's live timings. */
export function liveMarkdown(run: LiveBenchRun): string {
  const systems = LIVE_SYSTEMS.filter((s) => run.systems[s]);
  const kinds = [...new Set(run.pages.map((p) => p.kind))];
  const f = (x: number): string => x.toFixed(3);
  const lines = [
    `# Live family: ${run.pages.length} pages, ${kinds.length} kinds, concurrency ${run.concurrency}`,
    '',
    `| kind | n | ${systems.join(' | ')} |`,
    `|---|---|${systems.map(() => '---').join('|')}|`,
    ...kinds.map((kind) => `| ${kind} | ${run.systems[systems[0]!]!.byKind[kind]!.n} | ${systems.map((s) => f(run.systems[s]!.byKind[kind]!.f1)).join(' | ')} |`),
    `| **overall F1** | ${run.pages.length} | ${systems.map((s) => `**${f(run.systems[s]!.f1)}**`).join(' | ')} |`,
    `| precision / recall | | ${systems.map((s) => `${f(run.systems[s]!.precision)} / ${f(run.systems[s]!.recall)}`).join(' | ')} |`,
    `| pages/s | | ${systems.map((s) => run.systems[s]!.pagesPerSecond.toFixed(2)).join(' | ')} |`,
    '',
  ];
  const timed = (Object.keys(BROADSHEET_SYSTEMS) as LiveSystem[]).filter((s) => run.pages.some((p) => p.systems[s]?.live !== undefined));
  if (timed.length > 0) {
    const per = (s: LiveSystem): Array<{ live: LiveTimings; snapshotMs: number; ms: number }> =>
      run.pages.flatMap((p) => {
        const r = p.systems[s];
        return r?.live !== undefined ? [{ live: r.live as LiveTimings, snapshotMs: r.snapshotMs ?? 0, ms: r.ms }] : [];
      });
    const cell = (values: number[]): string => `${Math.round(quantile(values, 0.5))} / ${Math.round(quantile(values, 0.95))}`;
    const kb = (values: number[]): string => `${(quantile(values, 0.5) / 1024).toFixed(1)} / ${(quantile(values, 0.95) / 1024).toFixed(1)}`;
    const rows: Array<[string, (s: LiveSystem) => string]> = [
      ['settle, ms', (s) => cell(per(s).map((x) => x.live.settle?.ms ?? 0))],
      ['scroll, ms', (s) => cell(per(s).map((x) => x.live.scroll?.ms ?? 0))],
      ['snapshot, ms', (s) => cell(per(s).map((x) => x.snapshotMs))],
      ['all live steps, ms', (s) => cell(per(s).map((x) => x.live.ms ?? 0))],
      ['whole page (fetch to record), ms', (s) => cell(per(s).map((x) => x.ms))],
      ['bytes fetched, kB', (s) => kb(per(s).map((x) => x.live.network?.bytes ?? 0))],
      ['responses fetched', (s) => cell(per(s).map((x) => x.live.network?.fetched ?? 0))],
      ['requests refused as ads/trackers', (s) => cell(per(s).map((x) => x.live.network?.ads ?? 0))],
    ];
    lines.push(`| per live page: median / p95 | ${timed.join(' | ')} |`, `|---|${timed.map(() => '---').join('|')}|`);
    for (const [name, of] of rows) lines.push(`| ${name} | ${timed.map(of).join(' | ')} |`);
    const total = (s: LiveSystem): number => per(s).reduce((sum, x) => sum + (x.live.network?.bytes ?? 0), 0);
    lines.push(`| bytes fetched, all pages, kB | ${timed.map((s) => (total(s) / 1024).toFixed(0)).join(' | ')} |`);
    for (const s of timed) {
      const reasons: Record<string, number> = {};
      for (const { live } of per(s)) reasons[live.settle?.reason ?? '?'] = (reasons[live.settle?.reason ?? '?'] ?? 0) + 1;
      lines.push('', `Settle reasons (${s}): ${Object.entries(reasons).map(([r, n]) => `${r} ${n}`).join(', ')}`);
    }
    lines.push('');
  }
  const worst = run.pages
    .filter((p) => (p.systems.broadsheet?.f1 ?? 1) < 0.9)
    .map((p) => `- ${p.kind}/${p.variant} ${p.url}: F1 ${f(p.systems.broadsheet!.f1)} (${p.systems.broadsheet!.status})`);
  if (worst.length > 0) lines.push('broadsheet pages below 0.90:', ...worst, '');
  return lines.join('\n');
}

interface LiveTimings {
  ms?: number;
  settle?: { ms: number; reason: string };
  scroll?: { ms: number };
  network?: { fetched: number; bytes: number; ads: number };
}
