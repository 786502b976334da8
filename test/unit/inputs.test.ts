/**
 * Command-line inputs and saved-page loading (src/input/inputs.ts), on files generated in a
 * temporary directory.
 */
import { test, expect } from '@playwright/test';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { InputError } from '../../src/errors.js';
import { expandInputs, loadSavedPage, onlySavedPagesWithoutFrames, toRenderInput, type InputSpec } from '../../src/input/inputs.js';

const PAGE = '<!doctype html><html><head><title>t</title></head><body><p>Hello.</p></body></html>';

let dir: string;

test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'broadsheet-inputs-'));
});

test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: string | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

async function loadError(path: string, options?: { maxBytes?: number }): Promise<InputError> {
  const error = await loadSavedPage(path, options).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

function invalidCode(spec: InputSpec | undefined): string | undefined {
  return spec?.kind === 'invalid' ? spec.error.code : undefined;
}

test.describe('expandInputs', () => {
  test('URLs, files and directories, in argument order; directories sorted by name', async () => {
    const single = await file('single.htm', PAGE);
    const pages = join(dir, 'pages');
    await mkdir(pages);
    for (const name of ['b.html', 'a.html.gz', 'C.HTM', 'notes.txt', 'image.png', 'c.html']) {
      await writeFile(join(pages, name), PAGE);
    }
    await mkdir(join(pages, 'nested.html')); // a directory with an .html name is not a page
    const specs = await expandInputs(['https://example.com/news/1', single, pages]);
    expect(specs).toEqual([
      { kind: 'url', url: 'https://example.com/news/1', input: 'https://example.com/news/1' },
      { kind: 'file', path: single, input: single },
      ...['C.HTM', 'a.html.gz', 'b.html', 'c.html'].map((name) => ({
        kind: 'file',
        path: join(pages, name),
        input: join(pages, name),
      })),
    ]);
  });

  test('symbolic links to pages in a directory are followed', async () => {
    const target = await file('target.html', PAGE);
    const pages = join(dir, 'links');
    await mkdir(pages);
    await symlink(target, join(pages, 'linked.html'));
    const specs = await expandInputs([pages]);
    expect(specs.map((spec) => spec.kind)).toEqual(['file']);
  });

  test('bad arguments become failing specs; the others still expand', async () => {
    const good = await file('good.html', PAGE);
    const empty = join(dir, 'empty-dir');
    await mkdir(empty);
    const specs = await expandInputs([
      join(dir, 'missing.html'),
      'http://exa mple.com/',
      'ftp://example.com/page.html',
      'example.com/news',
      empty,
      good,
    ]);
    expect(specs.map(invalidCode)).toEqual([
      'input-not-found',
      'input-invalid-url',
      'input-invalid-url',
      'input-not-found',
      'input-not-found',
      undefined,
    ]);
    const bare = specs[3];
    expect(bare?.kind === 'invalid' && bare.error.message).toContain('https://example.com/news');
    expect(specs[0]?.input).toBe(join(dir, 'missing.html'));
  });

  test('toRenderInput throws the error an invalid spec carries', async () => {
    const [spec] = await expandInputs([join(dir, 'nope.html')]);
    if (!spec) throw new Error('no spec');
    await expect(toRenderInput(spec)).rejects.toMatchObject({ code: 'input-not-found' });
  });

  test('toRenderInput loads files and passes URLs through', async () => {
    const path = await file('page.html', PAGE);
    const [fileSpec, urlSpec] = await expandInputs([path, 'http://example.com/a?b=1']);
    if (!fileSpec || !urlSpec) throw new Error('specs missing');
    const fromFile = await toRenderInput(fileSpec);
    expect(fromFile).toMatchObject({ kind: 'html', url: 'http://saved.invalid/page.html', label: path });
    expect(fromFile.kind === 'html' && fromFile.bytes.toString()).toBe(PAGE);
    expect(await toRenderInput(urlSpec)).toEqual({ kind: 'url', url: 'http://example.com/a?b=1', label: 'http://example.com/a?b=1' });
  });
});

test.describe('loadSavedPage', () => {
  test('reads HTML and serves it under http://saved.invalid/<file name>', async () => {
    const path = await file('my page.html', PAGE);
    const saved = await loadSavedPage(path);
    expect(saved.bytes.toString()).toBe(PAGE);
    expect(saved.url).toBe('http://saved.invalid/my%20page.html');
  });

  test('uses the canonical URL, else og:url, when the page names an absolute one', async () => {
    const canonical = await file(
      'c.html',
      `<html><head><meta property="og:url" content="https://og.example/x">` +
        `<link href="https://news.example/a?id=1&amp;p=2#top" rel="Canonical"></head><body><p>x</p></body></html>`,
    );
    expect((await loadSavedPage(canonical)).url).toBe('https://news.example/a?id=1&p=2');
    const og = await file('o.html', `<html><head><meta property='og:url' content='https://og.example/story'></head><p>x`);
    expect((await loadSavedPage(og)).url).toBe('https://og.example/story');
    const relative = await file('r.html', `<html><head><link rel="canonical" href="/story"></head><p>x`);
    expect((await loadSavedPage(relative)).url).toBe('http://saved.invalid/r.html');
  });

  test('unpacks .html.gz (and gzip content under any name)', async () => {
    const packed = await file('page.html.gz', gzipSync(PAGE));
    const saved = await loadSavedPage(packed);
    expect(saved.bytes.toString()).toBe(PAGE);
    expect(saved.url).toBe('http://saved.invalid/page.html');
    const misnamed = await file('misnamed.html', gzipSync(PAGE));
    expect((await loadSavedPage(misnamed)).bytes.toString()).toBe(PAGE);
  });

  test('empty and whitespace-only files are input-empty', async () => {
    expect((await loadError(await file('empty.html', ''))).code).toBe('input-empty');
    expect((await loadError(await file('blank.html', ' \n\t\n'))).code).toBe('input-empty');
    expect((await loadError(await file('empty.html.gz', gzipSync('')))).code).toBe('input-empty');
  });

  test('files above maxBytes are refused, before reading and while unpacking', async () => {
    const big = await file('big.html', PAGE + ' '.repeat(2_000));
    const error = await loadError(big, { maxBytes: 1_000 });
    expect(error.code).toBe('input-too-large');
    expect(error.message).toContain('1000');
    expect((await loadSavedPage(big, { maxBytes: 10_000 })).bytes.length).toBeGreaterThan(2_000);
    // 1 MB of spaces compresses to about 1 kB: the compressed size passes, the unpacked does not.
    const bomb = await file('bomb.html.gz', gzipSync(PAGE + ' '.repeat(1_000_000)));
    expect((await loadError(bomb, { maxBytes: 100_000 })).code).toBe('input-too-large');
  });

  test('binary files are input-binary: mostly control bytes, image/PDF/ZIP signatures, gzip inside gzip', async () => {
    // Random-looking bytes with markup in them: about one byte in eight is a control byte.
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 2654435761) >>> 24));
    const cases: Array<[string, Buffer]> = [
      ['noise.html', Buffer.concat([Buffer.from('<html><body>'), noise, Buffer.from('</body>')])],
      ['nul.html', Buffer.concat([Buffer.from('<html><body>'), Buffer.alloc(200), Buffer.from('</body>')])],
      ['png.html', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html>')])],
      ['pdf.html', Buffer.from('%PDF-1.7\n<html><body><p>not really</p>')],
      ['zip.html', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('<html>')])],
      ['double.html.gz', gzipSync(gzipSync(PAGE))],
    ];
    for (const [name, content] of cases) {
      const error = await loadError(await file(name, content));
      expect(error.code, name).toBe('input-binary');
    }
    const corrupt = await file('corrupt.html.gz', Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3]));
    expect((await loadError(corrupt)).code).toBe('input-binary');
  });

  test('text without HTML markup in the first 64 KiB is input-not-html', async () => {
    expect((await loadError(await file('plain.html', 'Just some words, no tags at all.\n'))).code).toBe(
      'input-not-html',
    );
    expect((await loadError(await file('data.html', '{"title": "json", "body": "x < y"}'))).code).toBe(
      'input-not-html',
    );
    const late = await file('late.html', 'x'.repeat(70 * 1024) + '<html><body><p>too late</p>');
    expect((await loadError(late)).code).toBe('input-not-html');
    // Markup is recognised whatever its case.
    const upper = await file('upper.html', '<HTML><BODY><P>Shouting</P></BODY></HTML>');
    expect((await loadSavedPage(upper)).bytes.length).toBeGreaterThan(0);
  });

  test('a page with a few stray NUL or control bytes is still HTML (a browser shows it)', async () => {
    const stray = Buffer.concat([Buffer.from(PAGE.slice(0, 40)), Buffer.from([0, 0x01, 0]), Buffer.from(PAGE.slice(40))]);
    const saved = await loadSavedPage(await file('stray-nul.html', stray));
    expect(saved.bytes.equals(stray)).toBe(true);
  });

  test('UTF-16 pages with a byte-order mark are text, not binary', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(PAGE, 'utf16le')]);
    const saved = await loadSavedPage(await file('utf16.html', utf16));
    expect(saved.bytes.equals(utf16)).toBe(true);
  });

  test('a UTF-16 page of odd length (half a character at the end) is read, not an untyped error', async () => {
    // Found by the fuzz (issue 21): swap16 of the sniffed head threw a RangeError ('internal').
    for (const bom of [[0xfe, 0xff], [0xff, 0xfe]]) {
      const units = Buffer.from(PAGE, 'utf16le');
      const body = bom[0] === 0xfe ? Buffer.from(units).swap16() : units;
      const odd = Buffer.concat([Buffer.from(bom), body, Buffer.from([0x3c])]);
      const saved = await loadSavedPage(await file(`odd-${bom[0]}.html`, odd));
      expect(saved.bytes.equals(odd)).toBe(true);
    }
  });

  test('a missing file or a directory is input-not-found', async () => {
    expect((await loadError(join(dir, 'absent.html'))).code).toBe('input-not-found');
    const sub = join(dir, 'sub.html');
    await mkdir(sub);
    expect((await loadError(sub)).code).toBe('input-not-found');
  });
});

