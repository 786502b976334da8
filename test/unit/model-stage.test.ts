/**
 * The model stage on synthetic pages: node features and candidates read from a layout tree,
 * the cascade with the visual score (agrees, abstains, vetoes; no model = unchanged), the
 * subtree snapshot the model's pick is extracted from, and the training labels.
 */
import { test, expect } from '@playwright/test';
import { DEFAULT_CLUSTER_PARAMS, MODEL_VERSION, createModel, toVector, type BodyPick, type ClusterModel, type NodeFeatures } from '../../src/cluster/index.js';
import { candidateNodes, nodeFeatures, rejection } from '../../src/cluster/node-features.js';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import { confidentVisualSample, decide, labelFromTruth, sitePriorPick, subtreeSnapshot } from '../../src/extract/model-stage.js';
import { tokenize } from '../../src/bench/metrics.js';
import { buildLayoutTree, isAncestor } from '../../src/segment/tree.js';
import { renderPlainText } from '../../src/segment/unit-text.js';
import { a, el, idOf, p, prose, snapshot, text } from './support/snapshot-builder.js';
import { newsPage, paragraphs } from './support/pages.js';

/** A model of one cluster centred on `features`, identity z-score, dᵢ = `radius` (γ = radius / distance). */
function modelAround(features: NodeFeatures, radius = 0.3): ClusterModel {
  return {
    version: MODEL_VERSION,
    scaling: { kind: 'log1p-zscore', means: [0, 0, 0, 0, 0], stds: [1, 1, 1, 1, 1] },
    clusters: [{ centre: toVector(features).map(Math.log1p), size: 5, meanDistance: radius }],
    samples: [],
    buffer: [],
    params: { ...DEFAULT_CLUSTER_PARAMS, kRange: { ...DEFAULT_CLUSTER_PARAMS.kRange } },
    stats: { samplesSeen: 5, samplesClustered: 5, reclusterCount: 0, placedCount: 0, reclusterHistory: [] },
    kChoice: [],
  };
}

/** A story (3 paragraphs) and a readers' thread (4) side by side in one <main>. */
function threadedPage() {
  return snapshot([
    el('main', { id: 'main' }, [
      el('article', { id: 'story' }, [p(prose(3, 0)), p(prose(3, 1)), p(prose(3, 2))]),
      el('div', { id: 'thread' }, [p(prose(3, 3)), p(prose(3, 4)), p(prose(3, 5)), p(prose(3, 6))]),
    ]),
  ]);
}

test('node features are the tree counts of the subtree: text, text per paragraph, link text, images, sentence ends', () => {
  const first = 'First sentence here. Second one!';
  const second = 'Third sentence? Yes.';
  const link = 'a linked phrase';
  const snap = snapshot([
    el('article', { id: 'story' }, [
      p(first),
      el('p', [text(second), a(link)]),
      el('img', { src: 'x.jpg' }),
      el('img', { src: 'pixel.gif', box: { width: 1, height: 1 } }),
    ]),
  ]);
  const tree = buildLayoutTree(snap);
  const features = nodeFeatures(tree, idOf(snap, 'story'));
  const total = first.length + second.length + link.length;
  expect(features).toEqual({
    textLength: total,
    meanParagraphLength: total / 2,
    linkTextLength: link.length,
    // The 1×1 pixel is a tracking pixel, not an image.
    imageCount: 1,
    punctuationCount: 4,
  });
  expect(() => nodeFeatures(tree, snap.nodes.length + 3)).toThrow(RangeError);
});

test('candidates: blocks with prose; not link lists, tiny labels, inline wrappers, hidden or linked blocks', () => {
  const snap = snapshot([
    el('nav', { id: 'menu' }, [el('ul', ['Home', 'World news today', 'Business and markets', 'Science desk'].map((w) => el('li', [a(w)])))]),
    el('div', { id: 'label' }, [text('Short label.')]),
    el('div', { id: 'hidden', visible: false }, [p(prose(3))]),
    el('a', { id: 'card', href: '/story', display: 'block' }, [p(prose(3, 10))]),
    el('div', { id: 'headings' }, [el('h2', [text('A heading without any sentence end at all in it here')])]),
    el('article', { id: 'story' }, [el('p', { id: 'para' }, [el('span', { id: 'wrap' }, [text(prose(3, 20))])])]),
  ]);
  const tree = buildLayoutTree(snap);
  const ids = candidateNodes(tree).map((c) => c.id);
  expect(ids).toContain(idOf(snap, 'story'));
  expect(ids).toContain(idOf(snap, 'para'));
  for (const excluded of ['menu', 'label', 'hidden', 'card', 'headings', 'wrap']) expect(ids).not.toContain(idOf(snap, excluded));
  expect(rejection(tree, idOf(snap, 'menu'))).toMatch(/^link density 1\.00/);
  expect(rejection(tree, idOf(snap, 'label'))).toMatch(/< 50 characters/);
  expect(rejection(tree, idOf(snap, 'headings'))).toMatch(/sentence ends/);
  // Each candidate's parent is its tree parent.
  const story = candidateNodes(tree).find((c) => c.id === idOf(snap, 'story'));
  expect(story?.parentId).toBe(0);
});

