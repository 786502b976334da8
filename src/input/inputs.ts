/**
 * Command-line inputs: URLs, saved HTML files and directories of them.
 *
 * Plain Node (fs, zlib); no browser. A bad input becomes a spec that carries its
 * `InputError`, so one bad argument fails one input, not the whole run.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { InputError } from '../errors.js';
import { UNKNOWN_PAGE_ORIGIN } from '../types.js';
import type { InputSpec, RenderInput } from './types.js';
import { WARC_NAME } from './warc.js';

export type { InputSpec } from './types.js';

export interface SavedPage {
  bytes: Buffer;
  /** The URL to serve the page under: its own canonical URL, or `http://saved.invalid/<file>`. */
  url: string;
}

/** Saved pages larger than this are refused: real article pages are well under 5 MiB. */
export const DEFAULT_MAX_INPUT_BYTES = 25 * 1024 * 1024;

/** How much of a file is sniffed for binary signatures, markup and the canonical URL. */
const SNIFF_BYTES = 64 * 1024;

/** File names taken from a directory: `.html`, `.htm`, optionally gzipped, and WARC files. */
const SAVED_PAGE_NAME = /\.(html?|warc)(\.gz)?$/i;

/**
 * Signatures of binary formats that are sometimes saved with an .html name (images, PDFs,
 * archives, executables). GZIP is listed too: it is unpacked once, so gzip inside gzip is binary.
 */
const BINARY_SIGNATURES: ReadonlyArray<{ name: string; bytes: number[]; offset?: number }> = [
  { name: 'PNG', bytes: [0x89, 0x50, 0x4e, 0x47] },
  { name: 'JPEG', bytes: [0xff, 0xd8, 0xff] },
  { name: 'GIF', bytes: [0x47, 0x49, 0x46, 0x38] },
  { name: 'RIFF (WebP/WAV/AVI)', bytes: [0x52, 0x49, 0x46, 0x46] },
  { name: 'PDF', bytes: [0x25, 0x50, 0x44, 0x46] },
  { name: 'ZIP', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { name: 'GZIP', bytes: [0x1f, 0x8b] },
  { name: '7-Zip', bytes: [0x37, 0x7a, 0xbc, 0xaf] },
  { name: 'ELF', bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { name: 'MP4/ISO media', bytes: [0x66, 0x74, 0x79, 0x70], offset: 4 },
  { name: 'Matroska/WebM', bytes: [0x1a, 0x45, 0xdf, 0xa3] },
];

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Tags that show a text is HTML. A page saved from a browser always has one of them in its
 * first 64 KiB; plain text, JSON and CSV practically never do.
 */
const HTML_MARKUP =
  /<(?:!doctype\s+html|html|head|body|p|div|article|main|section|table|title|meta|span|a|h[1-6]|br|ul|ol|li|img)[\s>/]/i;

/** Arguments that look like a web address given without a scheme (`example.com/news`). */
const BARE_DOMAIN = /^[\w-]+(\.[\w-]+)*\.[a-z]{2,}(\/|$)/i;

function matchesAt(bytes: Buffer, signature: number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/**
 * Whether every page of a run is a saved one that needs no frames: saved files, and WARC
 * records rendered without their archived subresources — with scripts off and no screenshot.
 * Such a run may use a browser that paints nothing (render/browser.ts, `savedPagesOnly`).
 */
export function onlySavedPagesWithoutFrames(specs: readonly InputSpec[], run: { javaScript: boolean; screenshot: boolean; replay: boolean }): boolean {
  if (run.javaScript || run.screenshot) return false;
  return specs.every((spec) => spec.kind === 'file' || spec.kind === 'invalid' || (spec.kind === 'warc' && !run.replay));
}

/** Turns command-line arguments into input specs, in order; directories expand sorted by name. */
export async function expandInputs(args: string[]): Promise<InputSpec[]> {
  const specs: InputSpec[] = [];
  for (const arg of args) specs.push(...(await expandOne(arg)));
  return specs;
}

async function expandOne(arg: string): Promise<InputSpec[]> {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) return [urlSpec(arg)];
  let info;
  try {
    info = await stat(arg);
  } catch {
    const hint = BARE_DOMAIN.test(arg) ? ` (for a web address, write https://${arg})` : '';
    return [invalid(arg, new InputError('input-not-found', `No such file or directory: ${arg}${hint}`))];
  }
  if (info.isFile()) return [WARC_NAME.test(arg) ? { kind: 'warc', path: arg, input: arg } : { kind: 'file', path: arg, input: arg }];
  if (!info.isDirectory()) {
    return [invalid(arg, new InputError('input-not-found', `Not a regular file or directory: ${arg}`))];
  }
  const entries = await readdir(arg, { withFileTypes: true });
  const names: string[] = [];
  for (const entry of entries) {
    if (!SAVED_PAGE_NAME.test(entry.name)) continue;
    const isFile = entry.isFile() || (entry.isSymbolicLink() && (await stat(join(arg, entry.name)).catch(() => null))?.isFile());
    if (isFile) names.push(entry.name);
  }
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (names.length === 0) {
    return [invalid(arg, new InputError('input-not-found', `No .html, .htm, .html.gz, .warc or .warc.gz files in directory ${arg}`))];
  }
  return names.map((name) => {
    const path = join(arg, name);
    return WARC_NAME.test(name) ? { kind: 'warc', path, input: path } : { kind: 'file', path, input: path };
  });
}

function urlSpec(arg: string): InputSpec {
  let url: URL;
  try {
    url = new URL(arg);
  } catch {
    return invalid(arg, new InputError('input-invalid-url', `Not a valid URL: ${arg}`));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return invalid(arg, new InputError('input-invalid-url', `Only http and https URLs can be rendered: ${arg}`));
  }
  if (url.hostname === '') return invalid(arg, new InputError('input-invalid-url', `URL without a host: ${arg}`));
  return { kind: 'url', url: url.href, input: arg };
}

function invalid(input: string, error: InputError): InputSpec {
  return { kind: 'invalid', input, error };
}

/**
 * Reads a saved page, unpacking gzip, and checks that it is HTML. Throws `InputError`:
 * 'input-not-found', 'input-empty', 'input-too-large' (checked before reading, and while
 * unpacking), 'input-binary', 'input-not-html'.
 */
export async function loadSavedPage(path: string, options: { maxBytes?: number } = {}): Promise<SavedPage> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_INPUT_BYTES;
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new InputError('input-not-found', `Not a regular file: ${path}`);
    size = info.size;
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError('input-not-found', `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`, {
      cause: error,
    });
  }
  if (size === 0) throw new InputError('input-empty', `${path} is empty`);
  if (size > maxBytes) throw tooLarge(path, size, maxBytes);

  return savedPageFromBytes(path, await readFile(path), { maxBytes });
}

