/**
 * One benchmark run: broadsheet (Chromium, offline saved pages, `extractFromSnapshot`) and
 * Readability.js (jsdom, in this process) over the same pages, scored by the same metric.
 * Returns plain data (`BenchRun`); writing reports is `report.ts`'s job.
 *
 * A page that fails (cannot be read, fails to render, times out, has no article) is scored as
 * an empty prediction — a miss — and listed with its reason; it never stops the run. Only a
 * dead browser (`BrowserLaunchError`) ends the broadsheet pass, since no later page could render.
 */
import { broadsheetVersion } from './version.js';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser } from 'playwright';
import { BrowserLaunchError, describeError } from '../errors.js';
import { unitOverlays } from '../extract/overlays.js';
import { loadSavedPage } from '../input/inputs.js';
import { closeBrowser } from '../render/browser.js';
import { DEFAULT_CONCURRENCY, RenderSession } from '../render/session.js';
import type { RendererTimings } from '../render/renderer-metrics.js';
import type { RenderOptionsInput } from '../render/options.js';
import { readHtmlBytes } from './corpora/html-source.js';
import type { BenchCorpus, BenchPage } from './corpora/types.js';
import { aggregate, meanWordF1, pageScores, TOKENIZERS, wordScore, type AggregateScores, type PageScore, type TokenizationName } from './metrics.js';
import { readabilityPeer, runReadability } from './peers/readability.js';
import { headToHead, scoreStoredPeers } from './peers/stored.js';

export type SystemName = 'broadsheet' | 'readability';

/** Where broadsheet's time on one page went (ms). They add up to `ms` up to rounding and the context's set-up. */
export interface BroadsheetStages {
  /** Reading (and unpacking) the saved file. */
  readMs: number;
  /** Navigation to the served bytes until `load` (a warm page is reused; a new one's set-up is not counted here). */
  loadMs: number;
  /** The in-page layout snapshot, transferred to Node. */
  snapshotMs: number;
  /** `extractFromSnapshot`: tree, segmentation, scoring, selection, article. */
  extractMs: number;
  /** The split of `extractMs`, when extraction ran. */
  extract?: { tree: number; segment: number; score: number; select: number; article: number };
  /** The markup step (src/markup/, in a page-work thread), wall time. */
  prepareMs?: number;
  /** Chromium's renderer in the load and in the snapshot (CPU, DevTools' Performance metrics). */
  renderer?: RendererTimings;
}

export interface SystemPageResult {
  /** `ok`: an article; `none`: the system says the page has no article; `error`: it failed. */
  status: 'ok' | 'none' | 'error';
  /** The text that was scored ('' unless `ok`). */
  text: string;
  /** Why there is no article (`none`) or what failed (`error`, as `code: message`). */
  reason?: string;
  /** Wall time for this page, failures included (time until the failure). */
  ms: number;
  stages?: BroadsheetStages;
  score: PageScore;
  /** WCXB's bag-of-words F1 of the page (metrics/word-f1.ts). */
  wordF1: number;
}

export interface BenchPageResult {
  id: string;
  url?: string;
  language?: string;
  truthTitle?: string;
  /** The page type the collection labels the page with (WCXB's seven), for figures per type. */
  pageType?: string;
  /** Characters of the ground-truth body. */
  truthChars: number;
  broadsheet: SystemPageResult;
  readability?: SystemPageResult;
  /** Absolute path of the `--explain` screenshot, for the worst pages. */
  screenshot?: string;
  /** F1 of each stored system's output on this page. */
  storedF1?: Record<string, number>;
}

export interface MemoryFigures {
  /** Peak RSS of this Node process during the pass (MiB). */
  peakProcessRssMb: number;
  /** Peak of the summed RSS of this process's child processes (Chromium), when /proc is readable. */
  peakChildrenRssMb: number | null;
}

export interface SystemSummary {
  name: SystemName;
  version: string;
  scores: AggregateScores;
  /** WCXB's figure: the mean of per-page word F1. */
  wordF1: number;
  msMedian: number;
  msP95: number;
  /** Pages ÷ wall time of the system's whole pass. */
  pagesPerSecond: number;
  wallMs: number;
  /** Pages processed at the same time during the pass (Readability: 1). */
  concurrency: number;
  memory: MemoryFigures;
  ok: number;
  none: number;
  errors: number;
  /** Medians of the stage split (broadsheet only). */
  stageMedians?: Omit<BroadsheetStages, 'extract'>;
  /** 95th percentiles of the stage split (broadsheet only): where the slow pages spend their time. */
  stageP95?: Omit<BroadsheetStages, 'extract'>;
}

