/**
 * The rule for a file `--out` (extract, export, model train, model eval): checked before any
 * work, so a run never renders everything and then fails to write. A directory is refused; an
 * existing file is refused unless `--force`. (`bench` and `corpus` write into directories and
 * keep their own rules.)
 */
import { statSync } from 'node:fs';

/** Why `path` cannot be written as the output file, or undefined when it can. */
export function outFileProblem(path: string, force: boolean): string | undefined {
  if (path === '' || path.endsWith('/')) return `--out ${path || '""'}: expected a file name, not a directory`;
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return undefined; // does not exist: fine (its directory is created)
  }
  if (stats.isDirectory()) return `--out ${path} is a directory; give a file name (for example ${path.replace(/(?<!\/)\/+$/u, '')}/out.jsonl)`;
  if (!force) return `--out ${path} exists; use --force to replace it, or another --out`;
  return undefined;
}