/**
 * The checks of `loadSavedPage` on bytes already in memory (`extractHtml(buffer)`): gzip is
 * unpacked, and bytes that are empty, binary or not HTML throw `InputError`. `label` names the
 * document in messages and in the URL it is served under when it names none of its own.
 */
export async function savedPageFromBytes(label: string, raw: Buffer, options: { maxBytes?: number } = {}): Promise<SavedPage> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_INPUT_BYTES;
  if (raw.length === 0) throw new InputError('input-empty', `${label} is empty`);
  if (raw.length > maxBytes) throw tooLarge(label, raw.length, maxBytes);
  let bytes = raw;
  if (matchesAt(bytes, GZIP_MAGIC)) bytes = await unpack(label, bytes, maxBytes);
  if (bytes.toString('latin1', 0, SNIFF_BYTES).trim() === '' && bytes.length <= SNIFF_BYTES) {
    throw new InputError('input-empty', `${label} holds no content (only whitespace)`);
  }

  const head = bytes.subarray(0, SNIFF_BYTES);
  const text = sniffText(label, head);
  if (!HTML_MARKUP.test(text)) throw new InputError('input-not-html', `${label} does not look like HTML (no tags)`);
  return { bytes, url: ownUrl(text) ?? UNKNOWN_PAGE_ORIGIN + encodeURIComponent(basename(label).replace(/\.gz$/i, '')) };
}

function tooLarge(path: string, size: number, maxBytes: number): InputError {
  return new InputError('input-too-large', `${path} is ${size} bytes, more than the limit of ${maxBytes}`);
}

async function unpack(path: string, bytes: Buffer, maxBytes: number): Promise<Buffer> {
  try {
    return await promisify(gunzip)(bytes, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new InputError('input-too-large', `${path} unpacks to more than the limit of ${maxBytes} bytes`, {
        cause: error,
      });
    }
    throw new InputError('input-binary', `${path} looks gzip-compressed but cannot be unpacked`, { cause: error });
  }
}

