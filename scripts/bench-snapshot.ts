/**
 * What the layout snapshot costs, and what DevTools' native snapshot would cost instead
 * (issue 26, item 4):
 *
 *   npm run bench:snapshot -- [--dir ../shared/data/aeb] [--pages N] [--rounds 2]
 *
 * Every saved page is written into one reused page (JavaScript off, as extract renders saved
 * pages), then snapshot by each method in turn, the order alternating page by page:
 * - `walk`: broadsheet's in-page collector (src/render/in-page/collect-layout.ts), its JSON text
 *   decoded in Node as a page-work thread does;
 * - `native`: `DOMSnapshot.captureSnapshot` with the computed styles the collector reads and
 *   the layout boxes, received as Playwright hands it over (already parsed);
 * - `native-lean`: the same with only the styles the features use (display, colours, font
 *   size and weight), no text boxes.
 * For each: the renderer's CPU (DevTools' Performance metrics, ProcessTime), the browser
 * process's CPU (/proc), Node's CPU (this process), the wall time and the bytes that cross
 * DevTools, per page (means) and in total. Nothing is changed in the page between methods, so
 * all read the same laid-out document (style and layout are clean after the first). The write
 * that loads each page is measured the same way, for scale, and the requests the written pages
 * still make are counted (DevTools' Network domain).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { launchBrowser } from '../src/render/browser.js';
import { OfflineDocumentServer, offlineLoadPlan } from '../src/render/offline-load.js';
import { takeSnapshotText } from '../src/render/snapshot.js';
import { decodeSnapshotText } from '../src/render/snapshot-wire.js';
import { prepareMarkup } from '../src/markup/prepare.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/render/options.js';
import { processTreeCpu } from '../src/testing/process-tree.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '../shared/data/aeb' },
    pages: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log('npm run bench:snapshot -- [--dir ../shared/data/aeb] [--pages N] [--rounds 2]\n(the layout snapshot: broadsheet\'s in-page walk against DevTools\' DOMSnapshot.captureSnapshot, CPU per page)');
  process.exit(0);
}

/** Every computed style the collector reads (collect-layout.ts). */
const ALL_STYLES = [
  'display', 'position', 'background-color', 'color', 'font-size', 'font-weight', 'font-style', 'font-family',
  'white-space', 'visibility', 'opacity', 'overflow-x', 'overflow-y',
];
/** Only what the segmenter's and the features' inputs need. */
const LEAN_STYLES = ['display', 'background-color', 'color', 'font-size', 'font-weight', 'visibility'];

type Method = 'walk' | 'native' | 'native-lean';
const METHODS: Method[] = ['walk', 'native', 'native-lean'];

interface Cost {
  rendererMs: number;
  browserMs: number;
  nodeMs: number;
  wallMs: number;
  bytes: number;
}
const zero = (): Cost => ({ rendererMs: 0, browserMs: 0, nodeMs: 0, wallMs: 0, bytes: 0 });

const nodeCpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
/** The browser process (the one Chromium process without a --type), found after the launch. */
let browserPid = -1;
const browserCpuMs = (): number => processTreeCpu(process.pid).find((p) => p.pid === browserPid)?.ownCpuMs ?? 0;