test('a run of saved pages without scripts or screenshots needs no frames; a URL, scripts, a screenshot or a replayed archive does', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'broadsheet-frames-'));
  try {
    await writeFile(join(dir, 'a.html'), '<p>a</p>');
    await writeFile(join(dir, 'b.warc.gz'), '');
    const files = await expandInputs([join(dir, 'a.html'), join(dir, 'missing.html')]);
    const quiet = { javaScript: false, screenshot: false, replay: true };
    expect(onlySavedPagesWithoutFrames(files, quiet)).toBe(true);
    expect(onlySavedPagesWithoutFrames(files, { ...quiet, javaScript: true })).toBe(false);
    expect(onlySavedPagesWithoutFrames(files, { ...quiet, screenshot: true })).toBe(false);
    const withUrl = await expandInputs([join(dir, 'a.html'), 'https://example.com/story']);
    expect(onlySavedPagesWithoutFrames(withUrl, quiet)).toBe(false);
    const archive = await expandInputs([dir]);
    expect(archive.map((s) => s.kind).sort()).toEqual(['file', 'warc']);
    expect(onlySavedPagesWithoutFrames(archive, quiet)).toBe(false);
    expect(onlySavedPagesWithoutFrames(archive, { ...quiet, replay: false })).toBe(true);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
