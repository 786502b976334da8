/**
 * The whole-pipeline fuzz (issue 21), shared by test/browser/fuzz-pipeline.test.ts (a short run
 * in `npm test`) and scripts/fuzz.ts (`npm run fuzz -- --seed S --count N`).
 *
 * A case is a real page (a sample, or an AEB page read from ../shared/data at run time, never
 * copied into the repository) and one to three hostile mutations (src/testing/hostile-mutations.ts),
 * drawn by fast-check. Cases are written to files and go through the library's `extract` as
 * `broadsheet extract` takes files: input sniffing and decoding, markup preparation, Chromium,
 * snapshot, extraction. Each must end within its time budget plus the margin with an article,
 * a `none` or a typed error (any code but describeError's `internal`).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { Browser } from 'playwright';
import { extract, type ExtractionResult } from '../../src/extract/extract.js';
import { BUDGET_MARGIN_MS, isTypedError } from '../../src/bench/soak.js';
import { applyMutations, describeMutation, type Mutation, type MutationKind } from '../../src/testing/hostile-mutations.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const AEB_HTML_DIR = process.env.BROADSHEET_AEB_HTML ?? join(ROOT, '../shared/data/aeb/html');

export interface BasePage {
  name: string;
  bytes: Buffer;
}

/** AEB pages taken (every 36th of the 181, sorted): a spread of sites and sizes. */
const AEB_STRIDE = 36;

/** The samples and, where the data is present, five AEB pages. */
export function basePages(): BasePage[] {
  const samples = join(ROOT, 'samples');
  const pages: BasePage[] = readdirSync(samples)
    .filter((n) => n.endsWith('.html'))
    .sort()
    .map((n) => ({ name: `samples/${n}`, bytes: readFileSync(join(samples, n)) }));
  if (existsSync(AEB_HTML_DIR)) {
    const names = readdirSync(AEB_HTML_DIR).filter((n) => n.endsWith('.html.gz')).sort();
    for (let i = 0; i < names.length; i += AEB_STRIDE) pages.push({ name: `aeb/${names[i]!.slice(0, 12)}`, bytes: gunzipSync(readFileSync(join(AEB_HTML_DIR, names[i]!))) });
  }
  return pages;
}

export type FuzzScale = 'short' | 'long';

/** Sizes per scale: the short run stays small enough for `npm test`; the long run goes to MBs. */
const SIZES = {
  // The short run (npm test) must end far within budget + margin on a loaded 2-core machine.
  short: { count: 200, flood: 500, bytes: 300_000, depth: 1_000, nulRun: 64, surrogates: 5 },
  long: { count: 5_000, flood: 50_000, bytes: 8_000_000, depth: 50_000, nulRun: 4_096, surrogates: 100 },
} as const;

export const MUTATION_KINDS: readonly MutationKind[] = [
  'comment-flood',
  'unclosed-comment',
  'open-comment',
  'cdata',
  'processing-instruction',
  'doctype',
  'huge-attribute',
  'unbalanced-quotes',
  'nul-bytes',
  'broken-utf8',
  'utf16',
  'deep-inline',
  'giant-style',
];

/** One mutation of the given kind, sized for the scale. */
export function mutationArb(kind: MutationKind, scale: FuzzScale): fc.Arbitrary<Mutation> {
  const s = SIZES[scale];
  // Positions without fast-check's bias to small values (which puts nearly everything first).
  const at = fc.noBias(fc.integer({ min: 0, max: 1_000 })).map((v) => v / 1_000);
  const count = (max: number): fc.Arbitrary<number> => fc.integer({ min: 1, max });
  switch (kind) {
    case 'comment-flood':
      return fc.record({ kind: fc.constant(kind), at, count: count(s.flood), dropDoctype: fc.boolean() });
    case 'unclosed-comment':
      return fc.record({ kind: fc.constant(kind), at, count: count(s.count) });
    case 'open-comment':
      return fc.record({ kind: fc.constant(kind), at });
    case 'cdata':
    case 'processing-instruction':
      return fc.record({ kind: fc.constant(kind), at, count: count(s.count), closed: fc.boolean() });
    case 'doctype':
      return fc.record({ kind: fc.constant(kind), at, count: count(s.count), variant: fc.constantFrom('plain', 'legacy', 'unterminated', 'bare') });
    case 'huge-attribute':
      return fc.record({ kind: fc.constant(kind), at, bytes: fc.integer({ min: 1_000, max: s.bytes }), quote: fc.constantFrom('double', 'single', 'none', 'unclosed') });
    case 'unbalanced-quotes':
      return fc.record({ kind: fc.constant(kind), at, count: count(s.count) });
    case 'nul-bytes':
      return fc.record({ kind: fc.constant(kind), at, count: count(s.count), run: count(s.nulRun) });
    case 'broken-utf8':
      return fc.record({ kind: fc.constant(kind), at, count: count(s.count), truncateEnd: fc.boolean() });
    case 'utf16':
      return fc.record({ kind: fc.constant(kind), endian: fc.constantFrom('le', 'be'), bom: fc.boolean(), oddTail: fc.boolean(), loneSurrogates: fc.integer({ min: 0, max: s.surrogates }) });
    case 'deep-inline':
      return fc.record({ kind: fc.constant(kind), at, depth: fc.integer({ min: 10, max: s.depth }), closed: fc.boolean() });
    case 'giant-style':
      return fc.record({ kind: fc.constant(kind), at, bytes: fc.integer({ min: 1_000, max: s.bytes }), where: fc.constantFrom('attribute', 'element') });
  }
}

