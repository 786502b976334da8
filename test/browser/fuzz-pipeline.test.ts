/**
 * The whole pipeline under hostile mutations of real pages (issue 21): the short run of the
 * fuzz in `npm test` (test/support/fuzz.ts; the long run is `npm run fuzz -- --seed S --count N`).
 * Each case — a sample or an AEB page with one to three mutations — goes through the library's
 * `extract` from a file and must end within its time budget plus the margin with an article,
 * a `none` or a typed error.
 *
 * The seed is fixed (FUZZ_SEED overrides it), so CI runs the same cases every time; a failure
 * prints the seed, the cases and how each ended. Cases are few and small (about 30 in all),
 * and the budget assertion has the stated margin, so a loaded 2-core machine does not flake it.
 * Shrinking is off: a failing batch is reported as drawn (each case is a short description).
 */
import fc from 'fast-check';
import { test as base, expect } from './fixtures.js';
import { tempDirFixture } from '../support/temp-dir.js';
import { basePages, caseArb, describeFailure, FUZZ_TIME_BUDGET_MS, MUTATION_KINDS, runFuzzCases, type FuzzCase, type FuzzOutcome } from '../support/fuzz.js';

const test = base.extend<{ dir: string }>({ dir: tempDirFixture('broadsheet-fuzz-') });
test.describe.configure({ timeout: 240_000 });

const SEED = Number(process.env.FUZZ_SEED ?? 20_211);
const pages = basePages();

function report(outcomes: readonly FuzzOutcome[]): string {
  const codes = new Map<string, number>();
  for (const o of outcomes) codes.set(o.code ?? o.status, (codes.get(o.code ?? o.status) ?? 0) + 1);
  const slowest = [...outcomes].sort((a, b) => b.totalMs - a.totalMs)[0];
  return `${outcomes.length} cases, ${[...codes].map(([c, n]) => `${c} ×${n}`).join(', ')}; slowest ${slowest?.totalMs} ms: ${slowest?.description}`;
}

test('every kind of mutation, once each on a drawn page: all end within budget, typed', async ({ browser, dir }) => {
  // One case per kind (13), so that the short run covers every shape whatever the seed draws.
  const cases: FuzzCase[] = MUTATION_KINDS.map((kind, i) => fc.sample(caseArb(pages.length, 'short', kind), { seed: SEED + i, numRuns: 1 })[0]!);
  const outcomes = await runFuzzCases(cases, pages, { browser, dir, timeBudgetMs: FUZZ_TIME_BUDGET_MS });
  console.log(`fuzz (one per kind, seed ${SEED}): ${report(outcomes)}`);
  expect(outcomes.filter((o) => o.failure).map(describeFailure), `seed ${SEED}`).toEqual([]);
  expect(outcomes.filter(Boolean)).toHaveLength(cases.length);
});

test('random mixtures of mutations: every case ends within budget with an article, none or a typed error', async ({ dir }) => {
  // The browser as `extract` of saved files launches it: a headless shell paints none of them.
  const { launchBrowser } = await import('../../src/render/browser.js');
  const browser = await launchBrowser({ savedPagesOnly: true });
  let ran = 0;
  try {
    await fc.assert(
      fc.asyncProperty(fc.array(caseArb(pages.length, 'short'), { minLength: 8, maxLength: 8 }), async (cases) => {
        const outcomes = await runFuzzCases(cases, pages, { browser, dir, timeBudgetMs: FUZZ_TIME_BUDGET_MS });
        ran += outcomes.length;
        console.log(`fuzz (mixtures, seed ${SEED}): ${report(outcomes)}`);
        expect(outcomes.filter((o) => o.failure).map(describeFailure)).toEqual([]);
        expect(outcomes.filter(Boolean)).toHaveLength(cases.length);
      }),
      { seed: SEED, numRuns: 2, endOnFailure: true },
    );
  } finally {
    await browser.close();
  }
  expect(ran).toBe(16);
});
