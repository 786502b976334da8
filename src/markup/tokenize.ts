/**
 * The one HTML tokenizer of the markup step: parse5's, which follows the WHATWG tokenizer state
 * machine (comments and their odd ends, raw-text and RCDATA elements, script data with its
 * escaped states, CDATA in SVG and MathML, unclosed constructs at the end of input) in one
 * linear pass, with the source offsets of every token.
 *
 * The tokenizer alone does not know when the tree builder would switch it into a raw-text
 * state or into foreign content, so this module gives it that feedback, as parse5's own SAX
 * parser does, with one difference: the pages prepared here load with scripting disabled, so
 * `<noscript>` holds markup, not raw text (the spec's "scripting flag" off).
 *
 * Pure: a string in, callbacks out. Character tokens are joined into one text run between
 * other tokens, so a visitor sees text the way it sees a text node's source.
 */
import { foreignContent, html as HTML, Tokenizer, TokenizerMode, type Token, type TokenHandler } from 'parse5';

export interface StartTag {
  /** Lower-case tag name, as the tokenizer reads it. */
  name: string;
  /** Offsets of `<` and just after `>` in the input. */
  start: number;
  end: number;
  selfClosing: boolean;
  /** Attributes, first of each name (as the tokenizer keeps them), values decoded. */
  attrs: readonly Token.Attribute[];
  /** Where an attribute (its name to the end of its value) sits in the input; undefined when the tag has none of that name. */
  attrSpan(name: string): { start: number; end: number } | undefined;
  /** Inside SVG or MathML (foreign content): a script there is not raw text. */
  foreign: boolean;
  /**
   * Where repeated attributes (dropped by the tokenizer: the first of a name counts) end their
   * name, in the input; empty for almost every tag.
   */
  repeatedNameEnds: readonly number[];
  /**
   * A raw-text or RCDATA element written self-closed inside `<noscript>` (`<iframe … />`, the
   * JSX idiom of tag-manager snippets): its content is read as markup, as if it were closed at
   * once (see `NOSCRIPT_SELF_CLOSED`); the markup pass closes it in the page too.
   */
  closedInNoscript?: true;
}

export interface MarkupVisitor {
  startTag(tag: StartTag): void;
  endTag(name: string, start: number, end: number): void;
  /**
   * A run of text between two other tokens. `raw`: the content of a raw-text or RCDATA element
   * (script, style, textarea, title, …); `space`: it has a whitespace character; `blank`: only
   * whitespace.
   */
  text(start: number, end: number, raw: boolean, space: boolean, blank: boolean): void;
  comment(start: number, end: number): void;
  doctype(start: number, end: number): void;
}

/** The tokenizer state the tree builder puts an HTML start tag's content in (scripting disabled). */
const CONTENT_MODE: ReadonlyMap<string, (typeof TokenizerMode)[keyof typeof TokenizerMode]> = new Map([
  ['script', TokenizerMode.SCRIPT_DATA],
  ['style', TokenizerMode.RAWTEXT],
  ['iframe', TokenizerMode.RAWTEXT],
  ['xmp', TokenizerMode.RAWTEXT],
  ['noembed', TokenizerMode.RAWTEXT],
  ['noframes', TokenizerMode.RAWTEXT],
  ['textarea', TokenizerMode.RCDATA],
  ['title', TokenizerMode.RCDATA],
  ['plaintext', TokenizerMode.PLAINTEXT],
]);

/**
 * Inside `<noscript>`, a raw-text or RCDATA element written self-closed is taken as closed.
 * A browser that runs scripts reads a `<noscript>`'s content as raw text up to `</noscript>`, so
 * `<noscript><iframe src="…" style="display:none" /></noscript>` (how Next.js sites and JSX
 * templates write the Google Tag Manager snippet) costs it nothing; with scripting off (how
 * saved pages load) the content is markup, the `/` means nothing on an `<iframe>`, and the
 * iframe's raw text swallowed the rest of the document: render.com's home page showed 49
 * characters of 3,342 (WCXB-dev 2838), its streamed sections and the settling instructions
 * being iframe text. Only the self-closed form is taken: an `<iframe>` left open on purpose has
 * its end tag, and one left open by mistake without the slash is not told from it in one pass.
 */
