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
  /** Where each attribute (name to the end of its value) sits in the input. */
  attrLocations: Readonly<Record<string, Token.Location>> | undefined;
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

class Feedback implements TokenHandler {
  readonly tokenizer: Tokenizer;
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

  constructor(private readonly visitor: MarkupVisitor) {
    this.tokenizer = new Tokenizer({ sourceCodeLocationInfo: true }, this);
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
    if (this.textStart < 0) this.textStart = location.startOffset;
    this.textEnd = location.endOffset;
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
    this.visitor.comment(token.location!.startOffset, token.location!.endOffset);
  }

  onDoctype(token: Token.DoctypeToken): void {
    this.flushText();
    this.visitor.doctype(token.location!.startOffset, token.location!.endOffset);
  }

  /** Only repeated attributes matter here (see `StartTag.repeatedNameEnds`). */
  onParseError(error: { code: string; startOffset: number }): void {
    if (error.code === 'duplicate-attribute') this.repeated.push(error.startOffset);
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
    if (!foreign && !closedInNoscript) {
      const mode = CONTENT_MODE.get(name);
      if (mode !== undefined) {
        this.tokenizer.state = mode;
        this.raw = true;
      }
      if (token.tagID === $.NOSCRIPT && !token.selfClosing) this.noscripts += 1;
    }
    const location = token.location!;
    this.visitor.startTag({
      name,
      start: location.startOffset,
      end: location.endOffset,
      selfClosing: token.selfClosing,
      attrs: token.attrs,
      attrLocations: (location as Token.LocationWithAttributes).attrs,
      foreign,
      repeatedNameEnds: this.takeRepeated(),
      ...(closedInNoscript ? { closedInNoscript: true as const } : {}),
    });
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
    this.visitor.endTag(token.tagName, token.location!.startOffset, token.location!.endOffset);
  }
}

/** Tokenizes `html` in one pass, calling `visitor` for every token in order. */
export function tokenize(html: string, visitor: MarkupVisitor): void {
  const feedback = new Feedback(visitor);
  feedback.tokenizer.write(html, true);
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
