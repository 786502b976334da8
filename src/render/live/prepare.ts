/**
 * A live page made ready for its snapshot, as a reader would see it (issue 24): run after the
 * navigation, before the layout snapshot, for live pages and for saved pages run with scripts on
 * (whose scripts may build the body after `load`; without scripts saved pages never come here).
 *
 * Named steps, each bounded and each recorded:
 * 1. settle   — watch until the candidate body's text stops changing (settle.ts);
 * 2. consent  — a consent dialog answered per `consent` mode (reject where that leaves the
 *               article readable, accept only where the article shows after consent and not before);
 * 3. scroll   — through the page in viewport steps so lazy content loads, until it stops growing
 *               (or the scroll budget ends: endless feeds), then back to the top;
 * 4. unclamp  — an expander of the body pressed, CSS clamps on it lifted;
 * 5. overlays — fixed/sticky boxes over the viewport set aside, scroll locks on html/body lifted;
 * 6. clean    — the page's cookies and storage cleared, so the next page starts clean.
 * A step that fails (the page navigated away, a script threw) ends the preparation with what it
 * has; the record says so. Nothing here throws for a page's sake.
 */
import type { Page } from 'playwright';
import { pageExpression } from '../page-expression.js';
import type { ConsentFound, LiveCommand, LiveProbe, OverlayResult, ScrollStep, UnclampResult } from '../in-page/live-page.js';
import { liveInPage } from '../in-page/live-page.js';
import { runAutoconsent, type AutoconsentResult } from './autoconsent.js';
import { RequestWatch, settle, sleep, waitIdle, type SettleRecord } from './settle.js';

export const CONSENT_MODES = ['auto', 'reject', 'accept', 'leave'] as const;
export type ConsentMode = (typeof CONSENT_MODES)[number];

export interface LiveOptions {
  /** The settle budget (ms): how long a page may keep changing before it is read as it is. */
  settleMs: number;
  /** The scroll budget (ms); 0 turns scrolling off. */
  scrollMs: number;
  consent: ConsentMode;
  /**
   * What is left of the page's time budget when the steps start (ms; Infinity without one):
   * every step spends from it, and a step that would start with nothing left is skipped.
   */
  budgetLeftMs?: number;
  /**
   * The longest one in-page command may wait for the page to answer: the render's script
   * timeout (`snapshotTimeoutMs`, `--script-timeout`), the bound already set for a page stuck in
   * a script. Default `EVALUATE_TIMEOUT_MS`.
   */
  commandTimeoutMs?: number;
}

export const DEFAULT_LIVE_OPTIONS: LiveOptions = {
  /**
   * A few seconds: client-rendered bodies in the live family arrive 0.3–1.2 s after `load`;
   * a page still changing after 4 s (a feed, a ticker) is read as it is then.
   */
  settleMs: 4_000,
  /** 20 viewport steps take ~2 s on a page that loads something at each; feeds stop here. */
  scrollMs: 3_000,
  consent: 'auto',
};

/**
 * An in-page command when no script timeout is given, and the clean-up after the steps (a probe
 * takes milliseconds; a page stuck in a script never answers). The session gives its script
 * timeout, and within a budget a command never waits past the live steps' share of it (`commandTimeoutMs`).
 */
const EVALUATE_TIMEOUT_MS = 3_000;
/**
 * The least time a command gets within a budget, even one already spent: the steps after the
 * budget ran out (unclamp, overlays, back to the top) are cheap and needed for a whole read.
 * A page that cannot answer within it is stuck, and the snapshot's own timeout decides its fate.
 */
const MIN_COMMAND_TIMEOUT_MS = 500;
/** Scroll steps at most (a 20-viewport page is far longer than any article). */
const MAX_SCROLL_STEPS = 24;
/** After each scroll step: a pause for observers and the requests they start. */
const SCROLL_PAUSE_MS = 60;
/**
 * How long the bottom must hold (nothing grown, nothing in flight) before the scroll ends: a
 * lazy part may be written by a timer its observer set, with no request to wait for (a saved
 * page's inline data 150 ms after the sentinel showed was missed under load in CI).
 */
