/**
 * How much replaying an archive's stylesheets changes extraction F1. No archive with
 * subresources is at hand, so one is made from the samples (each has its CSS in one inline
 * <style>): the style is moved to a stylesheet record of the WARC and the page links to it, as
 * a browser-made archive would hold it. Each page is extracted from the WARC with replay (the
 * layout as published) and without (the unstyled layout a plain offline render sees), and
 * scored against samples/*.expected.json with the benchmark's F1 (word 5-gram shingles... as
 * `broadsheet bench`). Usage: node --import tsx scripts/bench-corpus-replay.ts
 */
import { answerHelp } from './help.js';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extract } from '../src/extract/extract.js';
import { launchBrowser } from '../src/render/browser.js';
import { pageScores, tokenizeMultilingual } from '../src/bench/metrics.js';
import { writeWarcFile, type WarcResponse } from '../src/testing/warc-writer.js';

answerHelp(import.meta.url);

const names = readdirSync('samples').filter((n) => n.endsWith('.html')).map((n) => n.replace(/\.html$/, ''));
const responses: WarcResponse[] = [];
const truth = new Map<string, string>();
for (const name of names) {
  const html = readFileSync(`samples/${name}.html`, 'utf8');
  const style = /<style[^>]*>([\s\S]*?)<\/style>/i.exec(html);
  if (!style) continue;
  const url = `https://replay.example/${name}`;
  responses.push({ url, body: html.replace(style[0], `<link rel="stylesheet" href="/css/${name}.css">`) });
  responses.push({ url: `https://replay.example/css/${name}.css`, body: style[1]!, contentType: 'text/css' });
  const expected = JSON.parse(readFileSync(`samples/${name}.expected.json`, 'utf8')) as { body: string | string[] };
  truth.set(url, Array.isArray(expected.body) ? expected.body.join('\n\n') : expected.body);
}
const warc = join(mkdtempSync(join(tmpdir(), 'broadsheet-replay-')), 'replay.warc.gz');
await writeWarcFile(warc, responses);
const browser = await launchBrowser();
const f1 = async (replay: boolean): Promise<Map<string, number>> => {
  const scores = new Map<string, number>();
  for (const result of await extract(warc, { browser, replay })) {
    const url = result.input.split('#')[0]!;
    const text = result.status === 'article' ? result.article.text : '';
    scores.set(url, pageScores(text, truth.get(url), { tokenizer: tokenizeMultilingual }).f1);
  }
  return scores;
};
const withReplay = await f1(true);
const without = await f1(false);
await browser.close();
let sumWith = 0;
let sumWithout = 0;
for (const [url, score] of withReplay) {
  const other = without.get(url) ?? 0;
  sumWith += score;
  sumWithout += other;
  if (Math.abs(score - other) > 0.005) console.log(`${url.split('/').pop()!.padEnd(32)} replay ${score.toFixed(3)}  no replay ${other.toFixed(3)}`);
}
const n = withReplay.size;
console.log(`${n} pages: mean F1 with replay ${(sumWith / n).toFixed(3)}, without ${(sumWithout / n).toFixed(3)} (difference ${((sumWith - sumWithout) / n).toFixed(3)})`);