const NOSCRIPT_SELF_CLOSED: ReadonlySet<string> = new Set(['iframe', 'noembed', 'noframes', 'xmp', 'textarea', 'title', 'style']);

const $ = HTML.TAG_ID;
const NONE: number[] = [];

/** Raw-text elements whose content is found by a search for their end tag (see `rawTextEnd`). */
const SKIPPED_MODES: ReadonlySet<number> = new Set([TokenizerMode.RAWTEXT, TokenizerMode.SCRIPT_DATA]);

class Feedback implements TokenHandler {
  tokenizer: Tokenizer;
  /** Where the current tokenizer's input starts in the document: its offsets are relative to it. */
  private base = 0;
  /** After a raw text found by search: where the next tokenizer starts (its end tag); -1 for none. */
  resumeAt = -1;
  /** Where the next `<!--` is, for the scripts' searches (`CommentOpeners`). */
  private readonly openers: CommentOpeners = { at: -1, from: -1 };
  /** Namespaces of the open foreign roots and integration points, innermost first. */
  private readonly namespaces: HTML.NS[] = [HTML.NS.HTML];
  private foreign = false;
  private raw = false;
  private textStart = -1;
  private textEnd = -1;
  private space = false;
  private blank = true;
  private repeated: number[] = [];
  /** Open `<noscript>` elements (HTML ones). */
  private noscripts = 0;

  constructor(
    private readonly visitor: MarkupVisitor,
    private readonly html: string,
    private readonly skipRawText: boolean,
  ) {
    this.tokenizer = new Tokenizer({ sourceCodeLocationInfo: true }, this);
  }

  /** Tokenizes the document from `resumeAt` on with a fresh tokenizer (in the data state, as after a raw text's content). */
  restart(): void {
    this.base = this.resumeAt;
    this.resumeAt = -1;
    this.tokenizer = new Tokenizer({ sourceCodeLocationInfo: true }, this);
    this.tokenizer.inForeignNode = this.foreign;
    this.tokenizer.write(this.html.slice(this.base), true);
  }

  private enter(ns: HTML.NS): void {
    this.namespaces.unshift(ns);
    this.foreign = ns !== HTML.NS.HTML;
    this.tokenizer.inForeignNode = this.foreign;
  }

  private leave(): void {
    this.namespaces.shift();
    this.foreign = this.namespaces[0] !== HTML.NS.HTML;
    this.tokenizer.inForeignNode = this.foreign;
  }

  private addText(token: Token.CharacterToken, space: boolean): void {
    const location = token.location!;
    if (this.textStart < 0) this.textStart = this.base + location.startOffset;
    this.textEnd = this.base + location.endOffset;
    if (space) this.space = true;
    else this.blank = false;
  }

  flushText(): void {
    if (this.textStart < 0) return;
    this.visitor.text(this.textStart, this.textEnd, this.raw, this.space, this.blank);
    this.textStart = -1;
    this.space = false;
    this.blank = true;
  }

  onCharacter(token: Token.CharacterToken): void {
    this.addText(token, false);
  }

  onNullCharacter(token: Token.CharacterToken): void {
    this.addText(token, false);
  }

  onWhitespaceCharacter(token: Token.CharacterToken): void {
    this.addText(token, true);
  }

  onComment(token: Token.CommentToken): void {
    this.flushText();
    this.visitor.comment(this.base + token.location!.startOffset, this.base + token.location!.endOffset);
  }

  onDoctype(token: Token.DoctypeToken): void {
    this.flushText();
    this.visitor.doctype(this.base + token.location!.startOffset, this.base + token.location!.endOffset);
  }

  /** Only repeated attributes matter here (see `StartTag.repeatedNameEnds`). */
  onParseError(error: { code: string; startOffset: number }): void {
    if (error.code === 'duplicate-attribute') this.repeated.push(this.base + error.startOffset);
  }

  onEof(): void {
    this.flushText();
  }

