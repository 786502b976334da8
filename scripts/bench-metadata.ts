/**
 * Metadata accuracy per field per collection, from cached layout snapshots (no rendering):
 *
 *   npx tsx scripts/cache-snapshots.ts samples aeb wcxb      # once: renders into out/snapshots/
 *   npm run bench:metadata [-- --before <dir>] [--corpus wcxb,aeb,samples] [--page-type article] [--limit N] [--pages out.jsonl]
 *
 * `--before <dir>` is another checkout's root (e.g. main's code: `git archive <ref> src | tar -x
 * -C <dir>` and a `node_modules` link): its extractFromSnapshot runs on the same snapshots and
 * its figures are printed beside this checkout's.
 *
 * What is scored, on the pages whose truth names the field ("pages" column):
 * - WCXB-dev (`ground-truth/<id>.json`): title, author, publish_date.
 *   title — equal after normalising (NFKC, lower case, only letters and digits, single spaces);
 *   author — equal after normalising, or the same set of names when both are split at `,` `;`
 *   `&` `/` and " and "; date — the same calendar day (the date as the page writes it, before
 *   any conversion to UTC: the first YYYY-MM-DD of the value).
 * - language, on every collection: the bundled identifier (lid.176) run on the truth's body text
 *   (pages with ≥ 200 characters of it where it is ≥ 0.9 sure), against the primary subtag of the
 *   extracted `language`; on samples/ the language the sample states.
 * - AEB has only the URL and the body: there the hostname and the URL-dated publication day
 *   (pages whose URL carries /YYYY/MM/DD/) are scored too, and every field's coverage is shown.
 * - samples/: title and language from `<slug>.expected.json`; author and date from
 *   test/fixtures/metadata/samples-truth.json (read off the rendered pages by hand).
 * A page that fails to extract counts as a miss.
 */
import { answerHelp } from './help.js';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openCorpus } from '../src/bench/corpora/index.js';
import { forEachSnapshot } from '../src/bench/snapshot-cache.js';
import { dayOf, normalizeForMatch, sameAuthor, wcxbMetadataTruth } from '../src/bench/metadata-figures.js';
import { identifyTextLanguage, loadTextLanguageModel } from '../src/extract/text-language.js';
import type { LayoutSnapshot } from '../src/types.js';

answerHelp(import.meta.url);

type Extracted = { title: string | null; byline: string | null; publishedAt: string | null; language: string | null; hostname?: string | null } | null;
type Extractor = (snapshot: LayoutSnapshot) => Extracted;

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const corpora = (option('--corpus') ?? 'wcxb,aeb,samples').split(',').filter(Boolean);
const limit = option('--limit') ? Number(option('--limit')) : Infinity;
const beforeDir = option('--before');
const pagesOut = option('--pages');
/** Only pages the collection labels with this type (WCXB: article, forum, product, …). */
const pageType = option('--page-type');

async function extractorFrom(root: string): Promise<Extractor> {
  const mod = (await import(pathToFileURL(join(root, 'src/extract/from-snapshot.ts')).href)) as {
    extractFromSnapshot: (s: LayoutSnapshot) => { kind: string; article?: Record<string, unknown>; facts?: Record<string, unknown> };
  };
  try {
    const lang = (await import(pathToFileURL(join(root, 'src/extract/text-language.ts')).href)) as { loadTextLanguageModel?: () => Promise<boolean> };
    await lang.loadTextLanguageModel?.();
  } catch {
    // an older checkout without the text-language stage
  }
  return (snapshot) => {
    const result = mod.extractFromSnapshot(snapshot);
    // A page without an article still has a record with its title and declared metadata (`facts`).
    const found = result.kind === 'article' ? result.article : result.facts;
    if (!found) return null;
    const a = found as { title: string | null; byline: string | null; publishedAt: string | null; language: string | null; hostname?: string | null };
    return { title: a.title, byline: a.byline, publishedAt: a.publishedAt, language: a.language, hostname: a.hostname ?? null };
  };
}

function primary(tag: string | null): string | null {
  return tag ? (tag.toLowerCase().split(/[-_]/u)[0] ?? null) : null;
}

interface Truth {
  title?: string;
  author?: string;
  date?: string;
  language?: string;
  hostname?: string;
}

class Tally {
  readonly rows = new Map<string, { pages: number; right: number[]; found: number[] }>();
  add(field: string, column: number, named: boolean, right: boolean, found: boolean): void {
    let row = this.rows.get(field);
    if (!row) this.rows.set(field, (row = { pages: 0, right: [0, 0], found: [0, 0] }));
    if (column === 1 && named) row.pages++;
    if (named && right) row.right[column]!++;
    if (found) row.found[column]!++;
  }
}

