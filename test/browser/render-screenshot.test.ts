/**
 * Screenshots with overlays: they work with JavaScript off (the default for saved pages),
 * leave the page as it was, and cap the height of very tall pages.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { loadSavedPage } from '../../src/input/inputs.js';
import { MAX_SCREENSHOT_HEIGHT_PX, type Overlay, type RenderInput } from '../../src/render/session.js';
import type { SnapshotElement } from '../../src/types.js';
import { expect, test } from './fixtures.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

async function layoutInput(): Promise<RenderInput> {
  const path = fileURLToPath(new URL('../fixtures/render/layout.html', import.meta.url));
  const saved = await loadSavedPage(path);
  return { kind: 'html', bytes: saved.bytes, url: saved.url, label: 'layout.html' };
}

test('draws overlays and writes a full-page PNG with JavaScript off', async ({ session }, testInfo) => {
  const path = testInfo.outputPath('layout-overlays.png');
  const { pageSize, textAfter } = await session.render(await layoutInput(), async (page) => {
    const element = (id: string): SnapshotElement => {
      const found = page.snapshot.nodes.find(
        (node): node is SnapshotElement => node.kind === 'element' && node.attrs.id === id,
      );
      if (!found) throw new Error(`#${id} missing`);
      return found;
    };
    const overlays: Overlay[] = [
      { box: element('panel').box, color: 'rgb(0, 160, 0)', label: 'body 0.82', outline: true },
      { box: element('fixed-box').box, color: '#d00', label: 'unit 2 0.10' },
      { box: element('link').box, color: 'blue' },
    ];
    await page.screenshot(path, overlays);
    await page.screenshot(testInfo.outputPath('layout-plain.png'));
    return { pageSize: page.snapshot.page, textAfter: page.snapshot.nodes.length };
  });
  expect(textAfter).toBeGreaterThan(0);
  const png = await readFile(path);
  expect(png.subarray(0, 8)).toEqual(PNG_MAGIC);
  expect(png.length).toBeGreaterThan(5_000);
  expect(pngSize(png)).toEqual({ width: pageSize.width, height: pageSize.height });
  // The overlays changed the pixels; the second shot, taken after they were removed, differs.
  const plain = await readFile(testInfo.outputPath('layout-plain.png'));
  expect(plain.subarray(0, 8)).toEqual(PNG_MAGIC);
  expect(plain.equals(png)).toBe(false);
});

test('overlays are removed after the screenshot', async ({ session }, testInfo) => {
  const input: RenderInput = {
    kind: 'html',
    bytes: Buffer.from('<body style="margin:0"><p style="margin:0;height:100px">plain</p></body>'),
    url: 'http://saved.invalid/plain.html',
    label: 'plain',
  };
  const sizes = await session.render(input, async (page) => {
    const first = testInfo.outputPath('a.png');
    const second = testInfo.outputPath('b.png');
    const third = testInfo.outputPath('c.png');
    await page.screenshot(first);
    await page.screenshot(second, [{ box: { x: 0, y: 0, width: 200, height: 50 }, color: 'red', label: 'x' }]);
    await page.screenshot(third);
    const [a, b, c] = await Promise.all([first, second, third].map((file) => readFile(file)));
    return { same: a?.equals(c ?? Buffer.alloc(0)), overlaid: a?.equals(b ?? Buffer.alloc(0)) };
  });
  expect(sizes.same).toBe(true);
  expect(sizes.overlaid).toBe(false);
});

test('very tall pages are cut at the height cap', async ({ session }, testInfo) => {
  const tall = MAX_SCREENSHOT_HEIGHT_PX + 4_000;
  const input: RenderInput = {
    kind: 'html',
    bytes: Buffer.from(`<body style="margin:0"><div style="height:${tall}px;background:#eee">tall</div></body>`),
    url: 'http://saved.invalid/tall.html',
    label: 'tall',
  };
  const path = testInfo.outputPath('tall.png');
  const pageHeight = await session.render(input, async (page) => {
    await page.screenshot(path);
    return page.snapshot.page.height;
  });
  expect(pageHeight).toBe(tall);
  const png = await readFile(path);
  expect(pngSize(png).height).toBe(MAX_SCREENSHOT_HEIGHT_PX);
});