/** A stored (published) output of another system, scored on the same pages. */
export interface StoredPeerSummary {
  system: string;
  version?: string;
  scores: AggregateScores;
  /** Pages its stored output leaves empty. */
  empty: number;
  /** broadsheet against it, page by page (F1 differences within 0.01 are ties). */
  wins: number;
  losses: number;
  ties: number;
}

export interface BenchRun {
  corpus: { name: string; format: string; dir: string; tokenization: TokenizationName; size: number; skipped: Array<{ id: string; reason: string }> };
  startedAt: string;
  options: { concurrency: number; limit: number | null; peer: boolean; seed: number | undefined; bootstrapSamples: number | undefined };
  machine: { cpus: number; node: string; platform: string };
  pages: BenchPageResult[];
  systems: { broadsheet: SystemSummary; readability?: SystemSummary };
  /** Published outputs of other systems in the corpus (AEB's output/), scored the same way. */
  stored: StoredPeerSummary[];
  /** How to read the figures (what is timed, what memory covers). */
  notes: string[];
}

/** A page's scores in both metrics. */
interface Scored {
  score: PageScore;
  wordF1: number;
}

export interface BenchOptions {
  /** broadsheet's version as the report names it; default `broadsheetVersion()` (package version and git commit). */
  version?: string;
  /** Pages rendered at once by broadsheet. Default one per core (`DEFAULT_CONCURRENCY`). */
  concurrency?: number;
  /** Only the first N pages of the corpus. */
  limit?: number;
  /** Run Readability.js too. Default true. */
  peer?: boolean;
  /** `--explain` screenshots of the worst broadsheet pages go here; none when absent. */
  screenshotDir?: string;
  /** How many worst pages get a screenshot. Default 5. */
  screenshotCount?: number;
  seed?: number;
  bootstrapSamples?: number;
  /** A browser to use (not closed); otherwise one is launched and closed. */
  browser?: Browser;
  /**
   * Where the screenshots are taken when `browser` draws no frames (launched `savedPagesOnly`,
   * as `extract` launches it for saved pages): called once, after the timed pass, and the
   * browser it gives is closed after the screenshots. Default: the pass's own browser.
   */
  screenshotBrowser?: () => Promise<Browser>;
  /** Render options for every page (timeouts, limits). */
  render?: RenderOptionsInput;
  /** Called after each page of each pass. */
  onPage?: (system: SystemName, id: string, failed: boolean) => void;
  /** Called when a pass starts, with its page count. */
  onPass?: (system: SystemName | 'screenshots', pages: number) => void;
}

export const DEFAULT_SCREENSHOT_COUNT = 5;
/** How often memory is sampled during a pass. */
const MEMORY_SAMPLE_MS = 100;
const MIB = 1024 * 1024;
/** Linux page size for /proc/<pid>/stat's RSS field; 4 KiB on every platform we run on. */
const PROC_PAGE_BYTES = 4096;

