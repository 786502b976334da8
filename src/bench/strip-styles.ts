/**
 * A saved-page collection without its authors' styles, to measure how much extraction leans on
 * them: every `<style>` element, every `<link rel="stylesheet">` and every `style` attribute cut
 * out of each page, the rest kept byte for byte (whatever its encoding), and the collection's
 * other files (the ground truth, its notes) copied beside, in the collection's own layout, so that
 * the copy benches as the original does. Pages then render as a browser's defaults show them —
 * one font, one size, every block stacked —, as many pages of the 2000s nearly did.
 *
 * Used by `scripts/strip-styles.ts` and by the quality gate's unstyled AEB
 * (test/browser/quality-gate.test.ts). The cuts come from the markup step's tokenizer
 * (src/markup/tokenize.ts: parse5's, one linear pass with source offsets), not from patterns
 * over the text.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { tokenize } from '../markup/tokenize.js';

/** The page without its styles; bytes read as latin1 text, so that every byte outside a cut stays as it was. */
export function withoutStyles(bytes: Buffer): { bytes: Buffer; cuts: number } {
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

/**
 * Writes the collection at `source` (a directory with `html/`) to `out` without its styles; the
 * peers' outputs (`output/`) are not copied. `out` must not hold another collection: the caller
 * decides whether an existing one may be replaced.
 */
export function stripCollectionStyles(source: string, out: string): { pages: number; cuts: number } {
  mkdirSync(join(out, 'html'), { recursive: true });
  for (const entry of readdirSync(source)) {
    if (entry === 'html' || entry === 'output') continue;
    cpSync(join(source, entry), join(out, entry), { recursive: true });
  }
  let pages = 0;
  let cuts = 0;
  for (const name of readdirSync(join(source, 'html'))) {
    const raw = readFileSync(join(source, 'html', name));
    const gz = name.endsWith('.gz');
    const stripped = withoutStyles(gz ? gunzipSync(raw) : raw);
    writeFileSync(join(out, 'html', name), gz ? gzipSync(stripped.bytes) : stripped.bytes);
    pages += 1;
    cuts += stripped.cuts;
  }
  return { pages, cuts };
}