const BOTTOM_HOLD_MS = 300;
const SCROLL_IDLE_MS = 600;
/** A lazy body still growing may scroll past its budget up to this many times it (within the page's budget). */
const SCROLL_HARD_FACTOR = 4;
/** Between two looks at the page's requests in flight. */
const REQUEST_POLL_MS = 30;
/** After pressing a consent button or an expander: a shorter settle. */
const AFTER_PRESS_SETTLE_MS = 2_500;
/** The rule run: detection is one attempt on a settled page; a rule's clicks and waits take the rest. */
const AUTOCONSENT_TIMEOUT_MS = 2_000;
/** A page answers a press at once: its skeleton is given a shorter quiet window then. */
const AFTER_PRESS_WEAK_QUIET_MS = 600;

export interface LiveRecord {
  /** All live steps together. */
  ms: number;
  settle: SettleRecord;
  /**
   * `platform`: the autoconsent rule that recognised the dialog, else the platform named by its
   * markup, else `generic`; null when no dialog was seen. `rule`: how the rule run ended.
   */
  consent: { platform: string | null; action: 'none' | 'reject' | 'accept' | 'reject-then-accept' | 'left'; rule: AutoconsentResult | null };
  /** `off`: no scroll budget; `no-script`: a page without scripts loads nothing on scroll. */
  scroll: { ms: number; steps: number; reason: 'bottom' | 'budget' | 'steps' | 'off' | 'no-script'; grewChars: number; droppedStories: number };
  unclamp: UnclampResult;
  overlays: OverlayResult;
  /** JS dialogs the page opened (alert, confirm, prompt, beforeunload), each dismissed; set by the session. */
  dialogs: string[];
  /** Pop-ups and new tabs the page opened, each closed at once; set by the session. */
  popups: number;
  /**
   * Live URLs: what went through the fetch guard until the snapshot ended — responses handed to
   * the page, their decoded bytes, requests refused as ads or trackers; set by the session.
   */
  network?: { fetched: number; bytes: number; ads: number };
  /** Why the preparation stopped early, when it did (a navigation, a crashed evaluate). */
  interrupted?: string;
}

/** The page the steps run on, and when their share of its time budget ends (`performance.now()`; Infinity without one). */
interface InPage {
  page: Page;
  until: number;
  /** The longest a command may wait however much budget is left (`LiveOptions.commandTimeoutMs`). */
  capMs: number;
}

/**
 * How long one in-page command may take: what is left of the steps' share of the page's budget
 * (at least `MIN_COMMAND_TIMEOUT_MS`), and never more than `capMs` (the script timeout). A slow
 * machine's slow evaluate is waited for as long as the page can afford, not cut at a fixed
 * guess; a page stuck in a script costs at most the script timeout here, as in its snapshot. Pure.
 */
export function commandTimeoutMs(until: number, now: number, capMs: number = EVALUATE_TIMEOUT_MS): number {
  const left = Number.isFinite(until) ? Math.max(MIN_COMMAND_TIMEOUT_MS, Math.round(until - now)) : Infinity;
  return Math.min(left, capMs);
}

/**
 * One in-page command. A page busy in a script never answers an evaluate: past its timeout
 * (`commandTimeoutMs`) the step gives up (the preparation ends, `interrupted` says why, and the
 * snapshot's own timeout decides the page's fate).
 */
function run<T>(at: InPage, command: LiveCommand): Promise<T> {
  const ms = commandTimeoutMs(at.until, performance.now(), at.capMs);
  return withDeadline(at.page.evaluate(pageExpression(liveInPage, command)) as Promise<T>, ms, `the page did not answer "${command.op}" within ${ms} ms`);
}