  onStartTag(token: Token.TagToken): void {
    this.flushText();
    this.raw = false;
    // Reported lower-case as written; SVG's camel-cased names only serve the checks below.
    const name = token.tagName;
    const root = token.tagID === $.SVG ? HTML.NS.SVG : token.tagID === $.MATH ? HTML.NS.MATHML : null;
    if (root) this.enter(root);
    let foreign = this.foreign;
    if (this.foreign) {
      if (foreignContent.causesExit(token)) {
        this.leave();
        foreign = false;
      } else {
        const ns = this.namespaces[0]!;
        if (ns === HTML.NS.SVG) foreignContent.adjustTokenSVGTagName(token);
        if (!token.selfClosing && foreignContent.isIntegrationPoint(token.tagID, ns, token.attrs)) this.enter(HTML.NS.HTML);
        // `<svg/>` and `<math/>` are closed at once: what follows is where it was.
        else if (root && token.selfClosing) this.leave();
      }
    }
    const closedInNoscript = !foreign && token.selfClosing && this.noscripts > 0 && NOSCRIPT_SELF_CLOSED.has(name);
    const location = token.location!;
    const end = this.base + location.endOffset;
    let rawEnd = -1;
    if (!foreign && !closedInNoscript) {
      const mode = CONTENT_MODE.get(name);
      if (mode !== undefined) {
        this.tokenizer.state = mode;
        this.raw = true;
        if (this.skipRawText && SKIPPED_MODES.has(mode)) rawEnd = rawTextEnd(this.html, end, name, mode === TokenizerMode.SCRIPT_DATA ? this.openers : null);
      }
      if (token.tagID === $.NOSCRIPT && !token.selfClosing) this.noscripts += 1;
    }
    const attrs = (location as Token.LocationWithAttributes).attrs;
    const base = this.base;
    this.visitor.startTag({
      name,
      start: this.base + location.startOffset,
      end,
      selfClosing: token.selfClosing,
      attrs: token.attrs,
      attrSpan: (attr) => {
        const at = attrs?.[attr];
        return at ? { start: base + at.startOffset, end: base + at.endOffset } : undefined;
      },
      foreign,
      repeatedNameEnds: this.takeRepeated(),
      ...(closedInNoscript ? { closedInNoscript: true as const } : {}),
    });
    if (rawEnd < 0) return;
    // The content, found by search: one text run, and the tokenizer starts again at its end tag.
    if (rawEnd > end) {
      const content = this.html.slice(end, rawEnd);
      this.visitor.text(end, rawEnd, true, TOKENIZER_SPACE.test(content), !NOT_TOKENIZER_SPACE.test(content));
    }
    this.resumeAt = rawEnd;
    this.tokenizer.pause();
  }

  private takeRepeated(): number[] {
    if (this.repeated.length === 0) return NONE;
    const repeated = this.repeated;
    this.repeated = [];
    return repeated;
  }

  onEndTag(token: Token.TagToken): void {
    this.flushText();
    this.raw = false;
    this.repeated.length = 0;
    if (token.tagID === $.NOSCRIPT && !this.foreign && this.noscripts > 0) this.noscripts -= 1;
    if (!this.foreign) {
      const outer = this.namespaces[1];
      const svgName = outer === HTML.NS.SVG ? foreignContent.SVG_TAG_NAMES_ADJUSTMENT_MAP.get(token.tagName) : undefined;
      const id = svgName ? HTML.getTagID(svgName) : token.tagID;
      if (outer !== undefined && foreignContent.isIntegrationPoint(id, outer, token.attrs)) this.leave();
    } else if ((token.tagID === $.SVG && this.namespaces[0] === HTML.NS.SVG) || (token.tagID === $.MATH && this.namespaces[0] === HTML.NS.MATHML)) {
      this.leave();
    }
    this.visitor.endTag(token.tagName, this.base + token.location!.startOffset, this.base + token.location!.endOffset);
  }
}

/** The characters the tokenizer emits as whitespace (a CR is read as a line feed). */
const TOKENIZER_SPACE = /[\t\n\f\r ]/u;
const NOT_TOKENIZER_SPACE = /[^\t\n\f\r ]/u;

