/** Node's work on page content, off the main thread and under a deadline (issue 21). */
export { PageWorkPool, DEFAULT_PAGE_WORK_THREADS } from './pool.js';
export type { PageWorkPoolOptions, PageWorkHealth, RunOptions } from './pool.js';
export type { ExtractOutput, ExtractTask, PrepareOutput, PrepareTask, DecodeTask, PageTask } from './tasks.js';
export { PAGE_WORK_STAGES, type PageWorkStage } from './stages.js';