export function withDeadline<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  work.catch(() => undefined);
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export async function prepareLivePage(page: Page, options: LiveOptions = DEFAULT_LIVE_OPTIONS): Promise<LiveRecord> {
  const started = performance.now();
  const until = started + (options.budgetLeftMs ?? Infinity);
  /** The time a step may take: its own budget, within what is left of the page's. */
  const within = (ms: number): number => Math.max(0, Math.min(ms, until - performance.now()));
  const watch = new RequestWatch(page);
  const record: LiveRecord = {
    ms: 0,
    settle: { ms: 0, reason: 'no-change', checks: 0 },
    consent: { platform: null, action: 'none', rule: null },
    scroll: { ms: 0, steps: 0, reason: 'off', grewChars: 0, droppedStories: 0 },
    unclamp: { pressed: 0, unclamped: 0 },
    overlays: { setAside: 0, unlocked: 0 },
    dialogs: [],
    popups: 0,
  };
  const at: InPage = { page, until, capMs: options.commandTimeoutMs ?? EVALUATE_TIMEOUT_MS };
  const probe = (): Promise<LiveProbe> => run<LiveProbe>(at, { op: 'probe' });
  try {
    await run(at, { op: 'install' });
    record.settle = await settle(page, watch, probe, within(options.settleMs));

    // Consent.
    // A page without scripts has no consent dialog that a press could answer (nothing would
    // handle the click); its overlays are set aside below like any other.
    const scripted = (await probe()).scripted;
    if (options.consent !== 'leave' && scripted && within(AUTOCONSENT_TIMEOUT_MS) > 0) {
      // First the maintained rule set (autoconsent), then the fallback for dialogs it does not know.
      const rule = await runAutoconsent(page, options.consent === 'accept' ? 'optIn' : 'optOut', within(AUTOCONSENT_TIMEOUT_MS));
      record.consent.rule = rule;
      let ruleAction: 'none' | 'reject' | 'accept' = 'none';
      if (rule.popup) {
        record.consent.platform = rule.cmp;
        ruleAction = rule.succeeded ? (options.consent === 'accept' ? 'accept' : 'reject') : 'none';
        await settle(page, watch, probe, within(AFTER_PRESS_SETTLE_MS), AFTER_PRESS_WEAK_QUIET_MS);
      }
      const press = options.consent === 'accept' ? 'accept' : 'reject';
      const first = ruleAction !== 'none' ? null : await run<ConsentFound>(at, { op: 'consent', press });
      if (first && first.platform !== null) {
        record.consent.platform ??= first.platform;
        ruleAction = first.pressed;
        if (first.pressed !== 'none') await settle(page, watch, probe, within(AFTER_PRESS_SETTLE_MS), AFTER_PRESS_WEAK_QUIET_MS);
      }
      record.consent.action = ruleAction;
      if (options.consent === 'auto' && record.consent.platform !== null) {
        // Accept only where the article is not readable without it (a consent wall).
        const after = await probe();
        if (after.weak) {
          const second = await run<ConsentFound>(at, { op: 'consent', press: 'accept' });
          if (second.pressed === 'accept') {
            record.consent.action = ruleAction === 'reject' ? 'reject-then-accept' : 'accept';
            await settle(page, watch, probe, within(AFTER_PRESS_SETTLE_MS), AFTER_PRESS_WEAK_QUIET_MS);
          }
        }
      }
    } else if (options.consent === 'leave') {
      record.consent.action = 'left';
    }

    // Lazy content.
    if (within(options.scrollMs) > 0) record.scroll = await scrollThrough(at, watch, probe, within(options.scrollMs), within(options.scrollMs * SCROLL_HARD_FACTOR));

    // Clamped text.
    record.unclamp = await run<UnclampResult>(at, { op: 'unclamp', press: true });
    if (record.unclamp.pressed > 0) {
      await waitIdle(watch, SCROLL_IDLE_MS);
      await sleep(SCROLL_PAUSE_MS);
      const again = await run<UnclampResult>(at, { op: 'unclamp', press: false });
      record.unclamp.unclamped += again.unclamped;
    }

    // Overlays and scroll locks.
    record.overlays = await run<OverlayResult>(at, { op: 'overlays' });
    await run(at, { op: 'top' });
  } catch (error) {
    record.interrupted = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);
  } finally {
    watch.stop();
  }
  // A clean state for the page after this one: no cookies or storage (consent choices) carried over.
  await withDeadline(page.context().clearCookies(), EVALUATE_TIMEOUT_MS, 'clearCookies').catch(() => undefined);
  await withDeadline(page
    .evaluate(() => {
      try {
        localStorage.clear();
        sessionStorage.clear();
      } catch {
        // storage may be denied (opaque origins); nothing to clear then
      }
    }), EVALUATE_TIMEOUT_MS, 'clear storage')
    .catch(() => undefined);
  record.ms = Math.round(performance.now() - started);
  return record;
}

