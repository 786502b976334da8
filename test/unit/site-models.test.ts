import { test, expect } from '@playwright/test';
import {
  learnBody,
  ModelFormatError,
  parseModel,
  parseSiteModel,
  serializeModel,
  serializeSiteModel,
  SiteModels,
  createModel,
  type NodeFeatures,
  type SiteModelState,
} from '../../src/cluster/index.js';
import { SiteModelHook, SITE_MODEL_PREFIX } from '../../src/crawl/site-model-hook.js';

/** Bodies of one template: a few percent of wobble around one shape (deterministic). */
function body(i: number): NodeFeatures {
  const w = (j: number): number => 1 + 0.05 * (((i * (j + 3)) % 7) - 3) / 3;
  return { textLength: 3000 * w(0), meanParagraphLength: 350 * w(1), linkTextLength: 40 * w(2), imageCount: 1, punctuationCount: 30 * w(4) };
}

const params = { cluster: { bufferThreshold: 2 }, initialSamples: 6, stableAfterPlaced: 4 };

test('a site model gathers its first bodies, is created, and is consulted only once placements show it is stable', () => {
  const models = new SiteModels(params);
  for (let i = 0; i < 5; i++) {
    const event = models.learn('a.example', body(i));
    expect(event.created).toBe(false);
    expect(models.consult('a.example')).toBeUndefined();
  }
  expect(models.learn('a.example', body(5)).created).toBe(true);
  expect(models.state('a.example')?.model?.clusters.length).toBeGreaterThanOrEqual(2);
  expect(models.consult('a.example'), 'created is not yet stable').toBeUndefined();
  let stableAt = 0;
  for (let i = 6; i < 40 && stableAt === 0; i++) if (models.learn('a.example', body(i)).stable) stableAt = i + 1;
  expect(stableAt, 'same-template bodies get placed, so the model becomes stable').toBeGreaterThan(6);
  expect(models.consult('a.example')).toBeDefined();
  // Other sites are untouched; the global model saw every body.
  expect(models.consult('b.example')).toBeUndefined();
  expect(models.globalState().samplesSeen).toBe(stableAt);
});

test('a re-cluster makes a stable site model unstable again', () => {
  let state: SiteModelState = { pending: [], model: null, placedSinceFit: 0, samplesSeen: 0, stableSince: null };
  for (let i = 0; i < 30; i++) state = learnBody(state, body(i), params).state;
  expect(state.stableSince).not.toBeNull();
  // Bodies of a wholly different shape cannot be placed: the buffer fills and forces a re-cluster.
  let reclustered = false;
  for (let i = 0; i < 6 && !reclustered; i++) {
    const step = learnBody(state, { textLength: 40_000, meanParagraphLength: 30, linkTextLength: 9000, imageCount: 40, punctuationCount: 900 }, params);
    state = step.state;
    reclustered = step.event.reclustered;
  }
  expect(reclustered).toBe(true);
  expect(state.placedSinceFit).toBe(0);
  expect(state.stableSince).toBeNull();
});

test('site model state round-trips as JSON, and bad state is a typed error', () => {
  const models = new SiteModels(params);
  for (let i = 0; i < 20; i++) models.learn('a.example', body(i));
  const state = models.state('a.example')!;
  expect(parseSiteModel(serializeSiteModel(state))).toEqual(state);
  const pending = { pending: [[1, 2, 3, 4, 5]], model: null, placedSinceFit: 0, samplesSeen: 1, stableSince: null };
  expect(parseSiteModel(serializeSiteModel(pending))).toEqual(pending);
  const problem = (text: string): string => {
    try {
      parseSiteModel(text);
    } catch (error) {
      expect(error).toBeInstanceOf(ModelFormatError);
      return (error as ModelFormatError).problem;
    }
    throw new Error('no error');
  };
  expect(problem('{"format": "broadsheet-site-model", "vers')).toBe('corrupt');
  expect(problem(JSON.stringify({ ...JSON.parse(serializeSiteModel(state)), samplesSeen: -1 }))).toBe('invalid');
  const renamed = JSON.parse(serializeSiteModel(state)) as { features: string[] };
  renamed.features = ['textLength', 'linkTextLength', 'meanParagraphLength', 'imageCount', 'punctuationCount'];
  expect(problem(JSON.stringify(renamed))).toBe('other-features');
});

test('a model file learnt on other features is refused with its own problem; one without the list is read', () => {
  const created = createModel(Array.from({ length: 12 }, (_, i) => body(i)));
  if (created.kind !== 'model') throw new Error(created.reason);
  const file = JSON.parse(serializeModel(created.model)) as Record<string, unknown>;
  expect(() => parseModel(JSON.stringify({ ...file, features: ['textLength', 'wordCount'] }))).toThrow(/learnt on features/);
  try {
    parseModel(JSON.stringify({ ...file, features: ['textLength'] }));
  } catch (error) {
    expect((error as ModelFormatError).problem).toBe('other-features');
  }
  const { features: _features, ...older } = file;
  expect(parseModel(JSON.stringify(older)).clusters.length).toBe(created.model.clusters.length);
});

test('the crawler hook saves changed site models under cluster-site:<site> and takes them up again; unreadable ones are relearnt', () => {
  const saved = new Map<string, string>();
  const store = { saveModel: (name: string, json: string) => void saved.set(name, json), loadModel: (name: string) => saved.get(name) };
  const hook = SiteModelHook.open(store, ['a.example']);
  for (let i = 0; i < 10; i++) hook.state.learn('a.example', body(i));
  hook.save(store);
  expect([...saved.keys()].sort()).toEqual([SITE_MODEL_PREFIX, `${SITE_MODEL_PREFIX}a.example`]);
  const resumed = SiteModelHook.open(store, ['a.example']);
  expect(resumed.state.state('a.example')).toEqual(hook.state.state('a.example'));
  saved.set(`${SITE_MODEL_PREFIX}a.example`, 'not json');
  const warnings: string[] = [];
  const fresh = SiteModelHook.open(store, ['a.example'], (m) => warnings.push(m));
  expect(fresh.state.state('a.example')).toBeUndefined();
  expect(warnings.join('\n')).toMatch(/cluster-site:a\.example cannot be read/);
});
