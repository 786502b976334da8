/**
 * Fits the title chooser's weights (src/extract/title-weights.ts) on WCXB-dev and the samples:
 * a conditional logit over each page's candidates (the right one's probability, softmax over
 * the page's scores, maximised with an L2 penalty), scored with 5-fold cross-validation whose
 * folds are grouped by site, so that no site's pages are both fitted and scored.
 *
 *   npm run fit:title                 # candidates from the snapshot cache; CV and in-sample figures
 *   npm run fit:title -- --write      # also rewrite TITLE_WEIGHTS with the fit on every page
 *   npm run fit:title -- --l2 0.03    # the penalty (default: the best of a small grid by CV)
 *   npm run fit:title -- --misses F   # the CV misses as JSON lines, for reading
 *   npm run fit:title -- --reuse      # the title sources of the last run (out/title-sources.json), not extracted again
 *
 * Pages come from the snapshot cache (scripts/cache-snapshots.ts wcxb samples); a page not in it
 * is rendered and stored. A page is right when the chosen candidate's words (letters and
 * digits, lower case) equal the truth's, as scripts/bench-metadata.ts scores it.
 */
import { answerHelp } from './help.js';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openCorpus } from '../src/bench/corpora/index.js';
import { forEachSnapshot } from '../src/bench/snapshot-cache.js';
import { extractFromSnapshot } from '../src/extract/from-snapshot.js';
import { titleCandidates, wordsOf, type TitleSources } from '../src/extract/title.js';
import { TITLE_FEATURES, TITLE_PRIOR, TITLE_WEIGHTS, type TitleFeature } from '../src/extract/title-weights.js';

answerHelp(import.meta.url);

interface PageCandidates {
  id: string;
  site: string;
  truth: string;
  candidates: Array<{ text: string; sources: string[]; x: number[]; right: boolean }>;
}

/** A page's title sources as extraction gathered them (null: no article was extracted). */
interface PageSources {
  id: string;
  site: string;
  truth: string;
  sources: TitleSources | null;
}

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const FOLDS = 5;
/** How firmly a weight with a prior (TITLE_PRIOR) is held to it: the data moves it little. */
const PRIOR_HOLD = 1;
const L2_GRID = [0.003, 0.01, 0.03, 0.1, 0.3];

const SOURCES_FILE = 'out/title-sources.json';
const gathered = args.includes('--reuse') ? (JSON.parse(await readFile(SOURCES_FILE, 'utf8')) as PageSources[]) : await collect();
if (!args.includes('--reuse')) await writeFile(SOURCES_FILE, JSON.stringify(gathered));
const pages = gathered.map(candidatesOf);
const reachable = pages.filter((p) => p.candidates.some((c) => c.right)).length;
console.log(`${pages.length} pages with a truth title; the truth is among the candidates on ${reachable} (${pct(reachable, pages.length)})`);
console.log(`current weights: ${pct(correct(pages, weightsVector(TITLE_WEIGHTS)), pages.length)}`);

const l2Flag = option('--l2');
const grid = l2Flag ? [Number(l2Flag)] : L2_GRID;
let best = { l2: grid[0]!, right: -1, misses: [] as Array<{ page: PageCandidates; chose: number }> };
for (const l2 of grid) {
  const { right, misses } = crossValidate(pages, l2);
  console.log(`L2 ${l2}: cross-validated ${pct(right, pages.length)} (${right}/${pages.length}, ${FOLDS} folds grouped by site)`);
  if (right > best.right) best = { l2, right, misses };
}
const w = fit(pages, best.l2);
console.log(`fit on every page (L2 ${best.l2}): in-sample ${pct(correct(pages, w), pages.length)}`);
for (const [i, f] of TITLE_FEATURES.entries()) console.log(`  ${f.padEnd(22)} ${w[i]!.toFixed(3)}`);

const missesOut = option('--misses');
if (missesOut) {
  const lines = best.misses.map(({ page: p, chose }) => {
    const scored = p.candidates.map((c, i) => ({ text: c.text, sources: c.sources, right: c.right, chosen: i === chose }));
    return JSON.stringify({ id: p.id, truth: p.truth, candidates: scored });
  });
  await writeFile(missesOut, lines.join('\n') + '\n');
}
if (args.includes('--write')) await writeWeights(w);

/** Every page's title sources, from extraction on the cached snapshots. */
async function collect(): Promise<PageSources[]> {
  const out: PageSources[] = [];
  for (const name of ['wcxb', 'samples']) {
    const corpus = await openCorpus(name);
    await forEachSnapshot(corpus, { concurrency: 1 }, async (entry) => {
      const page = entry.page;
      const truth = corpus.format === 'wcxb' ? await wcxbTitle(corpus.dir, page.id) : page.truth.title;
      if (!truth) return;
      const site = page.url ? new URL(page.url).hostname.replace(/^www\./u, '') : `${name}:${page.id}`;
      const extraction = entry.status === 'ok' ? extractFromSnapshot(entry.snapshot) : undefined;
      // Pages without an article choose their title too (the record's facts): every page counts.
      const sources = extraction?.explanation.title?.sources ?? null;
      out.push({ id: `${name}/${page.id}`, site, truth, sources });
    });
  }
  return out;
}

