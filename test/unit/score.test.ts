/**
 * docs/methods.md §4 features and score (src/score/score-units.ts, src/score/weights.ts), on hand-made
 * units whose values are worked out by hand in the comments.
 */
import { test, expect } from '@playwright/test';
import { scoreUnits, unitFeatures } from '../../src/score/score-units.js';
import { DEFAULT_SCORE_WEIGHTS, normalizeWeights, type ScoreWeights } from '../../src/score/weights.js';
import { buildLayoutTree } from '../../src/segment/tree.js';
import { segment } from '../../src/segment/visual-units.js';
import type { Box, VisualUnit } from '../../src/types.js';
import { BLACK, WHITE, a, el, idOf, p, prose, snapshot, text } from './support/snapshot-builder.js';

function unit(order: number, box: Box, textLength: number, linkTextLength: number, punctuationCount: number): VisualUnit {
  return {
    nodeId: order + 1,
    memberIds: [order + 1],
    order,
    tag: 'div',
    box,
    text: 'x'.repeat(textLength),
    textLength,
    linkTextLength,
    punctuationCount,
    imageCount: 0,
    paragraphCount: 1,
    style: { fontSizePx: 16, fontWeight: 400, fontStyle: 'normal', fontFamily: 'serif', color: BLACK, background: WHITE },
    reason: 'leaf',
  };
}

const PAGE = { width: 1000, height: 2000 }; // area 2 000 000 px²

// Three units on that page:
//   body:    600×1000 = 600 000 px² → sa = 0.3;  text 1000, links 100 → sld 0.1, std 0.9; sp 1; sl (1000−20)/980 = 1
//   nav:    1000× 100 = 100 000 px² → sa = 0.05; text  200, links 200 → sld 1,   std 0;   sp 0; sl (200−20)/980 = 180/980
//   caption: 600×  40 =  24 000 px² → sa = 0.012; text  20, links 0  → sld 0,   std 1;   sp 1; sl 0
const UNITS = [
  unit(0, { x: 0, y: 0, width: 1000, height: 100 }, 200, 200, 0),
  unit(1, { x: 0, y: 200, width: 600, height: 1000 }, 1000, 100, 12),
  unit(2, { x: 0, y: 1200, width: 600, height: 40 }, 20, 0, 1),
];

test.describe('features (docs/methods.md §4)', () => {
  test('sa, sp, sld, std, sl of hand-made units', () => {
    const [nav, body, caption] = scoreUnits(UNITS, { page: PAGE });
    expect(body!.features.areaRatio).toBeCloseTo(0.3, 12);
    expect(body!.features.hasPunctuation).toBe(1);
    expect(body!.features.linkDensity).toBeCloseTo(0.1, 12);
    expect(body!.features.textDensity).toBeCloseTo(0.9, 12);
    expect(body!.features.relativeLength).toBeCloseTo(1, 12);

    expect(nav!.features).toEqual({ areaRatio: 0.05, hasPunctuation: 0, linkDensity: 1, textDensity: 0, relativeLength: 180 / 980 });
    expect(caption!.features).toEqual({ areaRatio: 0.012, hasPunctuation: 1, linkDensity: 0, textDensity: 1, relativeLength: 0 });
  });

  test('score = wa·sa + wp·sp − wld·sld + wtd·std + wl·sl', () => {
    // Example weights (the defaults are fitted: src/score/fitted-params.ts).
    const weights = { area: 0.25, punctuation: 0.15, linkDensity: 0.2, textDensity: 0.05, length: 0.35 };
    const [nav, body, caption] = scoreUnits(UNITS, { page: PAGE }, weights);
    // body:    0.25·0.3 + 0.15·1 − 0.2·0.1 + 0.05·0.9 + 0.35·1 = 0.075 + 0.15 − 0.02 + 0.045 + 0.35 = 0.6
    expect(body!.score).toBeCloseTo(0.6, 12);
    // nav:     0.25·0.05 + 0 − 0.2·1 + 0 + 0.35·180/980 = 0.0125 − 0.2 + 0.0642857… = −0.1232142857…
    expect(nav!.score).toBeCloseTo(-0.12321428571, 10);
    // caption: 0.25·0.012 + 0.15 − 0 + 0.05 + 0 = 0.203
    expect(caption!.score).toBeCloseTo(0.203, 12);
  });

  test('each weight multiplies its own feature (one-hot weights)', () => {
    const zero: ScoreWeights = { area: 0, punctuation: 0, linkDensity: 0, textDensity: 0, length: 0 };
    const feature = { area: 'areaRatio', punctuation: 'hasPunctuation', linkDensity: 'linkDensity', textDensity: 'textDensity', length: 'relativeLength' } as const;
    for (const key of Object.keys(feature) as Array<keyof ScoreWeights>) {
      const scored = scoreUnits(UNITS, { page: PAGE }, { ...zero, [key]: 1 });
      const sign = key === 'linkDensity' ? -1 : 1; // link density is subtracted
      for (const u of scored) expect(u.score, `${key} on unit ${u.order}`).toBeCloseTo(sign * u.features[feature[key]], 12);
    }
  });

  test('sl is 1 for every unit when all have the same length; sa is capped at 1; empty units are 0', () => {
    const same = scoreUnits([unit(0, { x: 0, y: 0, width: 10, height: 10 }, 50, 0, 1), unit(1, { x: 0, y: 0, width: 10, height: 10 }, 50, 0, 1)], { page: PAGE });
    expect(same.map((u) => u.features.relativeLength)).toEqual([1, 1]);
    const huge = unitFeatures(unit(0, { x: 0, y: 0, width: 5000, height: 5000 }, 10, 0, 0), 1000 * 1000, { min: 0, max: 10 });
    expect(huge.areaRatio).toBe(1);
    const empty = unitFeatures(unit(0, { x: 0, y: 0, width: 10, height: 10 }, 0, 0, 0), 0, { min: 0, max: 10 });
    expect(empty).toEqual({ areaRatio: 0, hasPunctuation: 0, linkDensity: 0, textDensity: 0, relativeLength: 0 });
  });
});

