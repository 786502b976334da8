/**
 * The PostgreSQL server the tests use (issue 12: real servers, never mocks).
 *
 * `ensurePgServer` (the suite's global setup) finds one, in order: $BROADSHEET_TEST_PG; the
 * local server at 127.0.0.1:5432 (the project's machines run one); else it starts one itself —
 * Debian's postgresql package (installed with apt-get when missing and allowed) in a fresh
 * cluster under the system temp dir, on a free port — and stops it after the run. When none
 * can be had, tests that need PostgreSQL skip with the reason (`pgSkipReason`).
 *
 * `createScratchDb` gives each test its own database (CREATE DATABASE … ; DROP … WITH (FORCE)).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_ENV = 'BROADSHEET_TEST_PG';
/** Set by the global setup when no server could be had: the reason tests skip. */
export const PG_SKIP_ENV = 'BROADSHEET_TEST_PG_SKIP';
export const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function pgBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

function aptInstall(): string | undefined {
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? [] : ['sudo', '-n'];
  const run = (args: string[]) => spawnSync(args[0]!, args.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, timeout: 600_000 });
  if (run([...sudo, 'apt-get', 'install', '-y', '-q', 'postgresql']).status !== 0) {
    run([...sudo, 'apt-get', 'update', '-q']);
    if (run([...sudo, 'apt-get', 'install', '-y', '-q', 'postgresql']).status !== 0) return undefined;
  }
  return pgBinDir();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts a throwaway cluster with the binaries in `bin`; returns its URL and how to stop it. */
async function startCluster(bin: string): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'broadsheet-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  // initdb refuses to run as root: run the server as the postgres user the package creates.
  const asRoot = process.getuid?.() === 0;
  const as = (args: string[]) => (asRoot ? ['runuser', '-u', 'postgres', '--', ...args] : args);
  const exec = (args: string[]) => execFileSync(args[0]!, args.slice(1), { stdio: 'pipe' });
  exec(as([join(bin, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']));
  exec(as([join(bin, 'pg_ctl'), '-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      spawnSync(as([join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'])[0]!, as([join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop']).slice(1), { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Finds or starts a server; sets $BROADSHEET_TEST_PG (or the skip reason); returns a teardown. */
export async function ensurePgServer(): Promise<() => void> {
  const given = process.env[PG_ENV];
  if (given) {
    if (!(await reachable(given))) process.env[PG_SKIP_ENV] = `${PG_ENV}=${given} does not answer`;
    return () => {};
  }
  if (await reachable(LOCAL_PG)) {
    process.env[PG_ENV] = LOCAL_PG;
    return () => {};
  }
  try {
    const bin = pgBinDir() ?? aptInstall();
    if (!bin) {
      process.env[PG_SKIP_ENV] = 'no PostgreSQL server at 127.0.0.1:5432 and `apt-get install postgresql` failed; set BROADSHEET_TEST_PG=postgres://…';
      return () => {};
    }
    const cluster = await startCluster(bin);
    process.env[PG_ENV] = cluster.url;
    return cluster.stop;
  } catch (error) {
    process.env[PG_SKIP_ENV] = `could not start a PostgreSQL server: ${error instanceof Error ? error.message : String(error)}`;
    return () => {};
  }
}

/** Why PostgreSQL tests skip here, or undefined when a server is there. */
export function pgSkipReason(): string | undefined {
  if (process.env[PG_SKIP_ENV]) return process.env[PG_SKIP_ENV];
  return process.env[PG_ENV] ? undefined : `no PostgreSQL server (run through playwright test, or set ${PG_ENV})`;
}

/** A fresh database on the test server; `drop` removes it (closing any connection left). */
export async function createScratchDb(prefix = 'bs_test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env[PG_ENV];
  if (!base) throw new Error(pgSkipReason());
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