/** The page's candidates with their features, labelled right where their words are the truth's. */
function candidatesOf(page: PageSources): PageCandidates {
  const want = wordsOf(page.truth);
  const candidates = page.sources
    ? titleCandidates(page.sources).map((c) => ({ text: c.text, sources: c.sources, x: TITLE_FEATURES.map((f) => c.features[f]), right: wordsOf(c.text) === want }))
    : [];
  return { id: page.id, site: page.site, truth: page.truth, candidates };
}

async function wcxbTitle(dir: string, id: string): Promise<string | undefined> {
  const raw = JSON.parse(await readFile(join(dir, 'ground-truth', `${id}.json`), 'utf8')) as { ground_truth: { title?: string | null } };
  return raw.ground_truth.title ?? undefined;
}

function weightsVector(weights: Readonly<Record<TitleFeature, number>>): number[] {
  return TITLE_FEATURES.map((f) => weights[f]);
}

function score(x: number[], w: number[]): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i]! * w[i]!;
  return s;
}

/** The page's chosen candidate: highest score, the first on ties (as chooseTitle does). */
function chosen(page: PageCandidates, w: number[]): number {
  let at = -1;
  let top = -Infinity;
  page.candidates.forEach((c, i) => {
    const s = Math.round(score(c.x, w) * 1e4) / 1e4;
    if (s > top) {
      top = s;
      at = i;
    }
  });
  return at;
}

function correct(set: PageCandidates[], w: number[]): number {
  return set.filter((p) => page(p, w)).length;
  function page(p: PageCandidates, weights: number[]): boolean {
    const i = chosen(p, weights);
    return i >= 0 && p.candidates[i]!.right;
  }
}

/**
 * Maximises Σ_pages log(Σ_right e^s / Σ_all e^s) − l2·|w − prior|² by gradient ascent (Adam
 * steps), over the pages where some candidate is right; `prior` is TITLE_PRIOR (0 elsewhere), and the
 * weights it names are held to it with the penalty PRIOR_HOLD instead of l2.
 */
function fit(set: PageCandidates[], l2: number): number[] {
  const usable = set.filter((p) => p.candidates.some((c) => c.right));
  const d = TITLE_FEATURES.length;
  const prior = TITLE_FEATURES.map((f) => TITLE_PRIOR[f] ?? 0);
  const w = [...prior];
  const m = new Array<number>(d).fill(0);
  const v = new Array<number>(d).fill(0);
  const rate = 0.05;
  for (let step = 1; step <= 1500; step++) {
    // A weight with a prior is held near it (penalty PRIOR_HOLD); the others shrink toward 0 by l2.
    const grad = w.map((wi, k) => -2 * (TITLE_PRIOR[TITLE_FEATURES[k]!] === undefined ? l2 : PRIOR_HOLD) * (wi - prior[k]!) * usable.length);
    for (const p of usable) {
      const s = p.candidates.map((c) => score(c.x, w));
      const top = Math.max(...s);
      const e = s.map((si) => Math.exp(si - top));
      const all = e.reduce((a, b) => a + b, 0);
      const right = p.candidates.reduce((a, c, i) => a + (c.right ? e[i]! : 0), 0);
      p.candidates.forEach((c, i) => {
        const coef = (c.right ? e[i]! / right : 0) - e[i]! / all;
        for (let k = 0; k < d; k++) grad[k]! += coef * c.x[k]!;
      });
    }
    for (let k = 0; k < d; k++) {
      const g = grad[k]! / usable.length;
      m[k] = 0.9 * m[k]! + 0.1 * g;
      v[k] = 0.999 * v[k]! + 0.001 * g * g;
      const mh = m[k]! / (1 - 0.9 ** step);
      const vh = v[k]! / (1 - 0.999 ** step);
      w[k]! += (rate * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  return w.map((x) => Math.round(x * 1000) / 1000);
}

/** Folds by site: a site's pages all land in one fold (FNV-1a of the hostname). */
function foldOf(site: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < site.length; i++) h = Math.imul(h ^ site.charCodeAt(i), 0x01000193) >>> 0;
  return h % FOLDS;
}

function crossValidate(set: PageCandidates[], l2: number): { right: number; misses: Array<{ page: PageCandidates; chose: number }> } {
  let right = 0;
  const misses: Array<{ page: PageCandidates; chose: number }> = [];
  for (let k = 0; k < FOLDS; k++) {
    const test = set.filter((p) => foldOf(p.site) === k);
    const w = fit(set.filter((p) => foldOf(p.site) !== k), l2);
    for (const p of test) {
      const i = chosen(p, w);
      if (i >= 0 && p.candidates[i]!.right) right++;
      else misses.push({ page: p, chose: i });
    }
  }
  return { right, misses };
}

/** Rewrites the TITLE_WEIGHTS object in src/extract/title-weights.ts with `w`. */
async function writeWeights(weights: number[]): Promise<void> {
  const path = 'src/extract/title-weights.ts';
  const source = await readFile(path, 'utf8');
  const start = source.indexOf('export const TITLE_WEIGHTS');
  const open = source.indexOf('{', start);
  const close = source.indexOf('\n};', open);
  if (start < 0 || open < 0 || close < 0) throw new Error(`${path}: TITLE_WEIGHTS not found`);
  const body = TITLE_FEATURES.map((f, i) => `  ${f}: ${weights[i]},`).join('\n');
  await writeFile(path, `${source.slice(0, open + 1)}\n${body}${source.slice(close)}`);
  console.log(`wrote ${path}`);
}

function pct(n: number, d: number): string {
  return d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`;
}