export async function runBench(corpus: BenchCorpus, options: BenchOptions = {}): Promise<BenchRun> {
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const tokenizer = TOKENIZERS[corpus.tokenization];
  const score = (text: string, page: BenchPage): Scored => ({ score: pageScores(text, page.truth.body, { tokenizer }), wordF1: wordScore(text, page.truth.body).f1 });
  const pages: BenchPage[] = [];
  for await (const page of corpus.pages()) {
    if (options.limit !== undefined && pages.length >= options.limit) break;
    pages.push(page);
  }
  const startedAt = new Date().toISOString();
  const bootstrap = {
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.bootstrapSamples !== undefined ? { bootstrapSamples: options.bootstrapSamples } : {}),
  };

  const browser = options.browser;
  // Renderer metrics on: the report splits each page's time between Node and Chromium
  // (three Performance.getMetrics calls a page, well under a millisecond each).
  const sessionOptions = { concurrency, rendererMetrics: true, ...(options.render ? { defaults: options.render } : {}) };
  const session = browser ? new RenderSession(browser, sessionOptions) : await RenderSession.launch(sessionOptions);
  let broadsheetResults: SystemPageResult[];
  let broadsheetPass: Pass;
  const results: BenchPageResult[] = pages.map((page) => {
    const r: BenchPageResult = { id: page.id, truthChars: page.truth.body.length, broadsheet: undefined as unknown as SystemPageResult };
    if (page.url !== undefined) r.url = page.url;
    if (page.language !== undefined) r.language = page.language;
    if (page.truth.title !== undefined) r.truthTitle = page.truth.title;
    if (page.pageType !== undefined) r.pageType = page.pageType;
    return r;
  });
  try {
    options.onPass?.('broadsheet', pages.length);
    broadsheetPass = await timedPass(async () => {
      const out = new Array<SystemPageResult>(pages.length);
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < pages.length) {
          const index = next++;
          const page = pages[index]!;
          const r = await runBroadsheetPage(session, page, score);
          out[index] = r;
          options.onPage?.('broadsheet', page.id, r.status === 'error');
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, pages.length) }, worker));
      return out;
    });
    broadsheetResults = broadsheetPass.value as SystemPageResult[];
    broadsheetResults.forEach((r, i) => (results[i]!.broadsheet = r));

    if (options.screenshotDir !== undefined) {
      const worst = worstPages(results, options.screenshotCount ?? DEFAULT_SCREENSHOT_COUNT);
      options.onPass?.('screenshots', worst.length);
      mkdirSync(options.screenshotDir, { recursive: true });
      const painting = worst.length > 0 && options.screenshotBrowser ? await options.screenshotBrowser() : undefined;
      const shots = painting ? new RenderSession(painting, { concurrency: 1, ...(options.render ? { defaults: options.render } : {}) }) : session;
      try {
        for (const index of worst) {
          const path = join(options.screenshotDir, `${safeFileName(pages[index]!.id)}.png`);
          if (await screenshotPage(shots, pages[index]!, path)) results[index]!.screenshot = path;
        }
      } finally {
        if (painting) {
          await shots.close();
          await closeBrowser(painting);
        }
      }
    }
  } finally {
    await session.close();
  }

  let readabilityPass: Pass | undefined;
  if (options.peer !== false && pages.length > 0) {
    const inputs = await Promise.all(pages.map((page) => peerInput(page)));
    // Warm-up: jsdom and Readability compile their code on first use; that page is run again, timed.
    const first = inputs[0];
    if (first && !(first instanceof Error)) runReadability(first);
    options.onPass?.('readability', pages.length);
    readabilityPass = await timedPass(async () => {
      const out: SystemPageResult[] = [];
      for (const [i, input] of inputs.entries()) {
        const r = runReadabilityPage(input, pages[i]!, score);
        options.onPage?.('readability', pages[i]!.id, r.status === 'error');
        out.push(r);
        // Back to the event loop after every page: jsdom frees a closed window's memory there,
        // and the memory sampler runs there. Without it the heap grew by about 5 MB a page
        // (WCXB-dev: 2 GB after 400 pages, out of memory after 800 s) and the peak RSS reported
        // was the pass's end, not its peak.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return out;
    });
    (readabilityPass.value as SystemPageResult[]).forEach((r, i) => (results[i]!.readability = r));
  }

  const storedRuns = await scoreStoredPeers(corpus, pages, bootstrap);
  const vs = headToHead(results.map((r) => r.broadsheet.score), storedRuns);
  storedRuns.forEach((peer) => peer.pages.forEach((score, i) => ((results[i]!.storedF1 ??= {})[peer.system] = round(score.f1, 4))));
  const stored: StoredPeerSummary[] = storedRuns.map((peer, k) => ({
    system: peer.system,
    ...(peer.version !== undefined ? { version: peer.version } : {}),
    scores: peer.scores,
    empty: peer.empty,
    wins: vs[k]!.wins,
    losses: vs[k]!.losses,
    ties: vs[k]!.ties,
  }));
  const systems: BenchRun['systems'] = {
    broadsheet: summarise('broadsheet', options.version ?? broadsheetVersion(), results.map((r) => r.broadsheet), broadsheetPass, concurrency, bootstrap),
  };
  if (readabilityPass) {
    systems.readability = summarise('readability', readabilityPeer.version, results.map((r) => r.readability!), readabilityPass, 1, bootstrap);
  }
  return {
    corpus: { name: corpus.name, format: corpus.format, dir: corpus.dir, tokenization: corpus.tokenization, size: corpus.size, skipped: corpus.skipped },
    startedAt,
    options: { concurrency, limit: options.limit ?? null, peer: options.peer !== false, seed: options.seed, bootstrapSamples: options.bootstrapSamples },
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version, platform: process.platform },
    pages: results,
    systems,
    stored,
    notes: [
      `broadsheet's pass renders ${concurrency} page(s) at a time (one browser context each); pages/s is pages ÷ the pass's wall time, so it reflects that parallelism. Browser launch is not timed.`,
      "broadsheet's ms/page is wall time from reading the file to the article, rendering included (a page waits for no other page: the pass runs exactly as many workers as contexts).",
      'Readability.js runs on jsdom in this process, one page at a time, after one untimed warm-up page; its ms/page is jsdom parsing + Readability.parse().',
      'Memory: peak RSS of the Node process, sampled every 100 ms during each pass; Chromium runs in child processes, whose summed RSS (from /proc) is reported separately. Readability\'s figure includes the Node baseline of this process.',
      'A failed page or one with no article is scored as an empty prediction (a miss).',
      ...(stored.length > 0 ? ["Stored systems are the published per-page outputs in the corpus's output/ folder, scored here with the same metric on the same pages; they did not run in this process, so they have no speed."] : []),
    ],
  };
}

