/**
 * A crawl database of `pages` synthetic articles written through the store API (for the slow
 * pipe and EPIPE tests of `export`, and the figure in issue 23: `export` of a 10,000-page crawl
 * into a reader that sleeps). Each article's text is distinct (no near-duplicates collapse), a
 * few hundred words long.
 */
import { openSqliteStore } from '../store/index.js';

const WORDS = 'council budget harbour ferry timetable school road bridge river election market housing transport water energy court hospital library museum park'.split(' ');

export function writeSyntheticCrawl(path: string, pages: number): void {
  const store = openSqliteStore(path);
  const site = 'synthetic.test';
  const url = (n: number): string => `https://${site}/news/story-${n}`;
  try {
    store.enqueue(Array.from({ length: pages }, (_, n) => ({ url: url(n), site, depth: 1, priority: 1 })));
    for (let n = 0; n < pages; n++) {
      // Word order drawn from n's digits: texts differ well beyond the simhash's 3 bits.
      const sentences = Array.from({ length: 30 }, (_, s) => {
        const words = Array.from({ length: 10 }, (_, w) => WORDS[(n * 7 + s * 13 + w * (n % 11 + 1) + Math.floor(n / (w + 1))) % WORDS.length]);
        return `Report ${n}.${s}: the ${words.join(' ')}.`;
      });
      const text = sentences.join(' ');
      store.recordPage({
        url: url(n),
        site,
        depth: 1,
        status: 200,
        fetchedAt: Date.UTC(2024, 0, 1) + n * 1000,
        isArticle: true,
        links: { internal: [], external: [], bad: [] },
        extraction: { title: `Story ${n}`, text, html: `<p>${text}</p>`, markdown: text, metadata: { schemaVersion: 1, byline: 'A. Writer', authors: ['A. Writer'] } },
      });
    }
  } finally {
    store.close();
  }
}
