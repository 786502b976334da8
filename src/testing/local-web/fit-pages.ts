/**
 * Pages of the local web (src/testing/local-web/) as a benchmark collection with page types,
 * for fitting the page-type decision on scripts the public collections barely hold (WCXB-dev
 * has three non-Latin pages): in every local-web language (English, Russian, Chinese,
 * Japanese, Arabic) and two URL styles each, articles, photo galleries and comment pages
 * (`other`: their URLs look like articles'), listings (home, section, tag, author, day, search)
 * and service pages. Each site is its own site for the grouped cross-validation, so a fold never
 * holds pages of a template it was fitted on. The pages are written once to `dir` with their
 * URL on a `.test` host (a saved page keeps its address, as the other collections' do).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BenchCorpus, BenchPage } from '../../bench/corpora/types.js';
import { SiteModel, type Route } from './site-model.js';
import { articleBodyText, renderPage } from './render-pages.js';
import type { Language } from './text-bank.js';
import type { SiteStyle } from './url-schemes.js';

/** Two styles per language: one with words or dates in its URLs, one with numbers only. */
export const LOCAL_WEB_FIT_SITES: ReadonlyArray<{ language: Language; style: SiteStyle }> = [
  { language: 'en', style: 'section' },
  { language: 'en', style: 'query' },
  { language: 'ru', style: 'numeric' },
  { language: 'ru', style: 'dated' },
  { language: 'zh', style: 'dated' },
  { language: 'zh', style: 'numeric' },
  { language: 'ja', style: 'section' },
  { language: 'ja', style: 'query' },
  { language: 'ar', style: 'slash' },
  { language: 'ar', style: 'numeric' },
];

/** Pages per site of each kind. */
const PER_SITE = { article: 8, gallery: 4, comments: 2, section: 2, tag: 2, author: 1, day: 1, home: 1, search: 1, static: 1 };

/** The page type a collection would give each local-web page kind (fit-page-type.ts maps them to three). */
const TYPE_OF: Partial<Record<Route['kind'], string>> = {
  article: 'article',
  gallery: 'gallery',
  comments: 'forum',
  section: 'listing',
  tag: 'listing',
  author: 'listing',
  day: 'listing',
  home: 'listing',
  search: 'listing',
  static: 'service',
};

export async function localWebCorpus(dir = 'out/fit-local-web', seed = 5): Promise<BenchCorpus> {
  const root = resolve(dir);
  await mkdir(root, { recursive: true });
  const pages: BenchPage[] = [];
  for (const { language, style } of LOCAL_WEB_FIT_SITES) {
    const name = `${language}-${style}`;
    const model = new SiteModel({ name, title: name, style, language, articleCount: 400, seed, sessionIds: false, commentPages: true, galleryShare: 0.3 });
    const origin = `http://${name}.local-web.test`;
    const paths: string[] = ['/'];
    const articles = model.articleIndices();
    const galleries = Array.from({ length: model.articleCount }, (_, i) => i).filter((i) => model.isGallery(i));
    for (let k = 0; k < PER_SITE.article; k++) paths.push(model.articlePath(articles[(k * 37) % articles.length]!));
    for (let k = 0; k < PER_SITE.gallery; k++) paths.push(model.articlePath(galleries[(k * 11) % galleries.length]!));
    for (let k = 0; k < PER_SITE.comments; k++) paths.push(model.commentsPath(articles[(k * 53 + 5) % articles.length]!));
    for (let k = 0; k < PER_SITE.section; k++) paths.push(model.listPath('section', k, k + 1));
    for (let k = 0; k < PER_SITE.tag; k++) paths.push(model.listPath('tag', k * 3));
    paths.push(model.listPath('author', 2));
    const day = model.article(articles[articles.length - 1]!);
    paths.push(model.scheme.day({ year: 2024, month: 6, day: new Date(day.day * 86_400_000).getUTCDate() }));
    paths.push(model.scheme.search(model.tags[1]!.label, 1));
    paths.push(model.scheme.staticPage('about'));
    for (const path of paths) {
      const route = model.resolve(path);
      const type = TYPE_OF[route.kind];
      if (type === undefined) continue;
      const id = `${name}-${pages.length}`;
      const file = join(root, `${id}.html`);
      await writeFile(file, renderPage(model, route, path));
      const body = route.kind === 'article' ? articleBodyText(model, route.index) : '';
      pages.push({ id, url: new URL(path, origin).href, language, pageType: type, html: { path: file, compression: 'none', charset: 'utf-8' }, truth: { body } });
    }
  }
  pages.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    name: 'local-web',
    format: 'local-web',
    dir: root,
    tokenization: 'multilingual',
    size: pages.length,
    skipped: [],
    async *pages() {
      yield* pages;
    },
  };
}