interface Pass {
  value: unknown;
  wallMs: number;
  memory: MemoryFigures;
}

/** Runs `body`, timing it and sampling memory every 100 ms. */
async function timedPass(body: () => Promise<unknown>): Promise<Pass> {
  let peakProcess = process.memoryUsage.rss();
  let peakChildren: number | null = childrenRss();
  const sample = (): void => {
    peakProcess = Math.max(peakProcess, process.memoryUsage.rss());
    const children = childrenRss();
    if (children !== null) peakChildren = Math.max(peakChildren ?? 0, children);
  };
  const timer = setInterval(sample, MEMORY_SAMPLE_MS);
  const started = performance.now();
  try {
    const value = await body();
    const wallMs = performance.now() - started;
    sample();
    return { value, wallMs, memory: { peakProcessRssMb: round(peakProcess / MIB, 1), peakChildrenRssMb: peakChildren === null ? null : round(peakChildren / MIB, 1) } };
  } finally {
    clearInterval(timer);
  }
}

/** Summed RSS (bytes) of all descendants of this process, from /proc; null where /proc is absent. */
function childrenRss(): number | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the parenthesised command name: state ppid … (rss is field 24 overall).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(fields[1]));
      rss.set(Number(name), Number(fields[21]) * PROC_PAGE_BYTES);
    } catch {
      // The process ended between listing and reading.
    }
  }
  let total = 0;
  for (const [pid, bytes] of rss) {
    let p = parent.get(pid);
    while (p !== undefined && p > 1) {
      if (p === process.pid) {
        total += bytes;
        break;
      }
      p = parent.get(p);
    }
  }
  return total;
}

async function runBroadsheetPage(session: RenderSession, page: BenchPage, score: (text: string, page: BenchPage) => Scored): Promise<SystemPageResult> {
  const started = performance.now();
  const stages: BroadsheetStages = { readMs: 0, loadMs: 0, snapshotMs: 0, extractMs: 0 };
  try {
    const saved = await loadSavedPage(page.html.path);
    stages.readMs = round(performance.now() - started, 2);
    const extraction = await session.render({ kind: 'html', bytes: saved.bytes, url: page.url ?? saved.url, label: page.id }, async (rendered) => {
      stages.loadMs = rendered.timings.loadMs;
      stages.snapshotMs = rendered.timings.snapshotMs;
      stages.prepareMs = rendered.timings.prepareMs;
      if (rendered.timings.renderer) stages.renderer = rendered.timings.renderer;
      const t = performance.now();
      // In a page-work thread under the page's deadline, as `extract` runs it.
      const { extraction: result } = await session.work.run(
        { kind: 'extract', wire: rendered.snapshotText, patch: rendered.snapshotPatch, params: {}, units: false },
        { label: page.id, deadlineMs: rendered.clock.nodeWorkDeadlineMs() },
      );
      stages.extractMs = round(performance.now() - t, 2);
      stages.extract = result.explanation.timingsMs;
      return result;
    });
    const ms = round(performance.now() - started, 2);
    if (extraction.kind === 'none') return { status: 'none', text: '', reason: extraction.reason, ms, stages, ...score('', page) };
    return { status: 'ok', text: extraction.article.text, ms, stages, ...score(extraction.article.text, page) };
  } catch (error) {
    if (error instanceof BrowserLaunchError) throw error;
    const { code, message } = describeError(error);
    return { status: 'error', text: '', reason: `${code}: ${message}`, ms: round(performance.now() - started, 2), stages, ...score('', page) };
  }
}

