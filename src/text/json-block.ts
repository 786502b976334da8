/**
 * One JSON-LD script's text as JSON, as pages write it. Pure, linear in the text.
 *
 * JSON forbids raw control characters inside strings, and pages often have them: a product's or
 * a post's description pasted with its line breaks and tabs ("…anytime, anywhere.⏎⏎The screen
 * includes…"). Search engines read such blocks; `JSON.parse` throws on them. A block that fails
 * to parse is tried once more with the control characters inside its strings escaped (one pass
 * that tracks whether it is inside a string); a block that still fails, or had none to escape,
 * is no JSON (undefined). On WCXB-dev and AEB 30 of the JSON-LD blocks fail to parse, on 24
 * pages; 13 of those pages parse so. The rest (missing commas, two objects run together, comments) are
 * left unread: the general mender tried (jsonrepair) took 188 s on a 2 MB block of missing commas.
 */

/** The escapes JSON writes for the control characters it names; the others as \u00XX. */
const NAMED_ESCAPES: Readonly<Record<number, string>> = { 0x08: '\\b', 0x09: '\\t', 0x0a: '\\n', 0x0c: '\\f', 0x0d: '\\r' };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export function parseJsonBlock(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    // mended below, once
  }
  const mended = escapeControlsInStrings(raw);
  if (mended === null) return undefined;
  try {
    return JSON.parse(mended) as unknown;
  } catch {
    return undefined;
  }
}

/** The text with the control characters inside its JSON strings escaped; null when it has none. */
export function escapeControlsInStrings(raw: string): string | null {
  const parts: string[] = [];
  let from = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (!inString) {
      if (c === QUOTE) inString = true;
    } else if (escaped) {
      escaped = false;
    } else if (c === BACKSLASH) {
      escaped = true;
    } else if (c === QUOTE) {
      inString = false;
    } else if (c < 0x20) {
      parts.push(raw.slice(from, i), NAMED_ESCAPES[c] ?? `\\u${c.toString(16).padStart(4, '0')}`);
      from = i + 1;
    }
  }
  if (parts.length === 0) return null;
  parts.push(raw.slice(from));
  return parts.join('');
}
