/**
 * What a saved page written into a worker's document with JavaScript off (render/offline-load.ts)
 * can lose without changing what the pipeline reads, as data and two small decisions on one
 * tag's tokens (the markup pass, markup-pass.ts, calls them):
 *
 * - Script text that can never run. A news page carries 100–600 kB of inline script (bundles,
 *   hydration state, ad set-up): Chromium would still carry it over the DevTools wire, parse it
 *   into text nodes and hold it. Measured on AEB: the bytes written fell by ~24 %. The
 *   `<script>` elements stay (empty), so the DOM has the same elements.
 * - Subresource requests that could only be refused. With the network off every one fails
 *   anyway, but each failure still costs a trip through Chromium's browser and network processes
 *   and a DevTools event to Node, and a refused frame a renderer process of its own. On AEB a
 *   page asked for ~22; taking them out lowered Chromium + Node CPU per page by about a third with
 *   the extracted texts byte-identical. Each change lays the page out exactly as the failed
 *   request would, and the snapshot still reads the addresses as written.
 */
import type { StartTag } from './tokenize.js';

/** Script texts read with JavaScript off: JSON-LD, read as metadata (in-page/collect-layout.ts). */
const KEPT_SCRIPT_TYPES: ReadonlySet<string> = new Set(['application/ld+json']);
/** Streaming-HTML instructions (`$RC(…)`, `$RS(…)`, `$RR(…)`): settle-streamed.ts applies them. */
const STREAMING_INSTRUCTION_MARK = '$R';

/** Whether a script's text is read by the pipeline although scripts are off (so it stays). */
export function scriptTextKept(tag: StartTag, text: string): boolean {
  const type = (tag.attrs.find((a) => a.name === 'type')?.value ?? '').trim().toLowerCase();
  return KEPT_SCRIPT_TYPES.has(type) || text.includes(STREAMING_INSTRUCTION_MARK);
}

/** Prefix under which a moved attribute is kept; the layout collector reads it back. */
export const MOVED_ATTRIBUTE_PREFIX = 'data-broadsheet-';

/**
 * A source that fails inside the renderer, with no request: an empty data: URL is no image,
 * so the element shows the same broken-image box as after a refused request.
 */
const FAILING_IMAGE_SOURCE = 'data:,';

/**
 * What to do with each kind of element:
 * - `move`: attributes renamed to `data-broadsheet-<name>` (never fetched, still readable);
 * - `failingSource`: an `src` that fails without a request is added (images only);
 * - `disable`: the `disabled` attribute is added (a disabled stylesheet is not fetched, and the
 *   link keeps its `rel` and `href` for the snapshot's link list).
 */
interface TagRule {
  move: readonly string[];
  failingSource?: boolean;
  /** Only when the element's `rel` has one of these words (links). */
  relWords?: ReadonlySet<string>;
  disable?: boolean;
}

const RULES: Readonly<Record<string, readonly TagRule[]>> = {
  // Images: the broken-image box comes from the data: source instead of a refused request.
  img: [{ move: ['src', 'srcset'], failingSource: true }],
  // <picture> candidates: their own requests would be chosen over the <img>'s.
  source: [{ move: ['src', 'srcset'] }],
  // Frames are leaves of the snapshot (their content is never read); without `src` a frame is
  // an empty box of the same size, in the page's own renderer process.
  iframe: [{ move: ['src'] }],
  frame: [{ move: ['src'] }],
  // Scripts never run here (JavaScript is off for pages written in place).
  script: [{ move: ['src'] }],
  // Media and embeds: only their boxes matter, and those come from attributes and CSS.
  video: [{ move: ['src', 'poster'] }],
  audio: [{ move: ['src'] }],
  track: [{ move: ['src'] }],
  embed: [{ move: ['src'] }],
  object: [{ move: ['data'] }],
  input: [{ move: ['src'] }],
  link: [
    { move: [], relWords: new Set(['stylesheet']), disable: true },
    // Hints and icons load nothing the layout uses.
    { move: ['href', 'imagesrcset'], relWords: new Set(['preload', 'prefetch', 'modulepreload', 'preconnect', 'dns-prefetch', 'prerender', 'icon', 'apple-touch-icon', 'apple-touch-icon-precomposed', 'manifest', 'mask-icon']) },
  ],
};

/** Whether an address is a data: URL (the scheme in any case). */
const isDataUrl = (address: string): boolean => address.slice(0, 5).toLowerCase() === 'data:';

const isSeparator = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r' || c === '/' || c === '"' || c === "'";

/**
 * The start tag (an HTML element's, at `tag.start`…`tag.end` of `html`) rewritten so that it
 * makes no request, and the requests that takes out (one per element); null when it makes none.
 */
export function inertStartTag(html: string, tag: StartTag): { text: string; requests: number } | null {
  const rules = RULES[tag.name];
  if (!rules) return null;
  const value = (name: string): string | undefined => tag.attrs.find((a) => a.name === name)?.value;
  const rel = new Set((value('rel') ?? '').toLowerCase().split(/[\t\n\f\r ]+/u).filter(Boolean));
  const rule = rules.find((r) => !r.relWords || [...r.relWords].some((w) => rel.has(w)));
  if (!rule) return null;
  // A data: URL is no request (the network being off does not stop it): it stays, and loads as
  // it would after a navigation — lazy-loading placeholders are inline SVGs of the image's size.
  const moved = rule.move.filter((name) => {
    const written = (value(name) ?? '').trim();
    return written !== '' && !isDataUrl(written);
  });
  const disabling = rule.disable === true && value('disabled') === undefined && value('href') !== undefined;
  if (moved.length === 0 && !disabling) return null;
  // Where the prefix goes: each moved attribute's name, and its repeats (which would count once
  // the first is renamed).
  const at: number[] = [];
  for (const name of moved) {
    at.push(tag.attrSpan(name)!.start);
    for (const end of tag.repeatedNameEnds) {
      const start = end - name.length;
      if (html.slice(start, end).toLowerCase() === name && isSeparator(html[start - 1])) at.push(start);
    }
  }
  at.sort((a, b) => a - b);
  const nameEnd = tag.start + 1 + tag.name.length;
  const added = [rule.failingSource && moved.length > 0 ? ` src="${FAILING_IMAGE_SOURCE}"` : '', disabling ? ' disabled' : ''].join('');
  const parts = [html.slice(tag.start, nameEnd), added];
  let copied = nameEnd;
  for (const offset of at) {
    parts.push(html.slice(copied, offset), MOVED_ATTRIBUTE_PREFIX);
    copied = offset;
  }
  parts.push(html.slice(copied, tag.end));
  return { text: parts.join(''), requests: 1 };
}
