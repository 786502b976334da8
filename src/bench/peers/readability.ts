/**
 * Mozilla's Readability.js on jsdom, run the way its users run it: `new JSDOM(html, { url })`,
 * `new Readability(document).parse()`, text = `textContent`, default options.
 *
 * The HTML is given to jsdom as bytes with the page's stated charset as the content type, so
 * it decodes them as a browser would (BOM, then the stated charset, then `<meta charset>`,
 * then windows-1252). Scripts do not run and no subresource is loaded (jsdom's defaults,
 * spelled out below); jsdom's own console output (CSS it cannot parse, …) is dropped.
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { Readability } from '@mozilla/readability';
import type * as JsdomModule from 'jsdom';
import { describeError } from '../../errors.js';
import { contentTypeOf } from '../corpora/html-source.js';
import type { PeerExtractor, PeerInput, PeerResult, PeerTimings } from './types.js';

/**
 * jsdom, loaded on the first page (synchronously: it is CommonJS): a process that only lists
 * the CLI's commands (`broadsheet --help`) or never runs the peer does not pay its ~0.4 s.
 */
let jsdomModule: typeof JsdomModule | undefined;
function jsdom(): typeof JsdomModule {
  return (jsdomModule ??= createRequire(import.meta.url)('jsdom') as typeof JsdomModule);
}

/** Document URL when the page's own is unknown; `.invalid` is reserved and never resolves. */
export const PLACEHOLDER_URL = 'https://page.invalid/';

const readabilityVersion: string = (() => {
  try {
    const manifest: unknown = createRequire(import.meta.url)('@mozilla/readability/package.json');
    const version = (manifest as { version?: unknown }).version;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
})();

function timings(start: number, parsed: number, end: number): PeerTimings {
  return { parseMs: parsed - start, extractMs: end - parsed, ms: end - start };
}

/** Runs Readability.js on one page. Synchronous work; never throws for a bad page. */
export function runReadability(input: PeerInput): PeerResult {
  const start = performance.now();
  let parsed = start;
  let dom: JsdomModule.JSDOM | undefined;
  try {
    const { JSDOM, VirtualConsole } = jsdom();
    dom = new JSDOM(input.bytes, {
      url: input.url ?? PLACEHOLDER_URL,
      contentType: contentTypeOf(input),
      virtualConsole: new VirtualConsole(),
      runScripts: undefined,
      resources: undefined,
    });
    parsed = performance.now();
    const article = new Readability(dom.window.document).parse();
    const end = performance.now();
    const title = article?.title ?? dom.window.document.title ?? '';
    if (article === null) {
      return { status: 'no-article', reason: 'Readability.parse() returned null', text: '', title, timings: timings(start, parsed, end) };
    }
    return { status: 'ok', text: article.textContent ?? '', title, timings: timings(start, parsed, end) };
  } catch (error) {
    const end = performance.now();
    if (parsed === start) parsed = end;
    return { status: 'error', error: describeError(error), text: '', title: '', timings: timings(start, parsed, end) };
  } finally {
    dom?.window.close();
  }
}

export const readabilityPeer: PeerExtractor = {
  name: 'readability',
  version: readabilityVersion,
  async extract(input) {
    return runReadability(input);
  },
};
