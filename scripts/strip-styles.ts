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
 * The stripping itself is src/bench/strip-styles.ts (the quality gate's unstyled AEB uses it too).
 */
import { answerHelp } from './help.js';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { stripCollectionStyles } from '../src/bench/strip-styles.js';

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
const { pages, cuts: cutCount } = stripCollectionStyles(source, out);
process.stdout.write(`strip-styles: ${pages} pages written to ${out} (${cutCount} style sheets, <style> elements and style attributes cut)\n`);
