#!/usr/bin/env node
// The `broadsheet` command. The TypeScript sources are compiled to dist/ by `npm run build`
// (run automatically by `npm install` through the `prepare` script).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
if (!existsSync(entry)) {
  process.stderr.write('broadsheet: dist/ is missing; build it with `npm run build` (npm install does this too).\n');
  process.exit(2);
}
const { run } = await import(pathToFileURL(entry).href);
await run(process.argv.slice(2));
