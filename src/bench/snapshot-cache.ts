/**
 * Layout snapshots of a benchmark collection, rendered once and kept on disk.
 *
 * Fitting the scoring parameters and ablating features run the pure stages (segment, score,
 * select) hundreds of times over the same pages; rendering is the expensive part and does not
 * depend on those parameters. So each page is rendered once and its `LayoutSnapshot` stored as
 * `<dir>/<folder>/<page id>.json.gz` (the folder: `cacheFolderOf`), keyed by the SHA-256 of the page's bytes and of the
 * in-page collector's source: a changed page or a changed collector renders again.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { BrowserLaunchError, describeError } from '../errors.js';
import { loadSavedPage } from '../input/inputs.js';
import type { RenderSession } from '../render/session.js';
import type { LayoutSnapshot } from '../types.js';
import { findFormat } from './corpora/index.js';
import type { BenchCorpus, BenchPage } from './corpora/types.js';

export const DEFAULT_SNAPSHOT_CACHE_DIR = 'out/snapshots';

export type CachedSnapshot =
  | { page: BenchPage; status: 'ok'; snapshot: LayoutSnapshot; cached: boolean }
  | { page: BenchPage; status: 'error'; error: string; cached: boolean };

interface StoredEntry {
  key: string;
  snapshot?: LayoutSnapshot;
  error?: string;
}

/**
 * What makes a snapshot: the collector, and the markup step and the session that load the page
 * it reads (a page written into a reused document once kept the last page's Content Security
 * Policy and colour scheme: the snapshots stored then were wrong). A change to any of these
 * files invalidates every stored snapshot. The key hashes the source files as they lie beside
 * this module (paths under src/), not the expression built from them:
 * `Function.prototype.toString` gives each transpiler's own output (tsx's esbuild for the
 * scripts, Babel under the test runner), and keys from it made the gates and the scripts render
 * the same pages again in turn. Run from dist/, the key is the built files' (its own cache).
 */
const SNAPSHOT_SOURCE_FILES = [
  'render/in-page/collect-layout',
  'render/in-page/pack-layout',
  'render/in-page/settle-streamed',
  'render/in-page/open-disclosures',
  'render/in-page/reveal-locked',
  'render/page-expression',
  'render/snapshot',
  'render/offline-load',
  'render/session',
  'markup/prepare',
  'markup/markup-pass',
  'markup/tokenize',
  'markup/edits',
  'markup/open-elements',
  'markup/budget-cuts',
  'markup/inert',
  'markup/in-place',
];
const COLLECTOR_KEY = collectorSourceKey();

function collectorSourceKey(): string {
  const hash = createHash('sha256');
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  for (const name of SNAPSHOT_SOURCE_FILES) {
    const file = fileURLToPath(new URL(`../${name}${ext}`, import.meta.url));
    hash.update(name).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

export interface SnapshotCacheOptions {
  /** Root directory of the cache. Default `out/snapshots`. */
  dir?: string;
  /** Renders pages not in the cache; without one, missing pages are errors. */
  session?: RenderSession;
  /** Pages rendered at once. Default 2. */
  concurrency?: number;
  onPage?: (page: BenchPage, cached: boolean, failed: boolean) => void;
}

/**
 * Calls `use` with the snapshot of every page of `corpus` (at most `concurrency` at a time, in
 * no fixed order); snapshots are not kept, so a large collection fits in memory. A page that
 * fails to render is an `error` entry, cached too, so a broken page is not retried every run.
 */
export async function forEachSnapshot(
  corpus: BenchCorpus,
  options: SnapshotCacheOptions,
  use: (entry: CachedSnapshot, index: number) => void | Promise<void>,
): Promise<void> {
  const dir = join(options.dir ?? DEFAULT_SNAPSHOT_CACHE_DIR, cacheFolderOf(corpus));
  await mkdir(dir, { recursive: true });
  const pages: BenchPage[] = [];
  for await (const page of corpus.pages()) pages.push(page);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < pages.length) {
      const index = next++;
      const page = pages[index]!;
      const entry = await snapshotOf(page, dir, options.session);
      options.onPage?.(page, entry.cached, entry.status === 'error');
      await use(entry, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 2, Math.max(1, pages.length)) }, worker));
}

