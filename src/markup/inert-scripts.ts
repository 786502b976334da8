/**
 * The text of scripts that can never run, dropped from a saved page before it is written into
 * a worker's document (offline-load.ts: saved pages are written with JavaScript off). A news
 * page carries 100–600 kB of inline script (bundles, hydration state, ad set-up): Chromium
 * still has to carry it over the DevTools wire, parse it into text nodes and hold it, and the
 * snapshot's walks pass over it. Measured on AEB: the bytes written fell by ~24 %.
 *
 * Kept, because the pipeline reads them with scripts off:
 * - JSON-LD (`type="application/ld+json"`): the collector reads it as page metadata
 *   (in-page/collect-layout.ts);
 * - streaming-HTML instructions (`$RC(…)`, `$RS(…)`, `$RR(…)`): settle-streamed.ts applies them
 *   as the scripts would (it reads every script whose text holds `$R`).
 * The `<script>` elements themselves stay (empty), so the DOM has the same elements.
 *
 * Pure, on the markup: a small scan that follows the HTML tokenizer where it matters (comments,
 * tags and their quoted attribute values, raw-text elements whose text could hold `<script>`,
 * SVG and MathML, where a script's text is markup). Where it cannot be sure where a script ends
 * (a `<!--` followed by `<script` inside one, CDATA sections) it stops and leaves the rest of the
 * page as it is: the output is the input with some scripts' text removed, never anything else.
 */

/** Script texts that are read with JavaScript off: kept. */
const KEPT_SCRIPT_TYPES = new Set(['application/ld+json']);
/** The text settle-streamed.ts looks for in a script (the `$RC`/`$RS`/`$RR` calls). */
const STREAMING_INSTRUCTION_MARK = '$R';

/** Elements whose content is text up to their end tag (raw text and RCDATA, as the tokenizer reads them). */
const TEXT_ONLY_ELEMENTS = new Set(['style', 'xmp', 'iframe', 'noembed', 'noframes', 'textarea', 'title']);
/** Elements whose content is parsed as foreign markup: a `<script>` inside one is not raw text. */
const FOREIGN_ROOTS = new Set(['svg', 'math']);

const TAG_NAME = /[^\t\n\f\r />]*/y;
const SPACES = /[\t\n\f\r ]*/y;
const ATTRIBUTE_NAME = /[^\t\n\f\r />][^\t\n\f\r /=>]*/y;
const UNQUOTED_VALUE = /[^\t\n\f\r >]*/y;

function matchAt(pattern: RegExp, text: string, at: number): string {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0] ?? '';
}

interface Tag {
  name: string;
  attributes: Map<string, string>;
  selfClosing: boolean;
  /** Index just after the tag's `>`; -1 when the markup ends inside the tag. */
  end: number;
}

/** Reads a start or end tag whose name starts at `at` (just after `<` or `</`). */
function readTag(html: string, at: number): Tag {
  const name = matchAt(TAG_NAME, html, at).toLowerCase();
  const attributes = new Map<string, string>();
  let i = at + name.length;
  let selfClosing = false;
  for (;;) {
    i += matchAt(SPACES, html, i).length;
    const c = html[i];
    if (c === undefined) return { name, attributes, selfClosing, end: -1 };
    if (c === '>') return { name, attributes, selfClosing, end: i + 1 };
    if (c === '/') {
      selfClosing = html[i + 1] === '>';
      i += 1;
      continue;
    }
    const attribute = matchAt(ATTRIBUTE_NAME, html, i);
    i += attribute.length;
    i += matchAt(SPACES, html, i).length;
    let value = '';
    if (html[i] === '=') {
      i += 1;
      i += matchAt(SPACES, html, i).length;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close < 0) return { name, attributes, selfClosing, end: -1 };
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        value = matchAt(UNQUOTED_VALUE, html, i);
        i += value.length;
      }
    }
    const key = attribute.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, value); // the first of a repeated attribute counts
  }
}

