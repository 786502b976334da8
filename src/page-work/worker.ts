/**
 * A page-work thread (see pool.ts): runs one task at a time (tasks.ts) and answers with its
 * result or its error as plain data. Before each stage it writes the stage's index into the
 * shared word the pool reads when the page's deadline passes.
 *
 * Test hook: with BROADSHEET_TEST_STALL_STAGE=<stage> in the environment, a page whose label
 * contains `broadsheet-test-stall` spins forever when it enters that stage — the path a page
 * that never ends takes (the tests of the watchdog use it; nothing else sets it).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { BroadsheetError } from '../errors.js';
import { STAGE_SLOT, stageIndex, type PageWorkStage } from './stages.js';
import { loadTextLanguageModel } from '../extract/text-language.js';
import { runPageTask, type PageTask } from './tasks.js';

export interface PageWorkRequest {
  id: number;
  label: string;
  task: PageTask;
}

export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  retryable?: boolean;
  stage?: string;
}

export type PageWorkReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError } | { ready: true };

export const STALL_MARK = 'broadsheet-test-stall';

const port = parentPort;
if (port) {
  const shared = new Int32Array((workerData as { stage: SharedArrayBuffer }).stage);
  const stallStage = process.env.BROADSHEET_TEST_STALL_STAGE;
  let label = '';
  const report = (stage: PageWorkStage): void => {
    Atomics.store(shared, STAGE_SLOT, stageIndex(stage));
    if (stallStage === stage && label.includes(STALL_MARK)) for (;;);
  };
  const serve = (): void => {
    port.on('message', (request: PageWorkRequest) => {
    label = request.label;
    let reply: PageWorkReply;
    try {
      reply = { id: request.id, ok: true, value: runPageTask(request.task, report) };
    } catch (error) {
      reply = { id: request.id, ok: false, error: serializeError(error) };
    }
    report('idle');
    port.postMessage(reply);
    });
  };
  // The metadata stage asks the language identifier synchronously: each thread loads it before it
  // says it is ready (messages sent before wait on the port). Without it, the page's declared
  // language is used (languageSource 'html-lang').
  void loadTextLanguageModel()
    .catch(() => false)
    .then(() => {
      serve();
      port.postMessage({ ready: true } satisfies PageWorkReply);
    });
}

function serializeError(error: unknown): SerializedError {
  if (error instanceof BroadsheetError) {
    const json = error.toJSON() as SerializedError;
    return { ...json, name: error.name };
  }
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}