export interface FuzzCase {
  /** Index into `basePages()`. */
  page: number;
  mutations: Mutation[];
}

/** A case: any base page, one to three mutations of any kinds (or of `kind` first, when given). */
export function caseArb(pageCount: number, scale: FuzzScale, kind?: MutationKind): fc.Arbitrary<FuzzCase> {
  const any = fc.constantFrom(...MUTATION_KINDS).chain((k) => mutationArb(k, scale));
  const first = kind ? mutationArb(kind, scale) : any;
  return fc.record({
    page: fc.integer({ min: 0, max: pageCount - 1 }),
    mutations: fc.tuple(first, fc.array(any, { maxLength: 2 })).map(([m, more]) => [m, ...more]),
  });
}

export function describeCase(c: FuzzCase, pages: readonly BasePage[]): string {
  return `${pages[c.page]?.name ?? `page ${c.page}`} + ${c.mutations.map(describeMutation).join(' + ')}`;
}

export interface FuzzOutcome {
  description: string;
  /** Size of the mutated page. */
  bytes: number;
  status: ExtractionResult['status'];
  code?: string;
  /** The error's message, for status 'error'. */
  message?: string;
  totalMs: number;
  /** Why the case fails the property; absent when it passes. */
  failure?: 'over-budget' | 'untyped-error' | 'stalled';
}

export interface FuzzRunOptions {
  browser: Browser;
  /** Where the cases are written (one file each). */
  dir: string;
  timeBudgetMs: number;
  marginMs?: number;
  concurrency?: number;
  /** Called when the cases are written, before they are extracted. */
  onWritten?: () => void;
  /** Called as each case ends (completion order). */
  onOutcome?: (outcome: FuzzOutcome, index: number) => void;
}

export const FUZZ_TIME_BUDGET_MS = 10_000;

/** Writes the cases and extracts them in one `extract` call; one outcome per case, in order. */
export async function runFuzzCases(cases: readonly FuzzCase[], pages: readonly BasePage[], options: FuzzRunOptions): Promise<FuzzOutcome[]> {
  const marginMs = options.marginMs ?? BUDGET_MARGIN_MS;
  const files = cases.map((c, i) => {
    const path = join(options.dir, `case-${String(i).padStart(5, '0')}.html`);
    const bytes = applyMutations(pages[c.page]!.bytes, c.mutations);
    writeFileSync(path, bytes);
    return { path, bytes: bytes.length, description: describeCase(c, pages) };
  });
  const outcomes: FuzzOutcome[] = new Array(cases.length);
  options.onWritten?.();
  await extract(
    files.map((f) => f.path),
    {
      browser: options.browser,
      concurrency: options.concurrency ?? 2,
      timeBudgetMs: options.timeBudgetMs,
      retainResults: false,
      onResult: (result, index) => {
        const file = files[index]!;
        const code = result.status === 'error' ? result.error.code : undefined;
        const failure =
          options.timeBudgetMs > 0 && result.timingsMs.totalMs > options.timeBudgetMs + marginMs
            ? 'over-budget'
            : result.status === 'error' && !isTypedError(code)
              ? 'untyped-error'
              : undefined;
        const outcome: FuzzOutcome = { description: file.description, bytes: file.bytes, status: result.status, ...(result.status === 'error' ? { code, message: result.error.message } : {}), totalMs: result.timingsMs.totalMs, ...(failure ? { failure } : {}) };
        outcomes[index] = outcome;
        options.onOutcome?.(outcome, index);
      },
    },
  );
  return outcomes;
}

/** A failure line: what the case was, how it ended and why that fails. */
export function describeFailure(o: FuzzOutcome): string {
  if (o.failure === 'stalled') return `stalled: ${o.description} → no result: Node finished no case for ${Math.round(o.totalMs / 1000)} s`;
  return `${o.failure}: ${o.description} → ${o.status}${o.code ? ` ${o.code} (${o.message})` : ''} in ${o.totalMs} ms (${o.bytes} bytes)`;
}
