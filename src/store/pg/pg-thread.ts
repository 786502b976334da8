/**
 * The PostgreSQL store's thread: owns the connection pool and runs `PgOps` for the synchronous
 * `PgStore` facade (pg-store.ts). One request at a time arrives on the port; the answer is posted
 * back, then the shared flag is raised and the waiting caller woken (Atomics.notify). The lease
 * timer runs here, so leases are renewed while the caller's thread renders or waits.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { StoreError } from '../errors.js';
import { PgOps, type PgStoreOptions } from './pg-ops.js';

export interface ThreadData {
  url: string;
  opts: PgStoreOptions;
  flag: SharedArrayBuffer;
  port: MessagePort;
}

export interface Request {
  method: string;
  args: unknown[];
}

export type Reply =
  | { ok: true; value: unknown }
  /** `fatal`: the thread is ending (an error escaped every request); no later call can be answered. */
  | { ok: false; fatal?: true; error: { name: string; message: string; problem?: string; code?: string; stack?: string } };

function serialize(error: unknown): Extract<Reply, { ok: false }>['error'] {
  if (error instanceof StoreError) return { name: 'StoreError', message: error.message.replace(/^store: /, ''), problem: error.problem };
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}), ...(error.stack ? { stack: error.stack } : {}) };
  }
  return { name: 'Error', message: String(error) };
}

const { url, opts, flag, port } = workerData as ThreadData;
const signal = new Int32Array(flag);
let ops: PgOps | undefined;

function answer(reply: Reply): void {
  port.postMessage(reply);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}

port.on('message', (request: Request) => {
  void (async () => {
    try {
      if (request.method === 'open') {
        ops = await PgOps.open(url, opts);
        answer({ ok: true, value: ops.workerId });
        return;
      }
      if (!ops) throw new StoreError('closed', 'the store is not open');
      const fn = (ops as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[request.method];
      if (typeof fn !== 'function') throw new TypeError(`no store operation ${request.method}`);
      const value = await fn.apply(ops, request.args);
      if (request.method === 'close') {
        answer({ ok: true, value });
        port.close();
        return;
      }
      answer({ ok: true, value });
    } catch (error) {
      answer({ ok: false, error: serialize(error) });
    }
  })();
});
parentPort?.on('message', () => {});

// An error no request caught would end the thread silently, and the caller would wait out its
// whole limit for an answer. The caller is told instead: the reply answers the request in
// flight, or the next one.
process.on('uncaughtException', (error) => {
  answer({ ok: false, fatal: true, error: serialize(error) });
  process.exit(1);
});