test('a subtree snapshot is the contiguous slice of the subtree, renumbered, with the same text', () => {
  const snap = newsPage();
  const articleId = idOf(snap, 'article');
  const { snapshot: sub, offset } = subtreeSnapshot(snap, articleId);
  expect(offset).toBe(articleId);
  expect(sub.nodes[0]?.parent).toBe(-1);
  sub.nodes.forEach((node, i) => expect(node.id).toBe(i));
  // The slice holds exactly the article and its descendants.
  const tree = buildLayoutTree(snap);
  const descendants = snap.nodes.filter((n) => isAncestor(tree, articleId, n.id)).length;
  expect(sub.nodes.length).toBe(descendants + 1);
  expect(renderPlainText(buildLayoutTree(sub), [0])).toBe(renderPlainText(buildLayoutTree(snap), [articleId]));
});

test('no model: the output is the visual extraction, with no model report', () => {
  const snap = newsPage();
  const plain = extractFromSnapshot(snap);
  const same = extractFromSnapshot(snap, { model: undefined });
  expect(plain.kind).toBe('article');
  // Everything but the clock readings.
  const untimed = (e: typeof plain): unknown => ({ ...e, explanation: { ...e.explanation, timingsMs: null } });
  expect(untimed(same)).toEqual(untimed(plain));
  expect(plain.explanation.model).toBeUndefined();
});

test('a model trained on article bodies agrees with the visual pick, and the text is unchanged', () => {
  // Training: the <article> of pages with 3 to 10 paragraphs (what a ground-truth match gives).
  const training = [3, 4, 5, 6, 7, 8, 9, 10].map((n) => {
    const snap = newsPage({ article: paragraphs(n, 7 * n) });
    return nodeFeatures(buildLayoutTree(snap), idOf(snap, 'article'));
  });
  const created = createModel(training);
  expect(created.kind).toBe('model');
  if (created.kind !== 'model') return;
  const page = newsPage({ article: paragraphs(6, 200) });
  const plain = extractFromSnapshot(page);
  const modelled = extractFromSnapshot(page, { model: created.model });
  expect(modelled.explanation.model?.stage).toBe('visual (model agreed)');
  expect(modelled.explanation.model?.winner).toBe('visual');
  expect(modelled.kind === 'article' && plain.kind === 'article' && modelled.article.text === plain.article.text).toBe(true);
});

test('a model that accepts nothing on the page abstains: the visual article stands', () => {
  const page = newsPage();
  const far = modelAround({ textLength: 1, meanParagraphLength: 1, linkTextLength: 5000, imageCount: 40, punctuationCount: 0 });
  const modelled = extractFromSnapshot(page, { model: far });
  const plain = extractFromSnapshot(page);
  expect(modelled.explanation.model?.stage).toBe('visual (model abstained)');
  expect(modelled.explanation.model?.pick.kind).toBe('none');
  expect(modelled.kind === 'article' && plain.kind === 'article' && modelled.article.text === plain.article.text).toBe(true);
});

