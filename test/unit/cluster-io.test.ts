import { test, expect } from '@playwright/test';
import { BroadsheetError } from '../../src/errors.js';
import {
  addSample,
  assign,
  createModel,
  MODEL_FORMAT,
  MODEL_VERSION,
  ModelFormatError,
  parseModel,
  serializeModel,
  type ClusterModel,
  type ModelFormatProblem,
  type NodeFeatures,
} from '../../src/cluster/index.js';

/** Two kinds of node, each spread on a small deterministic grid (no randomness needed). */
function gridSamples(): NodeFeatures[] {
  const kinds = [
    { textLength: 5000, meanParagraphLength: 500, linkTextLength: 80, imageCount: 3, punctuationCount: 60 },
    { textLength: 400, meanParagraphLength: 40, linkTextLength: 300, imageCount: 12, punctuationCount: 2 },
  ];
  const out: NodeFeatures[] = [];
  for (const kind of kinds) {
    for (let i = 0; i < 12; i++) {
      const wobble = (j: number): number => 1 + 0.04 * (((i * (j + 3)) % 5) - 2);
      out.push({
        textLength: kind.textLength * wobble(0),
        meanParagraphLength: kind.meanParagraphLength * wobble(1),
        linkTextLength: kind.linkTextLength * wobble(2),
        imageCount: kind.imageCount * wobble(3),
        punctuationCount: kind.punctuationCount * wobble(4),
      });
    }
  }
  return out;
}

function trainedModel(): ClusterModel {
  const result = createModel(gridSamples(), { bufferThreshold: 10 });
  if (result.kind !== 'model') throw new Error(result.reason);
  // Put something in the buffer too, so that every part of the model is exercised.
  const stray = { textLength: 1, meanParagraphLength: 1, linkTextLength: 1, imageCount: 0, punctuationCount: 0 };
  return addSample(result.model, stray).model;
}

const PROBES: NodeFeatures[] = [
  { textLength: 5100, meanParagraphLength: 480, linkTextLength: 90, imageCount: 3, punctuationCount: 55 },
  { textLength: 390, meanParagraphLength: 45, linkTextLength: 310, imageCount: 11, punctuationCount: 2 },
  { textLength: 70, meanParagraphLength: 70, linkTextLength: 0, imageCount: 0, punctuationCount: 1 },
];

test('a model round-trips through serializeModel / parseModel unchanged', () => {
  const model = trainedModel();
  expect(model.buffer).toHaveLength(1);
  const text = serializeModel(model);
  const parsed = parseModel(text);
  expect(parsed).toEqual(model);
  for (const probe of PROBES) expect(assign(parsed, probe)).toEqual(assign(model, probe));
  // And it keeps learning the same way after the trip.
  const sample = PROBES[0]!;
  expect(addSample(parsed, sample)).toEqual(addSample(model, sample));
  // The pretty form reads back the same.
  expect(parseModel(serializeModel(model, { pretty: true }))).toEqual(model);
});

test('the file carries its format tag and version', () => {
  const json = JSON.parse(serializeModel(trainedModel())) as { format: unknown; version: unknown };
  expect(json.format).toBe(MODEL_FORMAT);
  expect(json.version).toBe(MODEL_VERSION);
});

function problemOf(text: string): ModelFormatProblem | 'no error' {
  try {
    parseModel(text);
    return 'no error';
  } catch (error) {
    expect(error).toBeInstanceOf(ModelFormatError);
    expect(error).toBeInstanceOf(BroadsheetError);
    return (error as ModelFormatError).problem;
  }
}

test('bad model files give a typed ModelFormatError saying what is wrong', () => {
  const text = serializeModel(trainedModel());
  const file = JSON.parse(text) as { format: string; version: number; model: ClusterModel };
  const edited = (change: (copy: typeof file) => void): string => {
    const copy = structuredClone(file);
    change(copy);
    return JSON.stringify(copy);
  };

  expect(problemOf(text.slice(0, text.length / 2))).toBe('corrupt');
  expect(problemOf('')).toBe('corrupt');
  expect(problemOf('[1, 2, 3]')).toBe('wrong-format');
  expect(problemOf(JSON.stringify({ ...file, format: 'something-else' }))).toBe('wrong-format');
  expect(problemOf(JSON.stringify({ ...file, version: MODEL_VERSION + 1 }))).toBe('incompatible-version');
  expect(problemOf(edited((f) => delete (f as Partial<typeof f>).version))).toBe('incompatible-version');
  expect(problemOf(edited((f) => f.model.clusters[0]!.centre.pop()))).toBe('invalid');
  expect(problemOf(edited((f) => (f.model.scaling.stds[0] = 0)))).toBe('invalid');
  expect(problemOf(edited((f) => (f.model.clusters = [])))).toBe('invalid');
  expect(problemOf(edited((f) => f.model.buffer.push([1, 2, -3, 4, 5])))).toBe('invalid');
  expect(problemOf(edited((f) => (f.model.params.kRange.min = 1)))).toBe('invalid');
  expect(problemOf(edited((f) => delete (f.model as Partial<ClusterModel>).stats))).toBe('invalid');
  expect(problemOf(edited(() => undefined))).toBe('no error');
});

test('the error carries its code and a readable message', () => {
  try {
    parseModel('{"format":"broadsheet-cluster-model","version":99}');
    throw new Error('expected a ModelFormatError');
  } catch (error) {
    expect(error).toBeInstanceOf(ModelFormatError);
    const typed = error as ModelFormatError;
    expect(typed.toJSON()).toMatchObject({ code: 'model-format', retryable: false });
    expect(typed.fatal).toBe(false);
    expect(typed.message).toContain('version 99');
  }
});
