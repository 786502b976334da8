/**
 * Subresource requests a saved page would make, taken out of its markup before it is written
 * into a worker's document (offline-load.ts). With the network off every one of them fails
 * anyway, but each failure still costs a trip through Chromium's browser and network
 * processes and a DevTools event to Node, and a refused frame a renderer process of its own
 * (site isolation). On AEB a page asked for ~22 (13 images, 5 stylesheets, 1 frame, preloads
 * and icons); taking them out lowered Chromium + Node CPU per page by about a third with the
 * extracted texts byte-identical (see the commit that added this module for the figures).
 *
 * Pure: markup in, markup out. Each change is chosen so the page lays out exactly as when the
 * request fails, and the snapshot still reads the addresses as written:
 */

/** Prefix under which a moved attribute is kept; the layout collector reads it back. */
export const MOVED_ATTRIBUTE_PREFIX = 'data-broadsheet-';

/**
 * A source that fails inside the renderer, with no request: an empty data: URL is no image,
 * so the element shows the same broken-image box as after a refused request.
 */
const FAILING_IMAGE_SOURCE = 'data:,';

/**
 * What to do with each kind of element, as data:
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

const RULES: Record<string, readonly TagRule[]> = {
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

/** Elements whose content is raw text, not markup: nothing inside them is rewritten. */
const RAW_TEXT_TAGS = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

interface Attribute {
  name: string;
  /** Offset of the name in the tag's text. */
  at: number;
  value: string | null;
}

const ATTRIBUTE = /[\s/]*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/gy;

/** The attributes of a start tag's text (from just after its name to before its `>`). */
function attributesOf(text: string, from: number): Attribute[] {
  const out: Attribute[] = [];
  ATTRIBUTE.lastIndex = from;
  for (let m = ATTRIBUTE.exec(text); m; m = ATTRIBUTE.exec(text)) {
    const name = m[1]!;
    out.push({ name: name.toLowerCase(), at: m.index + m[0].indexOf(name), value: m[2] ?? m[3] ?? m[4] ?? null });
  }
  return out;
}

/** Where the start tag opened at `lt` ends (just after its `>`), quotes respected; -1 if never. */
function endOfTag(html: string, lt: number): number {
  let quote = 0;
  for (let i = lt + 1; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) {
      // A quote only opens a value right after `=` (possibly with spaces between).
      let j = i - 1;
      while (j > lt && /\s/u.test(html[j]!)) j--;
      if (html[j] === '=') quote = c;
    } else if (c === 0x3e) {
      return i + 1;
    }
  }
  return -1;
}

/** The rewritten start tag, and how many requests it no longer makes. */
function rewriteTag(tag: string, name: string, nameEnd: number): { tag: string; requests: number } {
  const rules = RULES[name];
  if (!rules) return { tag, requests: 0 };
  const attributes = attributesOf(tag, nameEnd);
  const rel = new Set((attributes.find((a) => a.name === 'rel')?.value ?? '').toLowerCase().split(/\s+/u).filter(Boolean));
  const rule = rules.find((r) => !r.relWords || [...r.relWords].some((w) => rel.has(w)));
  if (!rule) return { tag, requests: 0 };
  const moved = attributes.filter((a) => rule.move.includes(a.name) && a.value !== null && a.value.trim() !== '');
  const disabling = rule.disable === true && !attributes.some((a) => a.name === 'disabled') && attributes.some((a) => a.name === 'href');
  if (moved.length === 0 && !disabling) return { tag, requests: 0 };
  let out = tag;
  // Renamed from the end, so earlier offsets stay valid.
  for (const a of [...moved].sort((x, y) => y.at - x.at)) out = `${out.slice(0, a.at)}${MOVED_ATTRIBUTE_PREFIX}${out.slice(a.at)}`;
  const added = [rule.failingSource && moved.length > 0 ? ` src="${FAILING_IMAGE_SOURCE}"` : '', disabling ? ' disabled' : ''].join('');
  out = `${out.slice(0, nameEnd)}${added}${out.slice(nameEnd)}`;
  return { tag: out, requests: disabling ? 1 : Math.min(1, moved.length) };
}

export interface InertMarkup {
  html: string;
  /** Elements that no longer make a request (each would have been refused). */
  requestsRemoved: number;
}

/**
 * The markup with the subresource requests of `RULES` taken out. Comments, raw-text elements
 * (scripts, styles, textareas…) and everything that is not a start tag are copied as they are.
 */
export function withoutSubresourceRequests(html: string): InertMarkup {
  const parts: string[] = [];
  let copied = 0;
  let removed = 0;
  let lower: string | undefined; // for finding raw-text ends, made once when first needed
  let i = html.indexOf('<');
  while (i >= 0 && i < html.length - 1) {
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      if (end < 0) break;
      i = html.indexOf('<', end + 3);
      continue;
    }
    const nameMatch = /^<([a-zA-Z][^\s/>]*)/u.exec(html.slice(i, i + 64));
    if (!nameMatch) {
      i = html.indexOf('<', i + 1);
      continue;
    }
    const end = endOfTag(html, i);
    if (end < 0) break;
    const name = nameMatch[1]!.toLowerCase();
    const { tag, requests } = rewriteTag(html.slice(i, end), name, nameMatch[0].length);
    if (requests > 0) {
      parts.push(html.slice(copied, i), tag);
      copied = end;
      removed += requests;
    }
    if (RAW_TEXT_TAGS.has(name)) {
      lower ??= html.toLowerCase();
      const close = lower.indexOf(`</${name}`, end);
      if (close < 0) break;
      i = close;
      i = html.indexOf('<', i + 1);
      continue;
    }
    i = html.indexOf('<', end);
  }
  if (copied === 0) return { html, requestsRemoved: 0 };
  parts.push(html.slice(copied));
  return { html: parts.join(''), requestsRemoved: removed };
}
