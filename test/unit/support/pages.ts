/**
 * Synthetic news pages for the selection and article tests: a masthead with a nav, an article
 * column with a sidebar beside it, and a footer — the commonest news layout — with slots for
 * what a test wants to put into the article. Sizes and colours are those of a plain site:
 * 16 px black body text on white, 32 px headline.
 */
import type { LayoutSnapshot, SnapshotMeta } from '../../../src/types.js';
import { a, el, p, prose, rgb, rgba, snapshot, text, type ElSpec, type Spec } from './snapshot-builder.js';

export const NAV_WORDS = ['Home', 'World', 'Politics', 'Business', 'Science', 'Sport', 'Opinion', 'Culture'];
export const SIDEBAR_HEADLINES = [
  'Rail strike talks collapse for the third time',
  'Harbour seal pups counted from the air',
  'Council tax rise approved after long debate',
  'Record crowds at the county show',
];
export const FOOTER_TEXT = 'Copyright 2024 Example News Ltd. All rights reserved.';
export const HEADLINE = 'Harrow Bridge to reopen before the summer, council says';

export const GREY_TEXT = rgb(96, 96, 96);
export const GREY_BOX = rgba(242, 242, 242, 1);

/** The body's paragraphs: `count` paragraphs of four sentences, from sentence `from` on. */
export function paragraphs(count: number, from = 0): ElSpec[] {
  return Array.from({ length: count }, (_, i) => p(prose(4, from + 4 * i)));
}

export interface NewsPageOptions {
  /** What goes into `<article>` after the h1 (default: five paragraphs). */
  article?: Spec[];
  /** What follows the article inside the main column. */
  afterArticle?: Spec[];
  meta?: Partial<SnapshotMeta>;
  headline?: string;
}

export function newsPage(options: NewsPageOptions = {}): LayoutSnapshot {
  const headline = options.headline ?? HEADLINE;
  return snapshot(
    [
      el('header', { id: 'masthead', box: { height: 120 } }, [
        el('div', { class: 'logo', fontSizePx: 28, fontWeight: 700 }, [text('Example News')]),
        el('nav', { id: 'nav' }, [el('ul', NAV_WORDS.map((w) => el('li', [a(w)])))]),
      ]),
      el('div', { id: 'columns' }, [
        el('main', { id: 'main', box: { x: 0, y: 140, width: 680 } }, [
          el('article', { id: 'article' }, [el('h1', { id: 'headline' }, [text(headline)]), ...(options.article ?? paragraphs(5))]),
          ...(options.afterArticle ?? []),
        ]),
        el('aside', { id: 'sidebar', box: { x: 720, y: 140, width: 280 } }, [
          el('h2', { fontSizePx: 18 }, [text('Most read')]),
          el('ol', SIDEBAR_HEADLINES.map((h) => el('li', [a(h)]))),
        ]),
      ]),
      el('footer', { id: 'footer', background: rgba(30, 30, 30, 1), color: rgb(220, 220, 220) }, [
        el('ul', ['About us', 'Contact', 'Privacy', 'Terms'].map((w) => el('li', [a(w)]))),
        p(FOOTER_TEXT),
      ]),
    ],
    { meta: { title: `${headline} | Example News`, ...options.meta } },
  );
}
