/**
 * A saved page as text to write into a reused document (see render/offline-load.ts for why
 * most saved pages are written rather than navigated to). Pure: strings in, strings out; the
 * markup pass (markup-pass.ts) finds the doctype and the page's own `<base>`, prepare.ts puts
 * the pieces together.
 *
 * A page is written only when that reproduces what Chromium would do with a navigation:
 * - the bytes must decode one way only: valid UTF-8 (a page with non-ASCII is served as UTF-8,
 *   see `savedPageContentType`; a pure-ASCII page reads the same in every ASCII-compatible
 *   encoding), and no ESC byte (ISO-2022-JP's escapes);
 * - the URL must be http(s);
 * - a doctype must come first when there is one (only whitespace and comments before it), so
 *   that the inserted `<base>` comes after it (anything before the doctype would put the page
 *   in quirks mode).
 */

/** A saved page ready to be written into a reused document. */
export interface InPlaceDocument {
  /** The decoded markup, with `<base href>` naming the page's URL inserted after the doctype. */
  html: string;
  /** The page's URL as Chromium would report it (`location.href`). */
  url: string;
  /** Its scheme (`http:` or `https:`): the reused document must have the same. */
  protocol: string;
}

/** The page's URL when a page at it may be written in place (http or https); null otherwise. */
export function writableUrl(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The `<base>` element that gives the written page its address: the page's own first `<base
 * href>` (its value as the tokenizer decoded it from the latin1 view of the bytes), resolved
 * against the page's URL as a browser would, or the page's URL itself.
 */
export function baseElement(page: URL, ownHref: string | null): string {
  let base = page.href;
  if (ownHref !== null) {
    try {
      base = new URL(utf8Of(ownHref).trim(), page).href;
    } catch {
      // An unparseable base is ignored by browsers too: the page's URL stays the base.
    }
  }
  return `<base href="${base.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
}

/** A string read from bytes as latin1, read again as UTF-8 (unchanged when a reference made a wider character). */
function utf8Of(latin1: string): string {
  for (let i = 0; i < latin1.length; i++) if (latin1.charCodeAt(i) > 0xff) return latin1;
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

/** The written markup (a latin1 view of UTF-8 bytes) decoded; a BOM goes; null when not UTF-8. */
export function decodeWritten(latin1: string): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(latin1, 'latin1'));
  } catch {
    return null;
  }
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
