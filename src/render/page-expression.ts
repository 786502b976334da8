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

/**
 * Like `pageExpression`, but the page returns its result as one JSON string, for the caller to
 * `JSON.parse`. Playwright's structured serialisation of a large object graph is slow: for a
 * snapshot of 16 000 nodes (3.5 MB) it took 6–7 s, against 0.7 s for the same data as a string
 * (measured on the 2-core dev machine; the collection itself took 0.3 s).
 */
export function pageJsonExpression<A>(fn: (arg: A) => unknown, arg: A): string {
  return `JSON.stringify(${pageExpression(fn, arg)})`;
}

/**
 * Like `pageJsonExpression`, for two functions in a row: the page runs `second(first(arg))` and
 * returns the result as JSON text (the layout collector, then the packer of its wire form).
 */
export function pageJsonPipeline<A, B>(first: (arg: A) => B, second: (value: B) => unknown, arg: A): string {
  return `JSON.stringify((() => { const __name = (target) => target; return (${second.toString()})((${first.toString()})(${JSON.stringify(arg)})); })())`;
}
