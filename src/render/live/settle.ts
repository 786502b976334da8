/**
 * Settling a live page (issue 24, item 1): after `load`, the page is watched until its main
 * text stops changing — the candidate body's text the same at two checks in a row, no
 * mutation adding or removing text for a quiet window, no fetch/XHR of the page's own origin
 * pending — bounded by a budget. Unlike `networkidle` there is no fixed idle wait when nothing
 * is pending and the body is already whole. Quiet is measured on the page's own clock (a timer
 * heartbeat, see LiveProbe.quietMs), so a loaded machine lengthens the wait as it delays the
 * page's own timers. A body that looks like a skeleton or a teaser
 * (little text, a loading marker) is given a longer quiet window, since the script that will
 * fill it may be waiting on a timer the page does not show.
 *
 * Why it stopped: `no-change` (nothing changed while watched), `settled` (it changed, then
 * came to rest), `budget` (still changing when the budget ran out: a feed, a ticker),
 * `no-script` (a document without scripts cannot change once loaded: not watched at all — on a
 * crawl of plain server-rendered pages the quiet window had been ~0.45 s of every page).
 */
import type { Page, Request } from 'playwright';
import type { LiveProbe } from '../in-page/live-page.js';

export interface SettleRecord {
  ms: number;
  reason: 'settled' | 'budget' | 'no-change' | 'no-script';
  /** Probes taken. */
  checks: number;
}

/** Time between two checks of the body. */
const CHECK_MS = 120;
/**
 * Quiet windows (no mutation adding or removing ≥ 30 characters of text). A whole body: 400 ms,
 * past a hydrating framework's first frames and a story fetched a few hundred ms after `load`
 * (250 ms let a teaser of three paragraphs through in a trial). A skeleton or teaser: 2 s, past
 * the 0.3–1.2 s after `load` at which client-rendered pages fetch their story, with room.
 */
const QUIET_MS = 400;
const WEAK_QUIET_MS = 2_000;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** Fetch and XHR requests of the page's own origin still in flight, watched from Node. */
export class RequestWatch {
  private readonly pending = new Set<Request>();
  private readonly onRequest = (request: Request): void => {
    const type = request.resourceType();
    if (type !== 'fetch' && type !== 'xhr') return;
    if (!this.sameOrigin(request.url())) return;
    this.pending.add(request);
  };
  private readonly onDone = (request: Request): void => {
    this.pending.delete(request);
  };

  constructor(private readonly page: Page) {
    page.on('request', this.onRequest);
    page.on('requestfinished', this.onDone);
    page.on('requestfailed', this.onDone);
  }

  private sameOrigin(url: string): boolean {
    try {
      return new URL(url).origin === new URL(this.page.url()).origin;
    } catch {
      return false;
    }
  }

  get count(): number {
    return this.pending.size;
  }

  stop(): void {
    this.page.off('request', this.onRequest);
    this.page.off('requestfinished', this.onDone);
    this.page.off('requestfailed', this.onDone);
    this.pending.clear();
  }
}

/** Waits until no watched request is pending, at most `maxMs`. */
export async function waitIdle(watch: RequestWatch, maxMs: number): Promise<void> {
  const until = performance.now() + maxMs;
  while (watch.count > 0 && performance.now() < until) await sleep(30);
}

/** Watches the page until its body is stable (see the module comment), at most `budgetMs`. */
export async function settle(
  page: Page,
  watch: RequestWatch,
  probe: () => Promise<LiveProbe>,
  budgetMs: number,
  weakQuietMs: number = WEAK_QUIET_MS,
): Promise<SettleRecord> {
  void page;
  const started = performance.now();
  let previous = await probe();
  let checks = 1;
  if (!previous.scripted) return { ms: Math.round(performance.now() - started), reason: 'no-script', checks };
  let changed = false;
  for (;;) {
    const elapsed = performance.now() - started;
    if (elapsed >= budgetMs) return { ms: Math.round(elapsed), reason: 'budget', checks };
    await sleep(Math.min(CHECK_MS, Math.max(1, budgetMs - elapsed)));
    const now = await probe();
    checks += 1;
    const same = now.hash === previous.hash && now.chars === previous.chars;
    if (!same || now.mutations !== previous.mutations) changed = true;
    // A page without scripts has nothing that will fill a skeleton later.
    // A whole body is watched for changes of its own: a ticker or a clock beside it (a websocket
    // feeding a headline strip) never lets the whole page be quiet. A skeleton is watched whole,
    // since its story may arrive anywhere.
    const quiet = now.weak ? now.quietMs : now.bodyQuietMs;
    const quietNeeded = now.weak && now.scripted ? weakQuietMs : QUIET_MS;
    if (same && quiet >= quietNeeded && watch.count === 0 && now.pending === 0) {
      return { ms: Math.round(performance.now() - started), reason: changed ? 'settled' : 'no-change', checks };
    }
    previous = now;
  }
}