/**
 * Waits until the page has no request of its own in flight — seen from Node (the fetch guard's
 * events) and from inside (an observer's fetch is counted the moment it is made) — at most `maxMs`.
 */
async function waitRequests(at: InPage, watch: RequestWatch, maxMs: number): Promise<ScrollStep> {
  const until = performance.now() + maxMs;
  for (;;) {
    const state = await run<ScrollStep>(at, { op: 'pending' });
    if ((state.pending === 0 && watch.count === 0) || performance.now() >= until) return state;
    await sleep(Math.min(REQUEST_POLL_MS, Math.max(1, until - performance.now())));
  }
}

/**
 * Scrolls through the page in viewport steps until it stops growing. Stop rules follow what the
 * page does, not the wall clock, so a slow machine reads a lazy page as whole as a fast one:
 * - each step waits for the page's frames (its observers fire), then for its requests, then
 *   for one more turn of frames (their answers are written) before the page is measured;
 * - the bottom counts only after two steps in a row at the bottom with nothing in flight and
 *   nothing grown;
 * - the budget is spent by steps that add nothing to the candidate body: a lazy body that
 *   still grows keeps scrolling (up to SCROLL_HARD_FACTOR × the budget), an endless feed —
 *   whose stories are appended beside the body, not in it — stops at the budget.
 */
async function scrollThrough(at: InPage, watch: RequestWatch, probe: () => Promise<LiveProbe>, budgetMs: number, hardMs: number): Promise<LiveRecord['scroll']> {
  const started = performance.now();
  const before = await probe();
  if (!before.scripted) return { ms: Math.round(performance.now() - started), steps: 0, reason: 'no-script', grewChars: 0, droppedStories: 0 };
  await run(at, { op: 'mark-body' });
  let steps = 0;
  let reason: LiveRecord['scroll']['reason'] = 'steps';
  let lastHeight = before.scrollHeight;
  let lastChars = before.chars;
  let bottomHits = 0;
  let bottomSince = 0;
  /** Time spent on steps that did not grow the body. */
  let spent = 0;
  while (steps < MAX_SCROLL_STEPS) {
    const hardLeft = hardMs - (performance.now() - started);
    if (spent >= budgetMs || hardLeft <= 0) {
      reason = 'budget';
      break;
    }
    const stepStarted = performance.now();
    await run<ScrollStep>(at, { op: 'scroll-step' });
    steps += 1;
    // What the step set off: its requests answered, then a turn of frames for their callbacks.
    await waitRequests(at, watch, Math.min(budgetMs - spent, hardLeft));
    const settledStep = await run<ScrollStep>(at, { op: 'frames' });
    const now = await probe();
    const grew = now.chars > lastChars;
    if (!grew) spent += performance.now() - stepStarted;
    if (settledStep.atBottom) {
      // At the bottom twice in a row, nothing in flight and nothing grown: the page has no more
      // to give. (Once is not enough: a feed's next item may be one request behind.)
      if (now.scrollHeight <= lastHeight && !grew && settledStep.pending === 0 && watch.count === 0) {
        bottomHits += 1;
        if (bottomHits === 1) bottomSince = performance.now();
        if (bottomHits >= 2 && performance.now() - bottomSince >= BOTTOM_HOLD_MS) {
          reason = 'bottom';
          break;
        }
      } else bottomHits = 0;
    } else bottomHits = 0;
    lastHeight = Math.max(lastHeight, now.scrollHeight);
    lastChars = Math.max(lastChars, now.chars);
  }
  const droppedStories = await run<number>(at, { op: 'drop-appended' });
  const after = await probe();
  await run(at, { op: 'top' });
  return { ms: Math.round(performance.now() - started), steps, reason, grewChars: after.pageChars - before.pageChars, droppedStories };
}
