/**
 * A temporary directory of one test's own, as a Playwright fixture: made before the test,
 * removed after it.
 *
 * Why not one directory per file: the suite runs `fullyParallel`, so each test of a file is a
 * job of its own, and a worker process runs the file's `afterAll` whenever it moves on to
 * another file, yet keeps the module it imported (a module-level `mkdtemp` runs once per
 * process). A later test of the same file in that process then finds the directory gone
 * (`ENOENT … replay.warc.gz`, issue 21). A directory per test shares nothing and needs no order.
 *
 *   const test = base.extend<{ dir: string }>({ dir: tempDirFixture('broadsheet-corpus-') });
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function tempDirFixture(prefix: string) {
  // Playwright reads the fixture's first parameter from its source: it must be a destructuring.
  // eslint-disable-next-line no-empty-pattern
  return async ({}: object, use: (dir: string) => Promise<void>): Promise<void> => {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    try {
      await use(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