test.describe('weights', () => {
  test('the defaults sum to 1', () => {
    const sum = Object.values(DEFAULT_SCORE_WEIGHTS).reduce((s, w) => s + w, 0);
    expect(sum).toBeCloseTo(1, 12);
  });

  test('normalizeWeights rescales to a sum of 1 and keeps the ratios', () => {
    const w = normalizeWeights({ area: 2, punctuation: 1, linkDensity: 1, textDensity: 0, length: 4 });
    expect(w.area + w.punctuation + w.linkDensity + w.textDensity + w.length).toBeCloseTo(1, 12);
    expect(w).toEqual({ area: 0.25, punctuation: 0.125, linkDensity: 0.125, textDensity: 0, length: 0.5 });
  });

  test('normalizeWeights refuses negative, non-finite and all-zero weights', () => {
    const ok: ScoreWeights = { area: 1, punctuation: 1, linkDensity: 1, textDensity: 1, length: 1 };
    expect(() => normalizeWeights({ ...ok, area: -0.1 })).toThrow(RangeError);
    expect(() => normalizeWeights({ ...ok, length: Number.NaN })).toThrow(RangeError);
    expect(() => normalizeWeights({ area: 0, punctuation: 0, linkDensity: 0, textDensity: 0, length: 0 })).toThrow(RangeError);
  });
});

test('on a segmented page, long prose outscores a nav list and a short caption', () => {
  const snap = snapshot([
    el('nav', { id: 'nav', box: { height: 60 } }, [el('ul', ['Home', 'World', 'Business', 'Science', 'Sport', 'Opinion', 'Culture'].map((w) => el('li', [a(w)])))]),
    el('article', { id: 'body', box: { x: 0, width: 700 } }, [p(prose(5, 0)), p(prose(5, 5)), p(prose(5, 10))]),
    el('figure', { id: 'cap', box: { x: 0, width: 700 } }, [el('img', { src: 'https://news.example/a.jpg' }), el('figcaption', { fontSizePx: 13, color: 'rgb(90, 90, 90)' }, [text('The bridge on Tuesday.')])]),
  ]);
  const tree = buildLayoutTree(snap);
  const scored = scoreUnits(segment(tree), snap);
  const scoreOf = (domId: string): number => {
    const found = scored.find((u) => u.nodeId === idOf(snap, domId));
    if (!found) throw new Error(`#${domId} is not a unit: ${scored.map((u) => u.tag).join(', ')}`);
    return found.score;
  };
  expect(scoreOf('body')).toBeGreaterThan(scoreOf('nav'));
  expect(scoreOf('body')).toBeGreaterThan(scoreOf('cap'));
  expect(Math.max(...scored.map((u) => u.score))).toBe(scoreOf('body'));
});
