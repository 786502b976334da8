/**
 * Properties of the markup pass, browser-free (issue 21): `prepareMarkup` on real pages with
 * hostile mutations (src/testing/hostile-mutations.ts) throws nothing but typed errors, and its
 * time grows linearly with the hostile part of the input.
 *
 * Written against `prepareMarkup(bytes, options)` and its result only, so the properties hold
 * whatever does the work inside (its scanners are being replaced by one tokenizer pass).
 *
 * Linear time is checked by wall time with a generous ratio, robust to a loaded machine: each
 * mutation is applied at a quarter of its drawn size and at its drawn size, the two timed in turn
 * five times each (best of five), and the larger may take at most 10 × the smaller (4 × for
 * linear work, 2.5 × slack for noise; quadratic work takes 16 ×), with a floor of 10 ms under the
 * smaller so that timer and collector noise on small inputs cannot fail it.
 *
 * On the hand-written scanners of 2026-11-25 the comment-flood kind fails, as it should: with a
 * few thousand comments inside the page, src/markup/inert-scripts.ts searches for `--!>` to the
 * end of the document once per comment (quadratic; 10.5 s on WCXB-dev page 3000, 4,683
 * comments, 1.6 MB). The one tokenizer pass of issue 21 (item 1) is what makes it pass.
 */
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import { BroadsheetError } from '../../src/errors.js';
import { prepareMarkup, type MarkupPreparation } from '../../src/markup/prepare.js';
import { applyMutations, describeMutation, scaleMutation } from '../../src/testing/hostile-mutations.js';
import { basePages, caseArb, describeCase, MUTATION_KINDS, mutationArb } from '../support/fuzz.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_211);
const pages = basePages();
const samples = pages.filter((p) => p.name.startsWith('samples/'));

const optionsArb: fc.Arbitrary<MarkupPreparation> = fc.record({
  url: fc.constantFrom('http://saved.invalid/page.html', 'https://news.example/a/b?c=1', 'file:///tmp/x.html'),
  maxElements: fc.constantFrom(500_000, 2_000),
  javaScript: fc.boolean(),
  inPlace: fc.boolean(),
});

test('on any mutated page, prepareMarkup returns bytes or throws a typed error', () => {
  test.setTimeout(180_000);
  fc.assert(
    fc.property(caseArb(pages.length, 'short'), optionsArb, (c, options) => {
      const bytes = applyMutations(pages[c.page]!.bytes, c.mutations);
      try {
        const prepared = prepareMarkup(bytes, options);
        expect(Buffer.isBuffer(prepared.bytes), describeCase(c, pages)).toBe(true);
        expect(prepared.bytes.length).toBeGreaterThan(0);
        if (prepared.inPlace) expect(typeof prepared.inPlace.html).toBe('string');
      } catch (error) {
        if (!(error instanceof BroadsheetError)) throw new Error(`untyped error on ${describeCase(c, pages)}: ${String(error)}`, { cause: error });
      }
    }),
    { seed: SEED, numRuns: 40, endOnFailure: true },
  );
});

/**
 * Best wall times of two calls, ms, over `rounds` rounds taken in turn (a, b, a, b…), so that a
 * burst of load or a collection left by one input's garbage slows both alike, not one.
 */
function bestTimes(a: () => void, b: () => void, rounds = 5): [number, number] {
  let bestA = Number.POSITIVE_INFINITY;
  let bestB = Number.POSITIVE_INFINITY;
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    a();
    bestA = Math.min(bestA, performance.now() - t);
    t = performance.now();
    b();
    bestB = Math.min(bestB, performance.now() - t);
  }
  return [bestA, bestB];
}

const GROWTH = 4;
const MAX_RATIO = 10;
const FLOOR_MS = 10;

for (const kind of MUTATION_KINDS) {
  test(`prepareMarkup's time grows linearly with a ${kind} mutation (4 × the mutation, at most 10 × the time)`, () => {
    test.setTimeout(180_000);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: samples.length - 1 }), mutationArb(kind, 'short'), (page, m) => {
        const small = applyMutations(samples[page]!.bytes, [scaleMutation(m, 1 / GROWTH)]);
        const large = applyMutations(samples[page]!.bytes, [m]);
        const options: MarkupPreparation = { url: 'http://saved.invalid/page.html', maxElements: 10_000_000, javaScript: false, inPlace: true };
        const prepare = (bytes: Buffer) => () => {
          try {
            prepareMarkup(bytes, options);
          } catch (error) {
            if (!(error instanceof BroadsheetError)) throw error;
          }
        };
        const [tSmall, tLarge] = bestTimes(prepare(small), prepare(large));
        const ratio = tLarge / Math.max(tSmall, FLOOR_MS);
        if (ratio > MAX_RATIO) {
          throw new Error(`super-linear: ${samples[page]!.name} + ${describeMutation(m)}: ${small.length} → ${large.length} bytes, ${tSmall.toFixed(1)} → ${tLarge.toFixed(1)} ms (${ratio.toFixed(1)} ×)`);
        }
      }),
      { seed: SEED, numRuns: 4, endOnFailure: true },
    );
  });
}
