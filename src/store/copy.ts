/**
 * `broadsheet migrate`: a crawl's SQLite file copied into an empty PostgreSQL database, table by
 * table in one transaction (a failed copy leaves the target empty), keeping ids and fetch order,
 * so the crawl goes on there with workers. The two schemas have the same tables and column names
 * (src/store/schema.ts, src/store/pg/schema-pg.ts); SQLite's 0/1 booleans become booleans and
 * URLs in flight become queued (no worker holds them).
 */
import { openDatabase } from './sqlite-open.js';
import { PgOps, type PgStoreOptions } from './pg/pg-ops.js';
import { StoreError } from './errors.js';

/** Tables in an order the foreign keys accept, with their boolean columns. */
const TABLES: ReadonlyArray<{ name: string; booleans?: readonly string[]; serial?: string }> = [
  { name: 'settings' },
  { name: 'seeds', serial: 'id' },
  { name: 'frontier', serial: 'id' },
  { name: 'pages', booleans: ['is_article'], serial: 'fetch_order' },
  { name: 'internal_links', booleans: ['processed'], serial: 'id' },
  { name: 'external_links', serial: 'id' },
  { name: 'bad_links', serial: 'id' },
  { name: 'extractions' },
  { name: 'models' },
  { name: 'allocation_arms', booleans: ['exhausted'] },
];

/** Rows per INSERT (well under PostgreSQL's 65,535 parameters for the widest table). */
const BATCH_ROWS = 1000;

export interface CopyReport {
  rows: Record<string, number>;
  seconds: number;
}

export async function copySqliteToPg(file: string, url: string, opts: PgStoreOptions & { onTable?: (name: string, rows: number) => void } = {}): Promise<CopyReport> {
  const started = performance.now();
  const { sqlite } = openDatabase(file, { create: false });
  let ops: PgOps | undefined;
  try {
    ops = await PgOps.open(url, opts);
    const target = ops;
    const counts = await target.counts();
    if (counts.pages > 0 || counts.frontier > 0) {
      throw new StoreError('not-a-store', `the target database already holds a crawl (${counts.pages} pages, ${counts.frontier} URLs): copy into an empty database`);
    }
    const rows: Record<string, number> = {};
    await target.inTransaction(async (client) => {
      for (const table of TABLES) {
        let n = 0;
        let batch: Record<string, unknown>[] = [];
        const flush = async (): Promise<void> => {
          if (batch.length === 0) return;
          const columns = Object.keys(batch[0]!);
          const values: unknown[] = [];
          const tuples = batch.map((row) => `(${columns.map((c) => `$${values.push(row[c])}`).join(', ')})`);
          await client.query(`INSERT INTO "${table.name}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${tuples.join(', ')}`, values);
          n += batch.length;
          batch = [];
        };
        for (const raw of sqlite.prepare(`SELECT * FROM "${table.name}"`).iterate() as Iterable<Record<string, unknown>>) {
          const row = { ...raw };
          for (const b of table.booleans ?? []) row[b] = row[b] === null ? null : Boolean(row[b]);
          if (table.name === 'frontier' && row['state'] === 'in-flight') row['state'] = 'queued';
          batch.push(row);
          if (batch.length >= BATCH_ROWS) await flush();
        }
        await flush();
        if (table.serial) {
          await client.query(`SELECT setval(pg_get_serial_sequence('"${table.name}"', '${table.serial}'), coalesce((SELECT max("${table.serial}") FROM "${table.name}"), 0) + 1, false)`);
        }
        rows[table.name] = n;
        opts.onTable?.(table.name, n);
      }
    });
    return { rows, seconds: (performance.now() - started) / 1000 };
  } finally {
    sqlite.close();
    await ops?.close();
  }
}