async function snapshotOf(page: BenchPage, dir: string, session: RenderSession | undefined): Promise<CachedSnapshot> {
  const entry = await cachedSnapshot({ id: page.id, path: page.html.path, ...(page.url !== undefined ? { url: page.url } : {}) }, dir, session);
  return entry.snapshot ? { page, status: 'ok', snapshot: entry.snapshot, cached: entry.cached } : { page, status: 'error', error: entry.error, cached: entry.cached };
}

/**
 * The cache's folder for a collection: its format's name where the collection lies where that
 * format's collection usually is (`aeb` for ../shared/data/aeb), else the format's name and the
 * directory's (`aeb-aeb-nostyle`). Named by the format alone, a copy of AEB in another directory
 * (scripts/strip-styles.ts's, without the pages' styles) stored its snapshots over AEB's own: the
 * pages' ids are the same, and each side rendered the other's away in turn.
 */
export function cacheFolderOf(corpus: Pick<BenchCorpus, 'name' | 'format' | 'dir'>, cwd = process.cwd()): string {
  const usual = findFormat(corpus.format)?.defaultDir;
  return usual !== undefined && resolve(cwd, usual) === resolve(corpus.dir) ? corpus.name : `${corpus.name}-${basename(corpus.dir)}`;
}

/**
 * One saved page's snapshot from the cache directory `dir` (the corpus's own folder), rendered
 * with `session` and stored when it is missing or stale. For callers that hold pages, not a
 * `BenchCorpus` (`broadsheet model train|eval --snapshot-cache`).
 */
export async function cachedSnapshot(
  page: { id: string; path: string; url?: string },
  dir: string,
  session: Pick<RenderSession, 'render'> | undefined,
): Promise<{ snapshot: LayoutSnapshot; cached: boolean; error?: undefined } | { snapshot?: undefined; error: string; cached: boolean }> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${page.id.replace(/[^A-Za-z0-9._-]+/g, '_')}.json.gz`);
  let bytes: Buffer;
  let url: string;
  try {
    const saved = await loadSavedPage(page.path);
    bytes = saved.bytes;
    url = page.url ?? saved.url;
  } catch (error) {
    const { code, message } = describeError(error);
    return { error: `${code}: ${message}`, cached: false };
  }
  const key = `${COLLECTOR_KEY}:${createHash('sha256').update(bytes).digest('hex')}`;
  const stored = await readFile(file).then(
    (gz) => JSON.parse(gunzipSync(gz).toString('utf8')) as StoredEntry,
    () => undefined,
  );
  if (stored && stored.key === key) {
    if (stored.snapshot) return { snapshot: stored.snapshot, cached: true };
    return { error: stored.error ?? 'unknown', cached: true };
  }
  if (!session) return { error: NOT_CACHED, cached: false };
  let entry: StoredEntry;
  try {
    const snapshot = await session.render({ kind: 'html', bytes, url, label: page.id }, async (rendered) => rendered.snapshot);
    entry = { key, snapshot };
  } catch (error) {
    if (error instanceof BrowserLaunchError) throw error;
    const { code, message } = describeError(error);
    entry = { key, error: `${code}: ${message}` };
  }
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, gzipSync(JSON.stringify(entry), { level: 1 }));
  await rename(tmp, file);
  return entry.snapshot ? { snapshot: entry.snapshot, cached: false } : { error: entry.error ?? 'unknown', cached: false };
}

/** The error of a page that is not in the cache when no session was given to render it. */
export const NOT_CACHED = 'not in the snapshot cache and no browser to render it';