async function peerInput(page: BenchPage): Promise<{ bytes: Buffer; url?: string; charset?: string } | Error> {
  try {
    const bytes = await readHtmlBytes(page.html);
    return { bytes, ...(page.url !== undefined ? { url: page.url } : {}), ...(page.html.charset !== undefined ? { charset: page.html.charset } : {}) };
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function runReadabilityPage(
  input: { bytes: Buffer; url?: string; charset?: string } | Error,
  page: BenchPage,
  score: (text: string, page: BenchPage) => Scored,
): SystemPageResult {
  if (input instanceof Error) {
    const { code, message } = describeError(input);
    return { status: 'error', text: '', reason: `${code}: ${message}`, ms: 0, ...score('', page) };
  }
  const result = runReadability(input);
  const ms = round(result.timings.ms, 2);
  if (result.status === 'ok') return { status: 'ok', text: result.text, ms, ...score(result.text, page) };
  if (result.status === 'no-article') return { status: 'none', text: '', reason: result.reason, ms, ...score('', page) };
  return { status: 'error', text: '', reason: `${result.error.code}: ${result.error.message}`, ms, ...score('', page) };
}

/** Indices of the `count` pages with the lowest broadsheet F1 (lower recall breaks ties). */
export function worstPages(results: readonly BenchPageResult[], count: number): number[] {
  return results
    .map((r, i) => ({ i, f1: r.broadsheet.score.f1, recall: r.broadsheet.score.recall }))
    .filter((r) => r.f1 < 1)
    .sort((a, b) => a.f1 - b.f1 || a.recall - b.recall || a.i - b.i)
    .slice(0, count)
    .map((r) => r.i);
}

async function screenshotPage(session: RenderSession, page: BenchPage, path: string): Promise<boolean> {
  try {
    const saved = await loadSavedPage(page.html.path);
    await session.render({ kind: 'html', bytes: saved.bytes, url: page.url ?? saved.url, label: page.id }, async (rendered) => {
      const { extraction } = await session.work.run(
        { kind: 'extract', wire: rendered.snapshotText, patch: rendered.snapshotPatch, params: {} },
        { label: page.id, deadlineMs: rendered.clock.nodeWorkDeadlineMs() },
      );
      await rendered.screenshot(path, unitOverlays(extraction.explanation));
    });
    return true;
  } catch (error) {
    if (error instanceof BrowserLaunchError) throw error;
    return false;
  }
}

function safeFileName(id: string): string {
  return id.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);
}

function summarise(
  name: SystemName,
  version: string,
  pages: readonly SystemPageResult[],
  pass: Pass,
  concurrency: number,
  bootstrap: { seed?: number; bootstrapSamples?: number },
): SystemSummary {
  const times = pages.map((p) => p.ms);
  const summary: SystemSummary = {
    name,
    version,
    scores: aggregate(pages.map((p) => p.score), bootstrap),
    wordF1: meanWordF1(pages.map((p) => ({ f1: p.wordF1 }))),
    msMedian: round(quantile(times, 0.5), 1),
    msP95: round(quantile(times, 0.95), 1),
    pagesPerSecond: pass.wallMs > 0 ? round((pages.length * 1000) / pass.wallMs, 2) : 0,
    wallMs: round(pass.wallMs, 0),
    concurrency,
    memory: pass.memory,
    ok: pages.filter((p) => p.status === 'ok').length,
    none: pages.filter((p) => p.status === 'none').length,
    errors: pages.filter((p) => p.status === 'error').length,
  };
  if (name === 'broadsheet') {
    const stagesAt = (q: number): Omit<BroadsheetStages, 'extract'> => {
      const at = (pick: (s: BroadsheetStages) => number): number => round(quantile(pages.map((p) => (p.stages ? pick(p.stages) : 0)), q), 1);
      return { readMs: at((s) => s.readMs), loadMs: at((s) => s.loadMs), snapshotMs: at((s) => s.snapshotMs), extractMs: at((s) => s.extractMs) };
    };
    summary.stageMedians = stagesAt(0.5);
    summary.stageP95 = stagesAt(0.95);
  }
  return summary;
}

/** Nearest-rank quantile (0 for no values): the smallest value with at least q of the values at or below it. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1]!;
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