/**
 * Where the content of a raw-text element that starts at `from` ends: at its appropriate end tag,
 * `</name` (any case) followed by whitespace, `/` or `>`, the first one, as the tokenizer's
 * RAWTEXT and script data states end it. Found with `indexOf` instead of the state machine: 54 %
 * of AEB's markup is script and style text, and the state machine reads it a code point at a
 * time. -1 where the search is not the same as the states: a script holding `<!--` before that
 * end (script data's escaped states, where `<script` nested in a comment keeps a `</script>`
 * from ending it), or no such end tag before the end of the input (the tokenizer decides what an
 * unfinished end tag is). Linear: each `</` is looked at once.
 */
function rawTextEnd(html: string, from: number, name: string, openers: CommentOpeners | null): number {
  let at = from;
  for (;;) {
    at = html.indexOf('</', at);
    if (at < 0) return -1;
    if (endTagNamed(html, at + 2, name)) break;
    at += 2;
  }
  if (openers) {
    const comment = nextOpener(html, from, openers);
    if (comment >= 0 && comment < at) return -1;
  }
  return at;
}

/**
 * The position of the first `<!--` at or after some offset, remembered: the scripts of a page are
 * searched in document order, so one `indexOf` serves every script up to that opener, and the
 * document is scanned for openers once in all (a search from each script's start to the end of
 * the input would be quadratic in a page of ten thousand scripts and no comment).
 */
interface CommentOpeners {
  /** The first opener at or after `from`; -1 for none there. */
  at: number;
  /** Where the remembered search started; -1 before the first. */
  from: number;
}

function nextOpener(html: string, from: number, openers: CommentOpeners): number {
  const known = openers.from >= 0 && from >= openers.from && (openers.at < 0 || from <= openers.at);
  if (!known) {
    openers.from = from;
    openers.at = html.indexOf('<!--', from);
  }
  return openers.at;
}

/** `name` (lower-case ASCII) at `at` in any case, followed by whitespace, `/` or `>`. */
function endTagNamed(html: string, at: number, name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = html.charCodeAt(at + i);
    // ASCII upper case to lower case; anything else must match as it is.
    if ((c >= 0x41 && c <= 0x5a ? c + 0x20 : c) !== name.charCodeAt(i)) return false;
  }
  const next = html.charCodeAt(at + name.length);
  return next === 0x09 || next === 0x0a || next === 0x0c || next === 0x0d || next === 0x20 || next === 0x2f || next === 0x3e;
}

/**
 * Tokenizes `html` in one pass, calling `visitor` for every token in order. The content of a
 * script or style (and the other RAWTEXT elements) is found by a search for its end tag where
 * that gives what the state machine gives (`rawTextEnd`); `skipRawText: false` reads it through
 * the state machine (the tests compare the two).
 */
export function tokenize(html: string, visitor: MarkupVisitor, options: { skipRawText?: boolean } = {}): void {
  const feedback = new Feedback(visitor, html, options.skipRawText !== false);
  feedback.tokenizer.write(html, true);
  while (feedback.resumeAt >= 0) feedback.restart();
  feedback.flushText();
}

/**
 * Markup a saved page can be rewritten in: bytes read as latin1 come back unchanged for every
 * ASCII-compatible encoding (the tokenizer's syntax is all ASCII, every other byte is "anything
 * else" to it), so tags can be dropped or inserted without decoding the page. UTF-16 (a BOM or
 * NULs in the first bytes) and ISO-2022-JP (ESC sequences, whose bytes include '<') are not.
 */
export function rewritableMarkup(bytes: Buffer): string | null {
  if (isUtf16(bytes)) return null;
  if (bytes.includes(0x1b)) return null;
  return bytes.toString('latin1');
}

/**
 * A UTF-16 page: a byte-order mark, or NULs as every other byte among the first (ASCII text in
 * UTF-16; a stray NUL in a UTF-8 page is only a character).
 */
export function isUtf16(bytes: Buffer): boolean {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) return true;
  const head = bytes.subarray(0, 512);
  let nuls = 0;
  for (const byte of head) if (byte === 0) nuls++;
  return nuls * UTF16_NUL_SHARE >= head.length && nuls > 0;
}

/** ASCII in UTF-16 has a NUL in every other byte; one in four is far from any UTF-8 page. */
const UTF16_NUL_SHARE = 4;
