import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Slowest tests listed after the summary: the suite must stay under 20 minutes (docs/development.md). */
const SLOWEST_SHOWN = 12;

/**
 * Prints the plain closing line `N passed, N failed, N skipped` that CI reads. Counts each
 * test once, by its final outcome: a test marked `test.fail()` that fails as expected passes.
 * Before it: the suite's wall time and its slowest tests, so a test that grows slow is seen.
 */
export default class SummaryReporter implements Reporter {
  private readonly tests = new Set<TestCase>();
  private readonly durations = new Map<TestCase, number>();
  private readonly started = Date.now();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.tests.add(test);
    this.durations.set(test, (this.durations.get(test) ?? 0) + result.duration);
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
    const slowest = [...this.durations].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST_SHOWN);
    if (slowest.length > 0) {
      process.stdout.write(`\nWall time ${((Date.now() - this.started) / 60_000).toFixed(1)} min; slowest tests:\n`);
      for (const [test, ms] of slowest) process.stdout.write(`  ${(ms / 1000).toFixed(0).padStart(5)} s  ${test.titlePath().slice(2).join(' › ')}\n`);
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
