/**
 * Writes a synthetic crawl database (src/testing/synthetic-crawl.ts):
 *   node --import tsx scripts/synthetic-crawl.ts out/synthetic-10k.db 10000
 */
import { answerHelp } from './help.js';
import { writeSyntheticCrawl } from '../src/testing/synthetic-crawl.js';

answerHelp(import.meta.url);

const [path, pages] = process.argv.slice(2);
if (!path) throw new Error('usage: synthetic-crawl.ts FILE [PAGES]');
const started = performance.now();
writeSyntheticCrawl(path, Number(pages ?? 10_000));
process.stderr.write(`wrote ${path} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