const wcxbTruth = wcxbMetadataTruth;

const samplesTruth = JSON.parse(await readFile('test/fixtures/metadata/samples-truth.json', 'utf8').catch(() => '{}')) as Record<string, { author?: string; date?: string } | string>;

await loadTextLanguageModel();
const after = await extractorFrom(resolve('.'));
const before = beforeDir ? await extractorFrom(resolve(beforeDir)) : undefined;
const extractors = before ? [before, after] : [after];
const pageLines: string[] = [];

for (const name of corpora) {
  const corpus = await openCorpus(name);
  const tally = new Tally();
  let pages = 0;
  let missing = 0;
  await forEachSnapshot(corpus, { concurrency: 1 }, async (entry, index) => {
    if (index >= limit) return;
    const page = entry.page;
    if (pageType && page.pageType !== pageType) return;
    pages++;
    const truth: Truth = {};
    if (corpus.format === 'wcxb') Object.assign(truth, await wcxbTruth(corpus.dir, page.id));
    if (corpus.format === 'samples') {
      if (page.truth.title) truth.title = page.truth.title;
      if (page.language) truth.language = page.language;
      const hand = samplesTruth[page.id];
      if (hand && typeof hand === 'object') Object.assign(truth, hand);
    } else if (page.truth.body.length >= 200) {
      const guess = identifyTextLanguage(page.truth.body);
      if (guess && guess.confidence >= 0.9) truth.language = guess.language;
    }
    if (corpus.format === 'aeb' && page.url) {
      truth.hostname = new URL(page.url).hostname;
      const dated = /\/(\d{4})\/(\d{2})\/(\d{2})\//u.exec(page.url);
      if (dated) truth.date = `${dated[1]}-${dated[2]}-${dated[3]}`;
    }
    if (entry.status !== 'ok') missing++;
    const line: Record<string, unknown> = { corpus: name, id: page.id, truth };
    extractors.forEach((extract, column) => {
      const got = entry.status === 'ok' ? extract(entry.snapshot) : null;
      line[column === extractors.length - 1 ? 'after' : 'before'] = got;
      const col = extractors.length === 1 ? 1 : column;
      if (corpus.format !== 'aeb') tally.add('title', col, truth.title !== undefined, !!got?.title && truth.title !== undefined && normalizeForMatch(got.title) === normalizeForMatch(truth.title), !!got?.title);
      if (corpus.format !== 'aeb' || truth.author) tally.add('author', col, truth.author !== undefined, truth.author !== undefined && sameAuthor(got?.byline ?? null, truth.author), !!got?.byline);
      tally.add('date (day)', col, truth.date !== undefined, truth.date !== undefined && dayOf(got?.publishedAt ?? null) === truth.date.slice(0, 10), !!got?.publishedAt);
      tally.add('language', col, truth.language !== undefined, truth.language !== undefined && primary(got?.language ?? null) === truth.language, !!got?.language);
      if (corpus.format === 'aeb') {
        tally.add('title', col, false, false, !!got?.title);
        tally.add('author', col, false, false, !!got?.byline);
        tally.add('hostname', col, truth.hostname !== undefined, !!got?.hostname && got.hostname === truth.hostname, !!got?.hostname);
      }
    });
    if (pagesOut) pageLines.push(JSON.stringify(line));
  });
  const pct = (n: number, d: number): string => (d === 0 ? '   —  ' : `${((100 * n) / d).toFixed(1).padStart(5)} %`);
  console.log(`\n${name}: ${pages} pages${missing ? ` (${missing} not in the snapshot cache or failed to render: counted as misses)` : ''}`);
  console.log(`${'field'.padEnd(12)} ${'pages'.padStart(5)}  ${before ? 'before   ' : ''}after     ${before ? 'found before  ' : ''}found after`);
  for (const [field, row] of tally.rows) {
    console.log(
      `${field.padEnd(12)} ${String(row.pages).padStart(5)}  ${before ? `${pct(row.right[0]!, row.pages)}  ` : ''}${pct(row.right[1]!, row.pages)}   ${before ? `${pct(row.found[0]!, pages)}       ` : ''}${pct(row.found[1]!, pages)}`,
    );
  }
}
if (pagesOut) {
  const { writeFile } = await import('node:fs/promises');
  await writeFile(pagesOut, pageLines.join('\n') + '\n');
}
