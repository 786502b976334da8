/**
 * Sending a function to the page as source text (STYLE habit 13).
 *
 * Compilers that run TypeScript on the fly (tsx/esbuild, Playwright's test transform) may
 * wrap inner functions in `__name(fn, "…")`, a helper that exists in Node but not in the
 * page. The expression defines a local no-op `__name` around the function's source, so the
 * same code works compiled by tsc, by esbuild, or by the test runner.
 */
export function pageExpression<A>(fn: (arg: A) => unknown, arg: A): string {
  return `(() => { const __name = (target) => target; return (${fn.toString()})(${JSON.stringify(arg)}); })()`;
}