test('a model whose clusters reject the visual container vetoes it: its own pick is extracted instead', () => {
  // The visual score takes the article; the model has only ever seen bodies shaped like the
  // "letters" block below (short paragraphs, one link each), so it overrules the article.
  const lettersPage = (tag: string) =>
    snapshot([
      el('main', { box: { x: 0, y: 140, width: 680 } }, [el('article', { id: 'article' }, paragraphs(6))]),
      el(tag, { id: 'letters', box: { x: 720, y: 140, width: 280 } }, [0, 1, 2, 3].map((i) => el('div', [p(prose(2, 300 + 2 * i)), a(`Reply to letter ${i}`)]))),
    ]);
  const page = lettersPage('section');
  const tree = buildLayoutTree(page);
  const lettersId = idOf(page, 'letters');
  const model = modelAround(nodeFeatures(tree, lettersId), 0.05);
  const plain = extractFromSnapshot(page);
  const modelled = extractFromSnapshot(page, { model });
  // (The visual pick's container covers the article, and here the letters too: the fitted
  // block model reads the letters' prose as body. The model's pick is the letters alone.)
  expect(plain.kind === 'article' && plain.article.text.includes(prose(4, 0))).toBe(true);
  expect(modelled.explanation.model?.stage).toBe('model (vetoed visual)');
  expect(modelled.explanation.model?.pick.kind === 'body' && modelled.explanation.model.pick.id).toBe(lettersId);
  expect(modelled.kind).toBe('article');
  if (modelled.kind !== 'article') return;
  expect(modelled.article.text).toContain(prose(2, 300));
  expect(modelled.article.text).not.toContain(prose(4, 0));
  // Node ids in the explanation are the page's, not the subtree's.
  expect(modelled.explanation.containerId).not.toBeNull();
  expect(modelled.explanation.containerId! >= lettersId).toBe(true);
  // The same page under 'primary' gives the model's pick too; with the visual container accepted, 'veto' keeps it.
  expect(extractFromSnapshot(page, { model, modelStage: { cascade: 'primary' } }).explanation.model?.stage).toBe('model (primary)');
  // The region is cleaned by the visual stages, which treat <aside> as furniture: a pick there
  // yields little or nothing, and the visual article stands.
  const aside = lettersPage('aside');
  const asideModel = modelAround(nodeFeatures(buildLayoutTree(aside), idOf(aside, 'letters')), 0.05);
  const kept = extractFromSnapshot(aside, { model: asideModel });
  expect(kept.explanation.model?.stage).toMatch(/^visual \(model (region empty|pick too small)\)$/u);
  expect(kept.kind === 'article' && kept.article.text.includes(prose(4, 0))).toBe(true);
});

test('the cascade clauses, on hand-made picks', () => {
  const page = newsPage();
  const tree = buildLayoutTree(page);
  const articleId = idOf(page, 'article');
  const mainId = idOf(page, 'main');
  const sidebarId = idOf(page, 'sidebar');
  const params = { cascade: 'veto' as const, sameTextShare: 0.8, minVetoShare: 0.3 };
  const visualText = tree.stats[articleId]!.textLength;
  const body = (id: number, accepted: number[] = [id]): BodyPick => ({
    kind: 'body',
    id,
    gammaMax: 1,
    cluster: 0,
    chain: [id],
    accepted: accepted.map((a) => ({ id: a, gammaMax: 1, cluster: 0 })),
  });
  const none: BodyPick = { kind: 'none', reason: 'no-cluster-accepts', detail: '', bestGamma: 0.1 };
  expect(decide(tree, none, articleId, visualText, params).stage).toBe('visual (model abstained)');
  expect(decide(tree, body(articleId), null, visualText, params).stage).toBe('model (visual found none)');
  expect(decide(tree, body(articleId), articleId, visualText, params).stage).toBe('visual (model agreed)');
  // <main> holds only the article: nested with the same text is the same choice.
  expect(decide(tree, body(mainId), articleId, visualText, params).stage).toBe('visual (model agreed)');
  expect(decide(tree, body(sidebarId, [sidebarId, articleId]), articleId, visualText, params).stage).toBe('visual (model accepts it)');
  // A pick with under 30 % of the visual body's text does not overrule it; one with more does.
  const sidebarText = tree.stats[sidebarId]!.textLength;
  expect(sidebarText).toBeLessThan(0.3 * visualText);
  expect(decide(tree, body(sidebarId), articleId, visualText, params).stage).toBe('visual (model pick too small)');
  expect(decide(tree, body(sidebarId), articleId, sidebarText / 0.29, params).stage).toBe('visual (model pick too small)');
  // Large enough, but another region than the visual body: a veto never jumps there.
  expect(decide(tree, body(sidebarId), articleId, sidebarText / 0.31, params)).toEqual({ winner: 'visual', stage: 'visual (model pick elsewhere)' });
  // Inside the visual container (a body that ran on into a readers' thread, cut back to the
  // story) it overrules.
  const threaded = threadedPage();
  const threadedTree = buildLayoutTree(threaded);
  const ranOn = idOf(threaded, 'main');
  const story = idOf(threaded, 'story');
  const ranOnText = threadedTree.stats[ranOn]!.textLength;
  expect(decide(threadedTree, body(story), ranOn, ranOnText, params)).toEqual({ winner: 'model', stage: 'model (vetoed visual)' });
  // A visual body just outside the acceptance radius (γ 0.4) is kept; one far out (γ 0.3) is vetoed.
  const cautious = { ...params, vetoBelowGamma: 0.35 };
  expect(decide(threadedTree, body(story), ranOn, ranOnText, cautious, 0.4).stage).toBe('visual (model unsure)');
  expect(decide(threadedTree, body(story), ranOn, ranOnText, cautious, 0.3).stage).toBe('model (vetoed visual)');
  expect(decide(tree, body(sidebarId), articleId, visualText, { ...params, cascade: 'primary' }).stage).toBe('model (primary)');
});

