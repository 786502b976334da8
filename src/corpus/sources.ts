/**
 * The read stage: what a corpus is built from, as one stream of source documents in a fixed
 * order (so a resumed run sees the same sequence).
 * - WARC files (`.warc`, `.warc.gz`): each HTML response record, to be rendered and extracted;
 * - saved pages (`.html`, `.htm`, `.html.gz`) and directories of them and of WARC files;
 * - a crawl database (`.db`, `.sqlite`): its articles, already extracted.
 */
import { existsSync } from 'node:fs';
import { expandInputs, loadSavedPage, type InputSpec } from '../input/inputs.js';
import { readWarc, readWarcReplay, type WarcSkipReason } from '../input/warc.js';
import type { RenderInput } from '../input/types.js';
import { openSqliteStore } from '../store/index.js';
import type { InputError } from '../errors.js';
import type { RobotsIndex } from './opt-outs.js';
import { articleRowToRecord, type ArticleRecord } from '../record/index.js';

export type SourceDoc =
  | {
      kind: 'page';
      /** Stable id: `<url>#<record id>` for WARC records, the file path for saved pages. */
      id: string;
      url: string;
      date?: string;
      headers?: Record<string, string>;
      render: RenderInput;
    }
  | {
      kind: 'article';
      id: string;
      url: string;
      /** When the crawl fetched it (ISO 8601). */
      date?: string;
      title: string | null;
      text: string;
      site: string;
      /** The stored article as a record (old databases read as they are: src/record/from-store.ts). */
      record: ArticleRecord;
    }
  /** An input or file that failed to read; the run goes on. */
  | { kind: 'failed'; id: string; error: { code: string; message: string } }
  | { kind: 'skipped'; id: string; reason: WarcSkipReason };

const DATABASE_NAME = /\.(db|sqlite3?)$/i;

export interface SourceOptions {
  replay: boolean;
  maxBytes: number;
  robots: RobotsIndex;
}

/** Source documents of every input, in argument order. */
export async function* readSources(inputs: readonly string[], options: SourceOptions): AsyncGenerator<SourceDoc> {
  for (const input of inputs) {
    if (DATABASE_NAME.test(input) && existsSync(input)) {
      yield* readDatabase(input);
      continue;
    }
    for (const spec of await expandInputs([input])) yield* readSpec(spec, options);
  }
}

async function* readSpec(spec: InputSpec, options: SourceOptions): AsyncGenerator<SourceDoc> {
  if (spec.kind === 'invalid') {
    yield failed(spec.input, spec.error);
    return;
  }
  if (spec.kind === 'url') {
    yield { kind: 'failed', id: spec.input, error: { code: 'input-invalid-url', message: `corpus reads archives, saved pages and crawl databases, not live URLs: ${spec.input}` } };
    return;
  }
  if (spec.kind === 'file') {
    try {
      const saved = await loadSavedPage(spec.path, { maxBytes: options.maxBytes });
      yield { kind: 'page', id: spec.input, url: saved.url, render: { kind: 'html', bytes: saved.bytes, url: saved.url, label: spec.input } };
    } catch (error) {
      yield failed(spec.input, error as InputError);
    }
    return;
  }
  if (spec.kind !== 'warc') return;
  const replay = options.replay ? await readWarcReplay(spec.path) : undefined;
  const onRobotsTxt = (url: string, body: string): void => void options.robots.offer(url, body);
  let n = 0;
  for await (const event of readWarc(spec.path, { maxBytes: options.maxBytes, onRobotsTxt })) {
    n++;
    if (event.kind === 'failed') yield failed(spec.input, event.error);
    else if (event.kind === 'skipped') yield { kind: 'skipped', id: `${spec.input}#${n}`, reason: event.reason };
    else {
      const page = event.page;
      yield {
        kind: 'page',
        id: page.label,
        url: page.url,
        ...(page.date ? { date: page.date } : {}),
        headers: page.headers,
        render: { kind: 'html', bytes: page.bytes, url: page.url, label: page.label, ...(replay && replay.size > 0 ? { replay } : {}) },
      };
    }
  }
}

function failed(id: string, error: { code: string; message: string }): SourceDoc {
  return { kind: 'failed', id, error: { code: error.code, message: error.message } };
}

async function* readDatabase(path: string): AsyncGenerator<SourceDoc> {
  let store;
  try {
    store = openSqliteStore(path);
  } catch (error) {
    yield { kind: 'failed', id: path, error: { code: 'store', message: error instanceof Error ? error.message : String(error) } };
    return;
  }
  try {
    for (const row of store.articles()) {
      yield {
        kind: 'article',
        id: `${path}#${row.fetchOrder}`,
        url: row.finalUrl ?? row.url,
        date: new Date(row.fetchedAt).toISOString(),
        title: row.title,
        text: row.text,
        site: row.site,
        record: articleRowToRecord(row),
      };
    }
  } finally {
    store.close();
  }
}
