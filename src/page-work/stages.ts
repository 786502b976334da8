/**
 * The stages of Node's work on a page, by name, and the shared word through which a worker
 * thread says which one it is in: the main thread reads it when a page runs past its deadline
 * (the worker itself is then busy and cannot answer), so the error can name the stage.
 */
export const PAGE_WORK_STAGES = [
  'idle',
  'prepare',
  'decode',
  'budget',
  'tree',
  'segment',
  'score',
  'select',
  'page-type',
  'article',
  'model',
  'links',
] as const;

export type PageWorkStage = (typeof PAGE_WORK_STAGES)[number];

/** Slot 0 of the shared Int32Array: the index of the current stage in `PAGE_WORK_STAGES`. */
export const STAGE_SLOT = 0;

export function stageName(index: number): PageWorkStage {
  return PAGE_WORK_STAGES[index] ?? 'idle';
}

export function stageIndex(stage: PageWorkStage): number {
  return PAGE_WORK_STAGES.indexOf(stage);
}
