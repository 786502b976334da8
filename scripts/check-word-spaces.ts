/**
 * Whether extraction keeps the words apart that the browser shows apart: every saved page of a
 * collection is written into one page (JavaScript off, as `extract` renders saved pages), its
 * snapshot extracted, and each word of the extracted text that the browser's own
 * `document.body.innerText` does not have, but that splits into two of its words (both at least
 * three letters, no digits), is counted as two words run together.
 *
 *   npx tsx scripts/check-word-spaces.ts wcxb [--limit N] [--ids 0005,0344]
 *
 * Prints the pages with run-together words, most first, with examples. The check is loose on
 * purpose (a compound that the page also prints apart counts), so read the examples; it found
 * React's comment-parted spaces, a space alone in `<b> </b>`, a lone `&nbsp;` and a `<br>`
 * inside a textless `<b>` (CHANGELOG, Fixed). What is left on WCXB-dev is mostly neighbours that
 * the page itself runs together without its style sheets (`<span>La Sportiva</span><span>Aragon…`).
 */
import { parseArgs } from 'node:util';
import { openCorpus, readHtmlBytes } from '../src/bench/corpora/index.js';
import { extractFromSnapshot } from '../src/extract/from-snapshot.js';
import { prepareMarkup } from '../src/markup/prepare.js';
import { launchBrowser } from '../src/render/browser.js';
import { OfflineDocumentServer, offlineLoadPlan } from '../src/render/offline-load.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/render/options.js';
import { takeSnapshotText } from '../src/render/snapshot.js';
import { decodeSnapshotText } from '../src/render/snapshot-wire.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { limit: { type: 'string' }, ids: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
});
if (values.help || positionals.length !== 1) {
  console.log('npx tsx scripts/check-word-spaces.ts <aeb|wcxb|samples|dir> [--limit N] [--ids a,b]\n(words of the extracted text run together where the browser shows them apart)');
  process.exit(values.help ? 0 : 2);
}
const limit = values.limit ? Number(values.limit) : Infinity;
const only = values.ids ? new Set(values.ids.split(',')) : null;
/** Parts shorter than this are not counted (a plural's "s", "we" + "ll"). */
const MIN_PART = 3;

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

const corpus = await openCorpus(positionals[0]!);
const browser = await launchBrowser();
const context = await browser.newContext({ javaScriptEnabled: false, viewport: DEFAULT_RENDER_OPTIONS.viewport, serviceWorkers: 'block' });
const page = await context.newPage();
const offline = await OfflineDocumentServer.attach(page, { drawFrames: false });
await page.goto('about:blank');

const found: Array<{ id: string; count: number; examples: string[] }> = [];
let checked = 0;
let skipped = 0;
for await (const entry of corpus.pages()) {
  if (checked >= limit) break;
  if (only && !only.has(entry.id)) continue;
  const url = entry.url ?? `https://saved.invalid/${entry.id}.html`;
  const prepared = prepareMarkup(await readHtmlBytes(entry.html), { url, maxElements: DEFAULT_RENDER_OPTIONS.maxElements, javaScript: false, inPlace: true });
  if (!prepared.inPlace) {
    // Pages that need a navigation (a legacy encoding, a scheme change) are left to `extract`.
    skipped += 1;
    continue;
  }
  try {
    if (!page.url().startsWith(new URL(url).protocol)) {
      offline.arm(offlineLoadPlan(Buffer.from('<!doctype html><title></title>')));
      await page.goto(`${new URL(url).protocol}//saved.invalid/`);
      offline.disarm();
    }
    await offline.write(prepared.inPlace, 30_000);
    const shown = new Set(words(await page.evaluate(() => document.body?.innerText ?? '')));
    const snapshot = decodeSnapshotText(await takeSnapshotText(page, { maxElements: DEFAULT_RENDER_OPTIONS.maxElements, timeoutMs: 30_000 }));
    const result = extractFromSnapshot(snapshot);
    checked += 1;
    if (result.kind !== 'article') continue;
    const runTogether: string[] = [];
    for (const word of words(result.article.text)) {
      if (shown.has(word) || /\d/u.test(word)) continue;
      for (let cut = MIN_PART; cut <= word.length - MIN_PART; cut++) {
        if (shown.has(word.slice(0, cut)) && shown.has(word.slice(cut))) {
          runTogether.push(word);
          break;
        }
      }
    }
    if (runTogether.length > 0) found.push({ id: entry.id, count: runTogether.length, examples: [...new Set(runTogether)].slice(0, 8) });
  } catch (error) {
    console.error(`${entry.id}: ${String(error).split('\n')[0]}`);
  }
  if (checked % 50 === 0) process.stderr.write(`\r${checked} pages`);
}
process.stderr.write('\n');
found.sort((a, b) => b.count - a.count);
for (const f of found.slice(0, 40)) console.log(`${String(f.count).padStart(4)} ${f.id}  ${f.examples.join(' ')}`);
console.log(`${found.length} of ${checked} pages with words run together (${skipped} not written in place, left out)`);
await browser.close();
