/**
 * Lines a page prints for a state of its own, never as content: a script's placeholder while a
 * region loads ("Loading…", left in a saved page whose script never ran), the label a shop or a
 * feed prints on a paid slot ("Sponsored"), a control alone on its line ("Read more", "Share"),
 * and a table of contents' label whose list is not in the body. A paid slot may be the page's
 * content (a shop's paid products in its grid: `AD_LABELS` in score/select.ts leaves such labels
 * alone), its label is not: no WCXB-dev truth holds a "Sponsored" line (31 in our texts on 9
 * pages), one holds a "Loading..." (16 in our texts on 9 pages). Pure data and one predicate.
 */

/** Whole lines, compared lower-cased with white space collapsed, without dots, an ellipsis or a colon after them. */
const STATE_LINES: ReadonlySet<string> = new Set([
  // A placeholder while a script fills a region.
  'loading',
  'loading more',
  'loading content',
  'please wait',
  'cargando', // es
  'carregando', // pt
  'chargement', // fr
  'chargement en cours', // fr
  'wird geladen', // de
  'caricamento', // it
  'загрузка', // ru
  'завантаження', // uk
  'ładowanie', // pl
  'yükleniyor', // tr
  '加载中', // zh
  '載入中', // zh-Hant
  '読み込み中', // ja
  '로딩 중', // ko
  // A closed thread's notice (XenForo: 4 WCXB-dev threads, in no truth).
  'not open for further replies',
  'this thread is not open for further replies',
  // A paid slot's label.
  'sponsored',
  'promoted',
  'gesponsert', // de
  'sponsorisé', // fr
  'patrocinado', // es, pt
]);

/**
 * A control alone on its line: a teaser's link onward or a button that shows more of a list. On
 * WCXB-dev these lines are ours and not the truth's on 12 pages ("Read more"; 1 truth keeps one),
 * 11 ("Read full article"), 5 ("See all"), 4 ("See more"; 1 keeps it), 3 ("Show more", "View
 * all"). Not "Learn more", which the truth keeps on 11 of the 32 pages we print it, nor "Read
 * full story" (kept on the one page we print it).
 */
const CONTROL_LINES: ReadonlySet<string> = new Set([
  'share',
  'share this',
  'share this article',
  'share this story',
  'share this post',
  'prev',
  'read more',
  'read more »',
  'read more ›',
  'read more →',
  'read full article',
  'continue reading',
  'show more',
  'see more',
  'see all',
  'view all',
  'view more',
  // A shop's buttons, on a card or a product (WCXB-dev: "Apply now" ours only on 8 pages, "Shop
  // now" on 6 (1 truth keeps it), "Add to cart", "More options", "Filters" on 5, "Quick view" on
  // 3, "Contact us" on 7 service pages; none in a truth). Not "Get started" (3 truths keep it
  // of 9) or "Details" (6 of 12).
  'add to cart',
  'add to bag',
  'add to basket',
  'add to wishlist',
  'quick view',
  'quick shop',
  'more options',
  'view details',
  'shop now',
  'apply now',
  'filter',
  'filters',
  'sort by',
  'contact us',
  'close',
  'sign up',
  'log in',
  'login',
  'sign in',
  'leer más', // es
  'ler mais', // pt
  'lire la suite', // fr
  'weiterlesen', // de
  'mehr lesen', // de
  'leggi di più', // it
  'читать далее', // ru
  'подробнее', // ru
  '阅读更多', // zh
  '查看更多', // zh
  '続きを読む', // ja
  '더보기', // ko
]);

/**
 * A table of contents' label left alone: the list it heads is collapsed or hidden, or left the
 * body (toc.ts takes a label out with its list of the page's own sections, when the body kept
 * both). WCXB-dev: "Table of contents" ours and not the truth's on 11 pages (2 keep it), "On this
 * page" on 3, "In this article" on 1. Not "Contents" alone, a box's contents on a shop's page.
 */
const CONTENTS_LABELS: ReadonlySet<string> = new Set([
  'table of contents',
  'on this page',
  'in this article',
  'in this post',
  'jump to section',
  'inhaltsverzeichnis', // de
  'sommaire', // fr
  'tabla de contenidos', // es
  'índice', // es, pt
  'содержание', // ru
  '目录', // zh
  '目次', // ja
  '목차', // ko
]);

/** Longest line compared: the labels are short. */
export const MAX_STATE_LINE_CHARS = 60;

/**
 * True when the whole line is such a state ("Loading...", "Loading…", "SPONSORED"), such a
 * control ("Read more", "Read more »", "See all", "Share") or a contents label alone ("Table of
 * contents").
 */
export function isStateLine(line: string): boolean {
  if (line.length > MAX_STATE_LINE_CHARS) return false;
  let text = line.trim().toLowerCase();
  while (text.endsWith('.') || text.endsWith('…') || text.endsWith(':')) text = text.slice(0, -1).trimEnd();
  text = text.split(/\s+/u).join(' ');
  return STATE_LINES.has(text) || CONTROL_LINES.has(text) || CONTENTS_LABELS.has(text);
}
