/**
 * The work a page-work thread does (src/page-work/worker.ts runs these; nothing else should):
 * markup preparation, snapshot decoding and extraction, each on plain data in and out, so what
 * crosses the thread boundary is strings, byte arrays and plain objects.
 *
 * Every task names the stage it is in (`StageReporter`), so a page stopped at its deadline can
 * say where it was.
 */
import { getHeapStatistics } from 'node:v8';
import { anchorsOf, type PageAnchor } from '../crawl/links.js';
import { pageContentHash } from '../crawl/decide.js';
import { extractFromSnapshot, type ExtractParams, type SnapshotExtraction } from '../extract/from-snapshot.js';
import { confidentVisualSample } from '../extract/model-stage.js';
import { prepareMarkup, type MarkupPreparation, type PreparedMarkup } from '../markup/prepare.js';
import { decodeSnapshotText, type SnapshotPatch } from '../render/snapshot-wire.js';
import { buildLayoutTree } from '../segment/tree.js';
import type { NodeFeatures } from '../cluster/index.js';
import type { LayoutSnapshot } from '../types.js';
import type { PageWorkStage } from './stages.js';

/** Called as a task enters each stage. */
export type StageReporter = (stage: PageWorkStage) => void;

export interface PrepareTask {
  kind: 'prepare';
  bytes: Uint8Array;
  options: MarkupPreparation;
}

/** `bytes` is null when the markup was left as given (the caller keeps its own copy). */
export type PrepareOutput = Omit<PreparedMarkup, 'bytes'> & { bytes: Uint8Array | null };

export interface ExtractTask {
  kind: 'extract';
  /** The snapshot as the page sent it: JSON text of its wire form (render/snapshot.ts `takeSnapshotText`). */
  wire: string;
  /** Corrections the render session made to the snapshot (`RenderedPage.snapshotPatch`). */
  patch?: SnapshotPatch;
  params: Partial<ExtractParams>;
  /** Also return the page's links with their anchor text and context (for the crawler). */
  links?: boolean;
  /** Also return the page's content hash (crawl/decide.ts). */
  contentHash?: boolean;
  /** Also return the body's features when it is a confident sample to learn a site model from. */
  learnSample?: boolean;
  /** Also return the decoded snapshot itself (for tools that keep snapshots). */
  snapshot?: boolean;
  /**
   * Return the explanation's units (every visual unit with its features and score: the bulk of
   * the result, for `--explain` and screenshots). False: `explanation.units` comes back empty,
   * so the result that crosses back to the main thread is the article and the decisions.
   */
  units?: boolean;
}

export interface ExtractOutput {
  extraction: SnapshotExtraction;
  /** JSON parse and rebuild of the snapshot. */
  decodeMs: number;
  /** The pure stages (`extractFromSnapshot`). */
  extractMs: number;
  anchors?: PageAnchor[];
  contentHash?: string;
  learnSample?: NodeFeatures;
  snapshot?: LayoutSnapshot;
}

export interface DecodeTask {
  kind: 'decode';
  wire: string;
  patch?: SnapshotPatch;
}

/** The page's links with their anchor text and context (crawl/links.ts `anchorsOf`). */
export interface LinksTask {
  kind: 'links';
  wire: string;
  patch?: SnapshotPatch;
}

/** The thread's V8 heap (for reports of what a page-work thread holds). */
export interface HeapTask {
  kind: 'heap';
}

export interface HeapOutput {
  usedHeapBytes: number;
  totalHeapBytes: number;
  externalBytes: number;
}

export type PageTask = PrepareTask | ExtractTask | DecodeTask | LinksTask | HeapTask;
export type PageTaskOutput<T extends PageTask> = T extends PrepareTask
  ? PrepareOutput
  : T extends ExtractTask
    ? ExtractOutput
    : T extends LinksTask
      ? PageAnchor[]
      : T extends HeapTask
        ? HeapOutput
        : LayoutSnapshot;

export function runPageTask(task: PageTask, stage: StageReporter): PrepareOutput | ExtractOutput | LayoutSnapshot | PageAnchor[] | HeapOutput {
  switch (task.kind) {
    case 'heap': {
      const heap = getHeapStatistics();
      return { usedHeapBytes: heap.used_heap_size, totalHeapBytes: heap.total_heap_size, externalBytes: heap.external_memory };
    }
    case 'links': {
      stage('decode');
      const snapshot = decodeSnapshotText(task.wire, task.patch);
      stage('links');
      return anchorsOf(snapshot);
    }
    case 'prepare':
      return prepare(task, stage);
    case 'extract':
      return extract(task, stage);
    case 'decode':
      stage('decode');
      return decodeSnapshotText(task.wire, task.patch);
  }
}

function prepare(task: PrepareTask, stage: StageReporter): PrepareOutput {
  stage('prepare');
  const input = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  const prepared = prepareMarkup(input, task.options);
  return { ...prepared, bytes: prepared.bytes === input ? null : prepared.bytes };
}

function extract(task: ExtractTask, stage: StageReporter): ExtractOutput {
  stage('decode');
  const t0 = performance.now();
  const snapshot = decodeSnapshotText(task.wire, task.patch);
  const t1 = performance.now();
  const extraction = extractFromSnapshot(snapshot, task.params, { onStage: stage });
  const t2 = performance.now();
  const out: ExtractOutput = { extraction, decodeMs: round(t1 - t0), extractMs: round(t2 - t1) };
  if (task.links || task.contentHash || task.learnSample) stage('links');
  if (task.links) out.anchors = anchorsOf(snapshot);
  if (task.contentHash) out.contentHash = pageContentHash(snapshot);
  if (task.learnSample && extraction.kind === 'article') {
    const sample = confidentVisualSample(buildLayoutTree(snapshot), extraction);
    if (sample.kind === 'sample') out.learnSample = sample.features;
  }
  if (task.snapshot) out.snapshot = snapshot;
  if (task.units === false) extraction.explanation.units = [];
  return out;
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