async function main(): Promise<void> {
  const dir = values.dir!;
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as Record<string, { url?: string | null }>;
  let names = readdirSync(join(dir, 'html')).filter((n) => n.endsWith('.html.gz')).sort();
  if (values.pages) names = names.slice(0, Number(values.pages));
  const browser = await launchBrowser();
  browserPid = processTreeCpu(process.pid).find((p) => p.kind === 'chromium browser')?.pid ?? -1;
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: DEFAULT_RENDER_OPTIONS.viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  const offline = await OfflineDocumentServer.attach(page, { drawFrames: false });
  const devtools = await context.newCDPSession(page);
  await devtools.send('Performance.enable', { timeDomain: 'threadTicks' });
  await devtools.send('DOMSnapshot.enable');
  let requests = 0;
  const requestUrls = new Map<string, number>();
  await devtools.send('Network.enable');
  devtools.on('Network.requestWillBeSent', (event) => {
    requests += 1;
    const key = event.request.url.slice(0, 40);
    requestUrls.set(key, (requestUrls.get(key) ?? 0) + 1);
  });
  const rendererMs = async (): Promise<number> => {
    const { metrics } = await devtools.send('Performance.getMetrics');
    return 1000 * (metrics.find((m) => m.name === 'ProcessTime')?.value ?? 0);
  };
  // The first page navigates (the document must have the page's scheme); the rest are written.
  await page.goto('about:blank');

  const totals = new Map<Method, Cost>(METHODS.map((m) => [m, zero()]));
  const writeCost = zero();
  let measured = 0;
  let skipped = 0;
  for (let round = 0; round < Number(values.rounds); round += 1) {
    for (const [index, name] of names.entries()) {
      const id = name.slice(0, -'.html.gz'.length);
      const bytes = gunzipSync(readFileSync(join(dir, 'html', name)));
      const url = truth[id]?.url ?? `https://saved.invalid/${name}`;
      const prepared = prepareMarkup(bytes, { url, maxElements: DEFAULT_RENDER_OPTIONS.maxElements, javaScript: false, inPlace: true });
      if (!prepared.inPlace) {
        skipped += 1;
        continue;
      }
      if (!page.url().startsWith(new URL(url).protocol)) {
        // The document must have the page's scheme to be written into (canWriteInto): one navigation.
        offline.arm(offlineLoadPlan(Buffer.from('<!doctype html><title></title>')));
        await page.goto(`${new URL(url).protocol}//saved.invalid/`);
        offline.disarm();
      }
      const beforeWrite = { renderer: await rendererMs(), browser: browserCpuMs(), node: nodeCpuMs(), wall: performance.now() };
      try {
        await offline.write(prepared.inPlace, 30_000);
      } catch {
        skipped += 1;
        continue;
      }
      // Style and layout made clean before any method runs, so none pays for them.
      await page.evaluate(() => document.body?.getBoundingClientRect().width ?? 0);
      writeCost.wallMs += performance.now() - beforeWrite.wall;
      writeCost.nodeMs += nodeCpuMs() - beforeWrite.node;
      writeCost.browserMs += browserCpuMs() - beforeWrite.browser;
      writeCost.rendererMs += (await rendererMs()) - beforeWrite.renderer;
      writeCost.bytes += prepared.inPlace.html.length;
      const order = index % 2 === 0 ? METHODS : [...METHODS].reverse();
      for (const method of order) {
        const before = { renderer: await rendererMs(), browser: browserCpuMs(), node: nodeCpuMs(), wall: performance.now() };
        let size = 0;
        if (method === 'walk') {
          const text = await takeSnapshotText(page, { maxElements: DEFAULT_RENDER_OPTIONS.maxElements, timeoutMs: 30_000 });
          size = text.length;
          decodeSnapshotText(text);
        } else {
          const result = await devtools.send('DOMSnapshot.captureSnapshot', {
            computedStyles: method === 'native' ? ALL_STYLES : LEAN_STYLES,
            includeDOMRects: method === 'native',
            includePaintOrder: false,
            includeBlendedBackgroundColors: false,
            includeTextColorOpacities: false,
          });
          size = JSON.stringify(result).length;
        }
        const wall = performance.now() - before.wall;
        const node = nodeCpuMs() - before.node;
        const browserSpent = browserCpuMs() - before.browser;
        const renderer = (await rendererMs()) - before.renderer;
        const cost = totals.get(method)!;
        cost.rendererMs += renderer;
        cost.browserMs += browserSpent;
        cost.nodeMs += node;
        cost.wallMs += wall;
        cost.bytes += size;
      }
      measured += 1;
      if (measured % 20 === 0) process.stderr.write(`\r${measured} pages`);
    }
  }
  process.stderr.write('\n');
  await browser.close();
  console.log(`${measured} page snapshots per method (${names.length} pages × ${values.rounds} rounds; ${skipped} not written in place, left out)`);
  console.log(`requests seen by the Network domain: ${requests}; most common:`, [...requestUrls].sort((a, b) => b[1] - a[1]).slice(0, 8));
  console.log('method        renderer ms  browser ms  node ms  total CPU ms  wall ms  KiB over DevTools  (means per page)');
  for (const method of ['write (load)' as const, ...METHODS]) {
    const c = method === 'write (load)' ? writeCost : totals.get(method)!;
    const per = (v: number): string => (v / measured).toFixed(1);
    console.log(
      `${method.padEnd(12)}  ${per(c.rendererMs).padStart(11)}  ${per(c.browserMs).padStart(10)}  ${per(c.nodeMs).padStart(7)}  ${per(c.rendererMs + c.browserMs + c.nodeMs).padStart(12)}  ${per(c.wallMs).padStart(7)}  ${(c.bytes / measured / 1024).toFixed(0).padStart(17)}`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
