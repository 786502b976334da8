/**
 * A copy of a saved-page collection without its authors' styles, to measure how much extraction
 * leans on them: every `<style>` element, every `<link rel="stylesheet">` and every `style`
 * attribute is cut out of each page, the rest kept byte for byte (whatever its encoding), and the
 * ground truth copied beside, in the collection's own layout, so that the copy benches as the
 * original does:
 *
 *   npx tsx scripts/strip-styles.ts ../shared/data/aeb --out /tmp/aeb-unstyled
 *   node bin/broadsheet.js bench /tmp/aeb-unstyled --no-screenshots
 *
 * Pages then render as a browser's defaults show them — one font, one size, every block
 * stacked —, as many pages of the 2000s nearly did. What the styles hid shows too (a closed
 * menu, a ticker, a dialog), so a loss here is not always the extractor's: read the pages.
 * The cuts come from the markup step's tokenizer (src/markup/tokenize.ts: parse5's, one linear
 * pass with source offsets), not from patterns over the text.
 */
import { answerHelp } from './help.js';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { tokenize } from '../src/markup/tokenize.js';

answerHelp(import.meta.url);

const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' }, force: { type: 'boolean', default: false } } });
const source = positionals[0];
if (!source || !values.out) {
  process.stderr.write('usage: npx tsx scripts/strip-styles.ts <collection dir with html/> --out <new dir> [--force]\n');
  process.exit(2);
}
const out = values.out;
if (!existsSync(join(source, 'html'))) {
  process.stderr.write(`strip-styles: ${source} has no html/ directory (expected the AEB or WCXB layout)\n`);
  process.exit(2);
}
if (existsSync(out)) {
  if (!values.force) {
    process.stderr.write(`strip-styles: ${out} exists (--force replaces it)\n`);
    process.exit(2);
  }
  rmSync(out, { recursive: true });
}
mkdirSync(join(out, 'html'), { recursive: true });
// The truth and the collection's notes, in their places; the peers' outputs are not needed.
for (const entry of readdirSync(source)) {
  if (entry === 'html' || entry === 'output') continue;
  cpSync(join(source, entry), join(out, entry), { recursive: true });
}

/** The page without its styles; bytes as latin1 text, so that every byte outside a cut stays as it was. */
function withoutStyles(bytes: Buffer): { bytes: Buffer; cuts: number } {
  const html = bytes.toString('latin1');
  const cuts: Array<{ start: number; end: number }> = [];
  let styleStart = -1;
  tokenize(html, {
    startTag(tag) {
      if (tag.name === 'style') styleStart = tag.start;
      else if (tag.name === 'link' && tag.attrs.some((a) => a.name === 'rel' && a.value.toLowerCase().split(/\s+/u).includes('stylesheet'))) cuts.push({ start: tag.start, end: tag.end });
      else {
        const span = tag.attrSpan('style');
        if (span) cuts.push(span);
      }
    },
    endTag(name, _start, end) {
      if (name === 'style' && styleStart >= 0) {
        cuts.push({ start: styleStart, end });
        styleStart = -1;
      }
    },
    text() {},
    comment() {},
    doctype() {},
  });
  if (styleStart >= 0) cuts.push({ start: styleStart, end: html.length }); // a <style> never closed runs to the end
  cuts.sort((a, b) => a.start - b.start);
  const kept: string[] = [];
  let at = 0;
  for (const cut of cuts) {
    if (cut.start < at) continue;
    kept.push(html.slice(at, cut.start));
    at = cut.end;
  }
  kept.push(html.slice(at));
  return { bytes: Buffer.from(kept.join(''), 'latin1'), cuts: cuts.length };
}

let pages = 0;
let cutCount = 0;
for (const name of readdirSync(join(source, 'html'))) {
  const raw = readFileSync(join(source, 'html', name));
  const gz = name.endsWith('.gz');
  const { bytes, cuts } = withoutStyles(gz ? gunzipSync(raw) : raw);
  writeFileSync(join(out, 'html', name), gz ? gzipSync(bytes) : bytes);
  pages += 1;
  cutCount += cuts;
}
process.stdout.write(`strip-styles: ${pages} pages written to ${out} (${cutCount} style sheets, <style> elements and style attributes cut)\n`);
