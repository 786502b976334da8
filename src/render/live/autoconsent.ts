/**
 * Consent dialogs answered by DuckDuckGo's autoconsent (issue 24, item 3): its rule set for
 * consent-management platforms (the package's compact rules: ~800 rules, filtered per URL by
 * the package's own `filterCompactRules`) and its Playwright content script, which talks to
 * Node through a binding. Everything ships in the npm package: nothing is fetched.
 *
 * The content script is evaluated in the settled page (as the package's own Playwright runner
 * does after navigation); it asks for its rules (`init`), asks Node to evaluate rule snippets
 * (`eval`), and reports what it found and did. One attempt at detection (`detectRetries: 0`):
 * the page has already settled, so a dialog that will ever show is there. Bounded by
 * `timeoutMs`; a page whose rule run fails or throws costs that time and nothing else.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Frame, Page } from 'playwright';

export interface AutoconsentResult {
  /** The rule (platform) that recognised the page's dialog, or null. */
  cmp: string | null;
  /** A dialog was open and the rule ran. */
  popup: boolean;
  /** The rule's opt-out/opt-in succeeded (null: it did not run). */
  succeeded: boolean | null;
  /** How the run ended: `done`, `nothing` (no platform), `timeout`, `error`. */
  end: 'done' | 'nothing' | 'timeout' | 'error';
  ms: number;
}

interface Message {
  type: string;
  [key: string]: unknown;
}

type Handler = (frame: Frame, message: Message) => Promise<void>;

const require = createRequire(import.meta.url);
let loaded: { script: string; rules: unknown; fullRules: () => unknown; filter: (rules: unknown, context: { url: string; mainFrame: boolean }) => unknown } | null = null;

/** The package's content script, compact rules and rule filter, read once. */
function autoconsentPackage(): NonNullable<typeof loaded> {
  if (!loaded) {
    const main = require.resolve('@duckduckgo/autoconsent');
    const lib = require('@duckduckgo/autoconsent') as { filterCompactRules: (rules: unknown, context: { url: string; mainFrame: boolean }) => unknown };
    loaded = {
      // The package exports only its web build and rules; the Playwright build sits beside the web build.
      script: readFileSync(join(dirname(main), 'autoconsent.playwright.js'), 'utf8'),
      rules: require('@duckduckgo/autoconsent/rules/compact-rules.json') as unknown,
      // Compact rules leave out the opt-in steps; accepting needs the full rules (read when first needed).
      fullRules: () => require('@duckduckgo/autoconsent/rules/rules.json') as unknown,
      filter: lib.filterCompactRules,
    };
  }
  return loaded;
}

/** The binding is exposed once per page (pages are reused); each run sets the handler. */
const handlers = new WeakMap<Page, Handler>();
const bound = new WeakSet<Page>();

/** Runs autoconsent once on the page's main frame; `action` is what its rule does with the dialog. */
export async function runAutoconsent(page: Page, action: 'optOut' | 'optIn', timeoutMs: number): Promise<AutoconsentResult> {
  const started = performance.now();
  const pkg = autoconsentPackage();
  const result: AutoconsentResult = { cmp: null, popup: false, succeeded: null, end: 'timeout', ms: 0 };
  let finish: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  const reply = (frame: Frame, message: unknown): Promise<unknown> =>
    frame.evaluate(`window.autoconsentReceiveMessage && autoconsentReceiveMessage(${JSON.stringify(message)})`).catch(() => undefined);
  handlers.set(page, async (frame, message) => {
    if (frame !== page.mainFrame()) return;
    switch (message.type) {
      case 'init': {
        const config = {
          enabled: true,
          autoAction: action,
          disabledCmps: [],
          enablePrehide: false,
          enableCosmeticRules: true,
          detectRetries: 0,
          enableHeuristicDetection: false,
          logs: { lifecycle: false, rulesteps: false, detectionsteps: false, evals: false, errors: false, messages: false, waits: false },
        };
        const rules = action === 'optIn' ? pkg.fullRules() : { compact: pkg.filter(pkg.rules, { url: frame.url(), mainFrame: true }) };
        await reply(frame, { type: 'initResp', config, rules });
        return;
      }
      case 'eval': {
        const value = await frame.evaluate(String(message['code'])).catch(() => false);
        await reply(frame, { id: message['id'], type: 'evalResp', result: value });
        return;
      }
      case 'cmpDetected':
      case 'popupFound':
        result.cmp = String(message['cmp']);
        if (message.type === 'popupFound') result.popup = true;
        return;
      case 'optOutResult':
      case 'optInResult':
        result.succeeded = message['result'] === true;
        return;
      case 'autoconsentDone':
        result.end = 'done';
        finish();
        return;
      case 'autoconsentError':
        return;
      case 'report': {
        const state = message['state'] as { lifecycle?: string } | undefined;
        if (state?.lifecycle === 'nothingDetected') {
          result.end = 'nothing';
          finish();
        } else if (state?.lifecycle === 'optOutFailed' || state?.lifecycle === 'optInFailed') {
          result.end = 'done';
          finish();
        }
        return;
      }
    }
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    if (!bound.has(page)) {
      await page.exposeBinding('autoconsentSendMessage', (source: { frame: Frame }, message: Message) => handlers.get(page)?.(source.frame, message));
      bound.add(page);
    }
    // Bounded as a whole: a page stuck in a script answers neither the injection nor the rule.
    const injected = page.evaluate(pkg.script).then(() => ended);
    injected.catch(() => undefined);
    const outcome = await Promise.race([injected.then(() => 'ended' as const), new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)))]);
    if (outcome === 'timeout') result.end = result.end === 'timeout' ? 'timeout' : result.end;
  } catch {
    result.end = 'error';
  } finally {
    clearTimeout(timer);
    handlers.delete(page);
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}
