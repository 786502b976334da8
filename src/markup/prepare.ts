/**
 * Markup preparation: everything Node does to a saved page's bytes before Chromium sees them,
 * as one pure step with plain data out (issue 21). The render session calls `prepareMarkup`
 * and only loads what it returns, so this step can be tested and fuzzed without a browser and
 * run wherever the session chooses (on the main thread today).
 *
 * In order:
 * 1. refuse markup with far more elements than the render may hold (`render-dom-too-large`);
 * 2. with JavaScript off, reshape nesting where Chromium's cost would explode (flatten-nesting.ts);
 * 3. where the page can be written into a reused document (in-place.ts), drop the text of
 *    scripts that cannot run (inert-scripts.ts) and the subresource requests that could only be
 *    refused (inert-subresources.ts).
 */
import { RenderError } from '../errors.js';
import type { PageCut } from '../types.js';
import { flattenNesting } from './flatten-nesting.js';
import { dropInertScripts } from './inert-scripts.js';
import { withoutSubresourceRequests } from './inert-subresources.js';
import { inPlaceDocument, type InPlaceDocument } from './in-place.js';

export interface MarkupPreparation {
  /** The page's URL (the in-place document's `<base>`). */
  url: string;
  /** Markup with more start tags than this is refused before rendering. */
  maxElements: number;
  /** Whether scripts will run: with them on, the markup is left as it is (bar the size check). */
  javaScript: boolean;
  /**
   * Whether the page may be written into a reused document (a saved page without replayed
   * subresources, in a session that writes in place); false: it is navigated to.
   */
  inPlace: boolean;
}

/** A saved page ready to load. */
export interface PreparedMarkup {
  /** The bytes to navigate to: the input, or its reshaped form when nesting was cut. */
  bytes: Buffer;
  /** What was cut from the markup (kinds 'depth' and 'inline-run'); empty for most pages. */
  cuts: PageCut[];
  /** The text to write into a reused document, or null when only a navigation will do. */
  inPlace: (InPlaceDocument & { requestsRemoved: number }) | null;
}

/**
 * Counts start tags (`<` followed by a letter): text that merely looks like a tag can only make
 * the estimate high, never let a huge page through. A DOM of a million nodes took ~25 s to load.
 */
export function refuseHugeMarkup(bytes: Buffer, maxElements: number): void {
  let tags = 0;
  for (let i = bytes.indexOf(0x3c); i >= 0 && i < bytes.length - 1; i = bytes.indexOf(0x3c, i + 1)) {
    const next = bytes[i + 1]! | 0x20; // lower-case ASCII letters
    if (next >= 0x61 && next <= 0x7a) tags++;
  }
  if (tags > maxElements) {
    throw new RenderError(
      'render-dom-too-large',
      `The page has ${tags} elements (start tags in its markup), more than the limit of ${maxElements}`,
      false,
    );
  }
}

/** Prepares a saved page's markup for loading (see the module comment). */
export function prepareMarkup(bytes: Buffer, options: MarkupPreparation): PreparedMarkup {
  refuseHugeMarkup(bytes, options.maxElements);
  if (options.javaScript) return { bytes, cuts: [], inPlace: null };
  const reshaped = flattenNesting(bytes);
  const prepared = reshaped.cuts.length > 0 ? reshaped.bytes : bytes;
  const document = options.inPlace ? inPlaceDocument(prepared, options.url) : null;
  if (!document) return { bytes: prepared, cuts: reshaped.cuts, inPlace: null };
  // Written with JavaScript off: the text of scripts that cannot run is dead weight, and
  // requests that would only be refused are taken out of the markup first.
  const inert = withoutSubresourceRequests(dropInertScripts(document.html));
  return { bytes: prepared, cuts: reshaped.cuts, inPlace: { ...document, html: inert.html, requestsRemoved: inert.requestsRemoved } };
}
