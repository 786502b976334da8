import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter';

/**
 * Prints the plain closing line `N passed, N failed, N skipped` that CI reads. Counts each
 * test once, by its final outcome: a test marked `test.fail()` that fails as expected passes.
 */
export default class SummaryReporter implements Reporter {
  private readonly tests = new Set<TestCase>();

  onTestEnd(test: TestCase): void {
    this.tests.add(test);
  }

  onEnd(_result: FullResult): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const test of this.tests) {
      const outcome = test.outcome();
      if (outcome === 'skipped') skipped++;
      else if (outcome === 'unexpected') failed++;
      else passed++;
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
