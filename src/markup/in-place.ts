/**
 * A saved page as text to write into a reused document (see render/offline-load.ts for why
 * most saved pages are written rather than navigated to). Pure: strings in, strings out.
 */

/** A saved page ready to be written into a reused document (see `inPlaceDocument`). */
export interface InPlaceDocument {
  /** The decoded markup, with `<base href>` naming the page's URL inserted after the doctype. */
  html: string;
  /** The page's URL as Chromium would report it (`location.href`). */
  url: string;
  /** Its scheme (`http:` or `https:`): the reused document must have the same. */
  protocol: string;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** ESC: the escapes of ISO-2022-JP (and UTF-7's cousins) are ASCII bytes that decode otherwise. */
const ESCAPE_BYTE = 0x1b;
/**
 * The end of a doctype at the start of the markup — after whitespace, comments and `<?…>`
 * bogus comments — or -1 when there is none. One forward pass: each comment ends at its first
 * `-->` (as the tokenizer ends it), so no text is looked at twice. (A regular expression did
 * this before and backtracked super-linearly over pages that begin with a comment and have no
 * doctype: a 50 KB page never finished.)
 */
export function leadingDoctypeEnd(text: string): number {
  let at = 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at += 1;
    if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      if (end < 0) return -1;
      at = end + 3;
    } else if (text.startsWith('<?', at)) {
      const end = text.indexOf('>', at + 2);
      if (end < 0) return -1;
      at = end + 1;
    } else break;
  }
  if (text.slice(at, at + 9).toLowerCase() !== '<!doctype') return -1;
  const next = text[at + 9];
  if (next !== undefined && /[a-z0-9_]/i.test(next)) return -1; // `\b` after the keyword
  const end = text.indexOf('>', at + 9);
  return end < 0 ? -1 : end + 1;
}
/** The first `<base href>` of the markup (a document's base URL is its first base with an href). */
const BASE_HREF = /<base\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

/** The few character references a URL in an attribute carries in practice. */
function decodeAttribute(value: string): string {
  return value.replace(/&(amp|quot|apos|#39|#x27);/gi, (_, name: string) => ({ amp: '&', quot: '"', apos: "'", '#39': "'", '#x27': "'" })[name.toLowerCase()] ?? '');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/**
 * The saved page as text to write into a reused document, or null when only a navigation
 * reproduces what Chromium would do:
 * - the bytes must decode one way only: valid UTF-8 (a page with non-ASCII is served as UTF-8,
 *   see `savedPageContentType`; a pure-ASCII page reads the same in every ASCII-compatible
 *   encoding), or anything after a UTF-8 BOM, and no ESC byte (ISO-2022-JP's escapes);
 * - the URL must be http(s);
 * - a doctype must be at the very start when there is one, so that the inserted `<base>` comes
 *   after it (anything before the doctype would put the page in quirks mode).
 * The page's own first `<base href>` is resolved against its URL here, as a browser would, and
 * replaced by the absolute result, since the inserted one comes first.
 */
export function inPlaceDocument(bytes: Buffer, url: string): InPlaceDocument | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (bytes.includes(ESCAPE_BYTE)) return null;
  let text: string;
  try {
    text = bytes.subarray(0, 3).equals(UTF8_BOM)
      ? new TextDecoder('utf-8').decode(bytes)
      : new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null; // not UTF-8: Chromium decodes it by its declaration or detection
  }
  let base = parsed.href;
  const own = BASE_HREF.exec(text);
  if (own) {
    try {
      base = new URL(decodeAttribute((own[1] ?? own[2] ?? own[3] ?? '').trim()), parsed).href;
    } catch {
      // An unparseable base is ignored by browsers too: the page's URL stays the base.
    }
  }
  const doctypeEnd = leadingDoctypeEnd(text);
  if (doctypeEnd < 0 && /<!doctype/i.test(text.slice(0, 4096))) return null; // a doctype after other markup
  const at = Math.max(0, doctypeEnd);
  const html = `${text.slice(0, at)}<base href="${escapeAttribute(base)}">${text.slice(at)}`;
  return { html, url: parsed.href, protocol: parsed.protocol };
}

/**
 * Whether `page` can be written into a document at `currentUrl` (the page's URL now) instead
 * of navigated to: the document must have the page's scheme, since http or https decides
 * whether images on http: addresses are upgraded; about:blank and error pages never qualify.
 */
export function canWriteInto(currentUrl: string, page: InPlaceDocument): boolean {
  try {
    return new URL(currentUrl).protocol === page.protocol;
  } catch {
    return false;
  }
}
