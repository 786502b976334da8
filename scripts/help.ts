/**
 * `--help` (or `-h`) for the scripts behind `npm run`: each script's leading comment is its
 * manual, so asking for help prints that comment and exits 0 — before the script parses its
 * other options (where `--help` would be an unknown option) or starts minutes of work.
 *
 *   import { answerHelp } from './help.js';
 *   answerHelp(import.meta.url);   // the script's first statement
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The leading comment of a source text (a `/** … *\/` block or a run of `//` lines), as plain lines. */
export function leadingComment(source: string): string {
  const lines = source.replace(/^#!.*\n/, '').split('\n');
  const out: string[] = [];
  if (lines[0]?.trimStart().startsWith('/*')) {
    for (const line of lines) {
      const end = line.includes('*/');
      const text = line.replace(/^\s*\/\*\*?/, '').replace(/\*\/.*$/, '').replace(/^\s*\* ?/, '');
      out.push(text);
      if (end) break;
    }
  } else {
    for (const line of lines) {
      if (!line.trimStart().startsWith('//')) break;
      out.push(line.trimStart().replace(/^\/\/ ?/, ''));
    }
  }
  while (out.length > 0 && out[0]!.trim() === '') out.shift();
  while (out.length > 0 && out.at(-1)!.trim() === '') out.pop();
  return out.join('\n');
}

/** Prints the script's leading comment and exits 0 when its arguments ask for help. */
export function answerHelp(moduleUrl: string, argv: readonly string[] = process.argv.slice(2)): void {
  if (!argv.includes('--help') && !argv.includes('-h')) return;
  const manual = leadingComment(readFileSync(fileURLToPath(moduleUrl), 'utf8'));
  process.stdout.write(`${manual === '' ? 'No manual: see the script\'s source.' : manual}\n`);
  process.exit(0);
}
