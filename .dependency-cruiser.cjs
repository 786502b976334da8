// Import boundaries of src/ (issue 21), checked by `npm run lint:boundaries` on the compiled dist/.
//
// Why dist/ and not src/: dependency-cruiser reads TypeScript through the TypeScript compiler's
// JavaScript API, which TypeScript 7 (the native compiler this repo builds with) no longer has
// (`npx depcruise --info` lists .ts as unsupported). In dist/ the type-only imports are gone,
// which is what these rules mean: they are about what a module loads at run time.
// Run `npm run build` first (`npm test`'s pretest does).
const { existsSync, readdirSync } = require('node:fs');
const { join, relative } = require('node:path');

/**
 * The folders of src/ from the bottom up. A folder may import a folder of a lower layer, never
 * one of its own layer or above ("nothing imports upward"). The order is the path of a page
 * (STYLE.md): input → markup → render → segment → score → extract, with the pure stages low and
 * the programs that own resources (cli) at the top. A new folder has to be placed here; until
 * it is, `unplaced-folder` warns.
 */
const LAYERS = [
  ['errors.js', 'types.js'],
  ['text'],
  // page-work/pool.js starts threads that run page-work/worker.js (a file path, not an import);
  // the worker's tasks import the stages above, so those two files sit near the top.
  ['url', 'net', 'input', 'markup', 'segment', 'metrics', 'page-work/stages.js'],
  ['page-work/pool.js'],
  ['page-work/index.js'],
  ['render', 'score', 'cluster', 'frontier', 'store'],
  ['extract'],
  ['record'],
  ['export', 'crawl', 'corpus', 'bench'],
  ['recrawl', 'testing', 'page-work/tasks.js'],
  ['page-work/worker.js'],
  ['lab'],
  ['cli', 'index.js'],
];

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A dist/ path pattern for some folders (or root files) of src/. */
const under = (names) => `^dist/(${names.map(esc).join('|')})($|/)`;

const layerRules = LAYERS.flatMap((layer, rank) => {
  const sameOrHigher = LAYERS.slice(rank).flat();
  return layer.map((name) => ({
    name: 'no-upward-import',
    severity: 'error',
    comment: `${name} (layer ${rank} of .dependency-cruiser.cjs) imports a module of its own layer or above; move the shared code down`,
    from: { path: under([name]) },
    to: { path: under(sameOrHigher.filter((other) => other !== name)) },
  }));
});

/** dist/ files whose source is gone (tsc never deletes): left out, so a stale file cannot fail the check. */
function staleOutputs() {
  const cwd = process.cwd();
  if (!existsSync(join(cwd, 'src')) || !existsSync(join(cwd, 'dist'))) return [];
  const stale = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js')) {
        const rel = relative(join(cwd, 'dist'), path);
        if (!existsSync(join(cwd, 'src', rel.replace(/\.js$/, '.ts')))) stale.push(`dist/${rel}`);
      }
    }
  };
  walk(join(cwd, 'dist'));
  return stale;
}
const stale = staleOutputs();

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'playwright-only-in-render',
      severity: 'error',
      comment: "Only src/render/ loads Playwright; elsewhere `import type { Browser } from 'playwright'` is fine (it is gone in dist/).",
      from: { path: '^dist/', pathNot: '^dist/render/' },
      to: { path: '(^|/)node_modules/(playwright|playwright-core|@playwright/test)/|^(playwright|playwright-core|@playwright/test)$' },
    },
    {
      name: 'database-only-in-store',
      severity: 'error',
      comment: 'Only src/store/ loads drizzle and the database drivers (better-sqlite3, pg).',
      from: { path: '^dist/', pathNot: '^dist/store/' },
      to: { path: '(^|/)node_modules/(drizzle-orm|better-sqlite3|pg|pg-pool)/|^(drizzle-orm|better-sqlite3|pg|pg-pool)(/|$)' },
    },
    {
      name: 'bench-without-crawl-or-store',
      severity: 'error',
      comment: 'bench/ uses the extraction stages; it never needs crawl/ or store/ (STYLE.md).',
      from: { path: '^dist/bench/' },
      to: { path: under(['crawl', 'store']) },
    },
    {
      name: 'in-page-imports-nothing',
      severity: 'error',
      comment: 'The in-page collector runs inside Chromium: it imports nothing at run time.',
      from: { path: '^dist/render/in-page/' },
      to: { pathNot: '^dist/render/in-page/' },
    },
    ...layerRules,
    {
      name: 'unplaced-folder',
      severity: 'warn',
      comment: 'A folder of src/ that LAYERS in .dependency-cruiser.cjs does not place yet.',
      from: { path: '^dist/', pathNot: under(LAYERS.flat()) },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: ['\\.d\\.ts$', '\\.map$', ...stale.map((file) => `^${esc(file)}$`)] },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