/** Decodes the sniffed head for pattern matching, or throws 'input-binary'. */
function sniffText(path: string, head: Buffer): string {
  // UTF-16 pages (with a byte-order mark) are full of NUL bytes but are text.
  if (matchesAt(head, [0xff, 0xfe])) return head.toString('utf16le');
  // swap16 needs an even length: a file may end in half a character.
  if (matchesAt(head, [0xfe, 0xff])) return Buffer.from(head.subarray(0, head.length - (head.length % 2))).swap16().toString('utf16le');
  const signature = BINARY_SIGNATURES.find((candidate) => matchesAt(head, candidate.bytes, candidate.offset));
  if (signature) throw new InputError('input-binary', `${path} is a ${signature.name} file, not HTML`);
  const share = binaryByteShare(head);
  if (share > MAX_BINARY_BYTE_SHARE) {
    throw new InputError('input-binary', `${path} is binary (${Math.round(share * 100)} % of its first ${head.length} bytes are control bytes)`);
  }
  return head.toString('utf8');
}

/**
 * A browser shows a page with a few stray NUL or control bytes as text (the HTML parser
 * replaces or drops them), so only a head made largely of such bytes is binary. Text — HTML in
 * any single-byte or UTF-8 encoding — has practically none; compressed or encoded binary data
 * has about one byte in eight in the control range.
 */
const MAX_BINARY_BYTE_SHARE = 0.05;

/** Share of bytes that no text encoding uses: C0 controls other than tab, LF, FF, CR and ESC. */
function binaryByteShare(head: Buffer): number {
  if (head.length === 0) return 0;
  let binary = 0;
  // An indexed loop: a Buffer's iterator cost ~1 ms per 64 KB head on the main thread.
  for (let i = 0; i < head.length; i++) {
    const byte = head[i]!;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) binary++;
  }
  return binary / head.length;
}

/** The page's own absolute http(s) URL: `<link rel="canonical">`, else `og:url`. */
function ownUrl(head: string): string | undefined {
  let ogUrl: string | undefined;
  // Cut at the last '>': a `<meta` with no '>' after it would otherwise be scanned to the end once per `<meta` (quadratic).
  for (const tag of head.slice(0, head.lastIndexOf('>') + 1).matchAll(/<(link|meta)\b[^>]*>/gi)) {
    const attrs = parseAttributes(tag[0]);
    const kind = (tag[1] ?? '').toLowerCase();
    if (kind === 'link' && (attrs.get('rel') ?? '').toLowerCase().split(/\s+/).includes('canonical')) {
      const href = absoluteHttpUrl(attrs.get('href'));
      if (href) return href;
    }
    if (kind === 'meta' && ogUrl === undefined && (attrs.get('property') ?? attrs.get('name')) === 'og:url') {
      ogUrl = absoluteHttpUrl(attrs.get('content'));
    }
  }
  return ogUrl;
}

function parseAttributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const match of tag.matchAll(/(?<![^\s=<>"'/])([^\s=<>"'/]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!attrs.has(name)) attrs.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attrs;
}

/** The few entities that appear in URLs in attributes. */
function decodeEntities(value: string): string {
  return value
    .replace(/&amp;|&#0*38;|&#x0*26;/gi, '&')
    .replace(/&quot;|&#0*34;/gi, '"')
    .replace(/&#0*39;|&apos;/gi, "'");
}

function absoluteHttpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return undefined;
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

/**
 * Loads what a spec names, ready to render. Throws the spec's `InputError` for invalid
 * specs and `loadSavedPage`'s errors for bad files.
 */
export async function toRenderInput(spec: InputSpec, options: { maxBytes?: number } = {}): Promise<RenderInput> {
  if (spec.kind === 'invalid') throw spec.error;
  if (spec.kind === 'url') return { kind: 'url', url: spec.url, label: spec.input };
  if (spec.kind === 'warc-page') return warcPageInput(spec);
  if (spec.kind === 'warc') throw new InputError('input-not-html', `${spec.path} is a WARC file: expand it with expandWarcSpecs first`);
  const page = await loadSavedPage(spec.path, options);
  return { kind: 'html', bytes: page.bytes, url: page.url, label: spec.input };
}

/** A WARC page as a render input: served under its target URI, replaying the archive's subresources. */
export function warcPageInput(spec: Extract<InputSpec, { kind: 'warc-page' }>): RenderInput {
  return { kind: 'html', bytes: spec.page.bytes, url: spec.page.url, label: spec.input, ...(spec.replay ? { replay: spec.replay } : {}) };
}