test('the ground truth is matched to the tightest node that covers it', () => {
  const body = paragraphs(5, 40);
  const page = newsPage({ article: [el('div', { id: 'content' }, body)] });
  const truth = body.map((b) => (b.children[0] as { text: string }).text).join('\n\n');
  const tree = buildLayoutTree(page);
  const label = labelFromTruth(tree, truth, tokenize);
  expect(label.kind).toBe('label');
  if (label.kind !== 'label') return;
  expect(label.nodeId).toBe(idOf(page, 'content'));
  expect(label.rule).toBe('recall');
  expect(label.recall).toBe(1);
  expect(label.precision).toBe(1);
  const missing = labelFromTruth(tree, prose(12, 900), tokenize);
  expect(missing.kind).toBe('none');
  expect(labelFromTruth(tree, '  ', tokenize).kind).toBe('none');
});

test('self-training takes the visual container only when the pick is confident', () => {
  const long = newsPage();
  const tree = buildLayoutTree(long);
  const sample = confidentVisualSample(tree, extractFromSnapshot(long));
  expect(sample.kind).toBe('sample');
  const short = newsPage({ article: paragraphs(1) });
  const none = confidentVisualSample(buildLayoutTree(short), extractFromSnapshot(short));
  expect(none.kind).toBe('none');
  if (none.kind === 'none') expect(none.reason).toMatch(/characters|paragraphs/);
});

test('the site prior takes a node nested with the visual body when its cluster is much more common on the site', () => {
  const page = threadedPage();
  const tree = buildLayoutTree(page);
  const mainId = idOf(page, 'main');
  const storyId = idOf(page, 'story');
  const threadId = idOf(page, 'thread');
  const model = (storySize: number, mainSize: number): ClusterModel => {
    const base = modelAround(nodeFeatures(tree, storyId));
    return { ...base, clusters: [{ ...base.clusters[0]!, size: storySize }, { ...base.clusters[0]!, size: mainSize }] };
  };
  const pick: BodyPick = {
    kind: 'body',
    id: mainId,
    gammaMax: 1.2,
    cluster: 1,
    chain: [mainId],
    accepted: [
      { id: mainId, gammaMax: 1.2, cluster: 1 },
      { id: storyId, gammaMax: 0.9, cluster: 0 },
      { id: threadId, gammaMax: 0.8, cluster: 0 },
    ],
  };
  const mainText = tree.stats[mainId]!.textLength;
  const inCluster1 = { cluster: 1, accepted: true };
  const on = { sitePrior: { minShareRatio: 1.5 }, minVetoShare: 0.3 };
  // The story's cluster holds 20 of the site's bodies, the visual body's 5: the story wins
  // (the first of D in that cluster: D is sorted by γ).
  expect(sitePriorPick(tree, model(20, 5), pick, mainId, inCluster1, mainText, on)).toBe(storyId);
  // Not 1.5 times as common: the visual body stands.
  expect(sitePriorPick(tree, model(7, 5), pick, mainId, inCluster1, mainText, on)).toBeNull();
  // The visual body is itself in the common cluster: nothing to prefer.
  expect(sitePriorPick(tree, model(20, 5), pick, mainId, { cluster: 0, accepted: true }, mainText, on)).toBeNull();
  // A visual body no cluster accepts counts as in a cluster of size 0.
  expect(sitePriorPick(tree, model(7, 5), pick, mainId, { cluster: 1, accepted: false }, mainText, on)).toBe(storyId);
  // Too little of the visual text, or the prior off (a model of many sites): no change.
  expect(sitePriorPick(tree, model(20, 5), pick, mainId, inCluster1, mainText * 10, on)).toBeNull();
  expect(sitePriorPick(tree, model(20, 5), pick, mainId, inCluster1, mainText, { ...on, sitePrior: null })).toBeNull();
});