/** `</name` followed by a space, `/` or `>`, per element whose text ends at its end tag. */
const END_TAGS = new Map([...TEXT_ONLY_ELEMENTS, 'script'].map((name) => [name, new RegExp(`</${name}[\\t\\n\\f\\r />]`, 'gi')]));

/** Where the end tag of `name` (one of `END_TAGS`) starts, from `from`; -1 if none. */
function endTagAt(html: string, name: string, from: number): number {
  const pattern = END_TAGS.get(name)!;
  pattern.lastIndex = from;
  return pattern.exec(html)?.index ?? -1;
}

/** Whether a script's text is read by the pipeline although scripts are off. */
function isKept(attributes: Map<string, string>, text: string): boolean {
  const type = (attributes.get('type') ?? '').trim().toLowerCase();
  return KEPT_SCRIPT_TYPES.has(type) || text.includes(STREAMING_INSTRUCTION_MARK);
}

/**
 * `html` with the text of every `<script>` that cannot run (JavaScript is off) and is not read
 * (see the module comment) removed. Returns `html` itself when nothing was removed.
 */
export function dropInertScripts(html: string): string {
  const kept: string[] = [];
  let copiedTo = 0;
  let foreignDepth = 0;
  let at = html.indexOf('<');
  while (at >= 0) {
    const next = html[at + 1];
    let resume: number;
    if (html.startsWith('<!--', at)) {
      // A comment: `-->`, `--!>`, or at once `>` / `->`.
      if (html[at + 4] === '>') resume = at + 5;
      else if (html.startsWith('->', at + 4)) resume = at + 6;
      else {
        const ends = [html.indexOf('-->', at + 4), html.indexOf('--!>', at + 4)].filter((i) => i >= 0);
        if (ends.length === 0) break;
        const end = Math.min(...ends);
        resume = end + (html.startsWith('-->', end) ? 3 : 4);
      }
    } else if (html.startsWith('<![CDATA[', at)) {
      break; // read differently inside and outside SVG: stop here
    } else if (next === '!' || next === '?') {
      const end = html.indexOf('>', at + 2); // a doctype or bogus comment
      if (end < 0) break;
      resume = end + 1;
    } else if (next === '/' && /[a-z]/i.test(html[at + 2] ?? '')) {
      const tag = readTag(html, at + 2);
      if (tag.end < 0) break;
      if (FOREIGN_ROOTS.has(tag.name) && foreignDepth > 0) foreignDepth -= 1;
      resume = tag.end;
    } else if (next !== undefined && /[a-z]/i.test(next)) {
      const tag = readTag(html, at + 1);
      if (tag.end < 0) break;
      resume = tag.end;
      if (FOREIGN_ROOTS.has(tag.name) && !tag.selfClosing) foreignDepth += 1;
      else if (tag.name === 'plaintext' && foreignDepth === 0) break; // the rest is text
      else if (TEXT_ONLY_ELEMENTS.has(tag.name) && foreignDepth === 0) {
        const end = endTagAt(html, tag.name, tag.end);
        if (end < 0) break;
        resume = end;
      } else if (tag.name === 'script' && foreignDepth === 0) {
        // (`<script/>` opens a script like `<script>` does: HTML ignores the slash.)
        const end = endTagAt(html, 'script', tag.end);
        if (end < 0) break;
        const text = html.slice(tag.end, end);
        // `<!--` then `<script` inside a script's text puts the tokenizer in a state where the
        // first `</script>` does not end the element: where it ends is not worth guessing.
        const comment = text.indexOf('<!--');
        if (comment >= 0 && /<script[\t\n\f\r />]/i.test(text.slice(comment))) break;
        if (text.length > 0 && !isKept(tag.attributes, text)) {
          kept.push(html.slice(copiedTo, tag.end));
          copiedTo = end;
        }
        resume = end;
      }
    } else {
      resume = at + 1; // a `<` in text
    }
    at = html.indexOf('<', resume);
  }
  if (copiedTo === 0) return html;
  kept.push(html.slice(copiedTo));
  return kept.join('');
}
