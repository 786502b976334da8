/**
 * HTML for every page of a synthetic news site, generated on request from the site's seed:
 * one layout (masthead, nav, main column, sidebar, footer, inline CSS) around an article, a
 * listing, the home page, a calendar month, search results, a static page or a 404. Pages
 * link the way real fronts do: a few article links among many links to sections, tags,
 * authors, the calendar and searches. Pure: no I/O.
 */
import { Rng, hexToken } from './prng.js';
import { bankFor, paragraph, sentence, type Language } from './text-bank.js';
import { dayToYmd, type Route, type SiteModel } from './site-model.js';
import { STATIC_PAGES, type ListKind } from './url-schemes.js';

/** Links to other sites in every footer: out of scope for a crawler, never resolvable (`.invalid`). */
export const FOOTER_EXTERNAL_LINKS = ['http://social.example.invalid/share', 'http://press-association.example.invalid/'];
/** How many article links the sidebars and related boxes carry (tuned so BFS fetches mostly non-articles). */
const RELATED_COUNT = 5;
const MOST_READ_COUNT = 5;
const TAG_CLOUD_COUNT = 12;
const HOME_LATEST_COUNT = 16;
const SEARCH_RESULTS = 10;
const RELATED_SEARCHES = 6;

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page being rendered: where it is (for session ids) and its site. */
interface Ctx {
  site: SiteModel;
  /** Path and query of the requested page. */
  self: string;
}

function href(ctx: Ctx, path: string): string {
  if (!ctx.site.config.sessionIds) return escapeHtml(path);
  const sid = hexToken(`${ctx.self}>${path}`, ctx.site.config.seed);
  return escapeHtml(`${path}${path.includes('?') ? '&' : '?'}sid=${sid}`);
}

const a = (ctx: Ctx, path: string, label: string, cls?: string): string =>
  `<a href="${href(ctx, path)}"${cls ? ` class="${cls}"` : ''}>${escapeHtml(label)}</a>`;

function isoDay(day: number): string {
  const d = dayToYmd(day);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** One formatter per language: building one per call costs ~0.2 ms, which made fronts slow. */
const DATE_FORMATS: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ru: new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  zh: new Intl.DateTimeFormat('zh-CN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ja: new Intl.DateTimeFormat('ja-JP', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ar: new Intl.DateTimeFormat('ar-EG', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};
/** Languages written from right to left. */
const RTL = new Set<Language>(['ar']);

function humanDay(ctx: Ctx, day: number): string {
  return DATE_FORMATS[ctx.site.config.language].format(new Date(day * 86_400_000));
}

const ACCENTS = ['#b3001b', '#0b5394', '#38761d', '#7f6000', '#741b47', '#134f5c'];

function css(ctx: Ctx): string {
  const accent = ACCENTS[ctx.site.config.seed % ACCENTS.length];
  return `body{margin:0;font:16px/1.6 Georgia,serif;color:#111;background:#fff}
header.masthead{border-bottom:3px solid ${accent};padding:12px 24px}
.logo{font:700 30px/1.2 Helvetica,Arial,sans-serif;color:${accent};text-decoration:none}
nav.sections ul{list-style:none;margin:8px 0 0;padding:0;display:flex;gap:16px;flex-wrap:wrap}
nav.sections a{font:600 14px Helvetica,Arial,sans-serif;color:#333;text-decoration:none;text-transform:uppercase}
.wrap{display:flex;gap:40px;max-width:1100px;margin:24px auto;padding:0 24px}
main{flex:1 1 680px;min-width:0}aside{flex:0 0 280px;font-size:14px}
h1{font-size:34px;line-height:1.2;margin:8px 0 12px}.byline{color:#555;font-size:14px}
.standfirst{font-size:19px;color:#333}article p{margin:0 0 16px}
.teaser{border-bottom:1px solid #ddd;padding:10px 0}.teaser h2,.teaser h3{margin:0 0 4px;font-size:20px}
.teaser p{margin:0;color:#444;font-size:15px}.pager a,.pager span{margin-right:10px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
figure{margin:16px 0}figure .photo{height:220px;background:linear-gradient(135deg,#ccd,#eef)}
figcaption{font-size:13px;color:#666}.tags a{margin-right:8px;font-size:13px}
table.calendar td{width:40px;height:32px;text-align:center;border:1px solid #ddd}
footer{background:#222;color:#ccc;padding:24px;font-size:13px}footer a{color:#eee;margin-right:14px}`;
}

interface LayoutParts {
  title: string;
  main: string;
  aside?: string;
  head?: string;
}

function layout(ctx: Ctx, parts: LayoutParts): string {
  const { site } = ctx;
  const ui = bankFor(site.config.language).ui;
  const nav = site.sections.map((s, i) => `<li>${a(ctx, site.listPath('section', i), s.label)}</li>`).join('');
  const latestMonth = dayToYmd(site.lastDay);
  const footer = STATIC_PAGES.map((name) => a(ctx, site.scheme.staticPage(name), ui[name])).join('') +
    FOOTER_EXTERNAL_LINKS.map((url) => `<a href="${url}" rel="nofollow">${escapeHtml(new URL(url).hostname)}</a>`).join('');
  return `<!doctype html>
<html lang="${site.config.language}"${RTL.has(site.config.language) ? ' dir="rtl"' : ''}><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.title === site.config.title ? parts.title : `${parts.title} | ${site.config.title}`)}</title>
${parts.head ?? ''}<style>${css(ctx)}</style></head>
<body><header class="masthead"><a class="logo" href="${href(ctx, '/')}">${escapeHtml(site.config.title)}</a>
<nav class="sections"><ul>${nav}<li>${a(ctx, site.scheme.calendar(latestMonth.year, latestMonth.month), ui.calendar)}</li></ul></nav>
<form class="search" action="${escapeHtml(site.scheme.search('', 1).split('?')[0]!)}" method="get"><input name="q" placeholder="${ui.search}"><button>${ui.search}</button></form>
</header>
<div class="wrap"><main>${parts.main}</main><aside>${parts.aside ?? ''}</aside></div>
<footer><p>${footer}</p><p>© ${latestMonth.year} ${escapeHtml(site.config.title)}</p></footer>
</body></html>
`;
}

/** Sidebar: most read stories, a tag cloud and popular searches (seeded by the page, so it varies). */
function sidebar(ctx: Ctx, key: string): string {
  const { site } = ctx;
  const ui = bankFor(site.config.language).ui;
  const rng = Rng.of(site.config.seed, 'sidebar', key);
  const mostRead = rng.distinct(MOST_READ_COUNT, site.articleCount).map((i) => `<li>${a(ctx, site.articlePath(i), site.article(i).headline)}</li>`);
  const tags = rng.distinct(TAG_CLOUD_COUNT, site.tags.length).map((t) => a(ctx, site.listPath('tag', t), site.tags[t]!.label));
  const searches = rng.distinct(3, site.tags.length).map((t) => a(ctx, site.scheme.search(site.tags[t]!.label.toLowerCase(), 1), site.tags[t]!.label));
  return `<section class="most-read"><h2>${ui.mostRead}</h2><ol>${mostRead.join('')}</ol></section>
<section class="tags"><h2>${ui.tags}</h2><p class="tags">${tags.join(' ')}</p></section>
<section class="searches"><h2>${ui.search}</h2><p>${searches.join(' · ')}</p></section>`;
}

/** The date, linked to that day's archive as blogs and news sites do. */
function dateLink(ctx: Ctx, day: number): string {
  return `<time datetime="${isoDay(day)}"><a href="${href(ctx, ctx.site.scheme.day(dayToYmd(day)))}">${humanDay(ctx, day)}</a></time>`;
}

function commentsLink(ctx: Ctx, index: number): string {
  if (!ctx.site.config.commentPages) return '';
  const count = ctx.site.commentCount(index);
  return a(ctx, ctx.site.commentsPath(index), `${bankFor(ctx.site.config.language).ui.comments} (${count})`, 'comments');
}

function teaser(ctx: Ctx, index: number, level: 2 | 3 = 2): string {
  const { site } = ctx;
  const meta = site.article(index);
  const bank = bankFor(site.config.language);
  const summary = sentence(bank, Rng.of(site.config.seed, 'summary', index), site.authors[meta.author]!.label);
  return `<div class="teaser"><h${level}>${a(ctx, site.articlePath(index), meta.headline)}</h${level}>
<p>${escapeHtml(summary)}</p><p class="byline">${a(ctx, site.listPath('author', meta.author), site.authors[meta.author]!.label)} · ${dateLink(ctx, meta.day)}${ctx.site.config.commentPages ? ` · ${commentsLink(ctx, index)}` : ''}</p></div>`;
}

function pager(ctx: Ctx, page: number, pageCount: number, pathOf: (page: number) => string): string {
  const ui = bankFor(ctx.site.config.language).ui;
  const links: string[] = [];
  if (page > 1) links.push(a(ctx, pathOf(page - 1), `‹ ${ui.previous}`));
  for (let p = Math.max(1, page - 2); p <= Math.min(pageCount, page + 2); p++) {
    links.push(p === page ? `<span>${p}</span>` : a(ctx, pathOf(p), String(p)));
  }
  if (page + 2 < pageCount) links.push(a(ctx, pathOf(pageCount), String(pageCount)));
  if (page < pageCount) links.push(a(ctx, pathOf(page + 1), `${ui.next} ›`));
  return `<nav class="pager">${links.join(' ')}</nav>`;
}

function articlePage(ctx: Ctx, index: number): string {
  const { site } = ctx;
  const meta = site.article(index);
  const bank = bankFor(site.config.language);
  const author = site.authors[meta.author]!.label;
  const body = articleBody(site, index);
  const rng = body.rng;
  const paragraphs = body.blocks.map((b) => (b.heading ? `<h2>${escapeHtml(b.text)}</h2>` : `<p>${escapeHtml(b.text)}</p>`));
  const standfirst = escapeHtml(body.standfirst);
  const section = site.sections[meta.section]!;
  // Related: neighbours in the same section, then random picks, so the link graph stays connected.
  const members = site.members('section', meta.section);
  const at = members.indexOf(index);
  const related = new Set<number>([members[at - 1], members[at + 1]].filter((i): i is number => i !== undefined));
  for (const i of rng.distinct(RELATED_COUNT, site.articleCount)) if (related.size < RELATED_COUNT && i !== index) related.add(i);
  const tags = meta.tags.map((t) => a(ctx, site.listPath('tag', t), site.tags[t]!.label)).join(' ');
  const canonical = `<link rel="canonical" href="${escapeHtml(site.articlePath(index))}">
<meta property="og:type" content="article"><meta property="og:title" content="${escapeHtml(meta.headline)}">
<meta name="author" content="${escapeHtml(author)}"><meta property="article:published_time" content="${isoDay(meta.day)}T08:00:00Z">
`;
  const main = `<p class="kicker">${a(ctx, site.listPath('section', meta.section), section.label)}</p>
<article><h1>${escapeHtml(meta.headline)}</h1>
<p class="byline">${bank.ui.by} ${a(ctx, site.listPath('author', meta.author), author)} · ${dateLink(ctx, meta.day)}</p>
<p class="standfirst">${standfirst}</p>
<figure><div class="photo"></div><figcaption>${escapeHtml(meta.headline)}</figcaption></figure>
${paragraphs.join('\n')}
</article>
${site.hasInlineComments(index) ? inlineThread(ctx, index, body) : ''}
<p class="comments-link">${commentsLink(ctx, index)} ${a(ctx, site.scheme.login(site.articlePath(index)), bank.ui.signIn, 'sign-in')}</p>
<p class="tags">${bank.ui.tags}: ${tags}</p>
<section class="related"><h2>${bank.ui.related}</h2><ul>${[...related].map((i) => `<li>${a(ctx, site.articlePath(i), site.article(i).headline)}</li>`).join('')}</ul></section>
<p>${a(ctx, site.listPath('section', meta.section), `${bank.ui.more} ${section.label}`)}</p>`;
  return layout(ctx, { title: meta.headline, main, aside: sidebar(ctx, `article-${index}`), head: canonical });
}

/** The prose of article `index`: standfirst, paragraphs with one subheading, and the generator left where the page goes on. */
function articleBody(site: SiteModel, index: number): { standfirst: string; blocks: Array<{ text: string; heading: boolean }>; rng: Rng } {
  const bank = bankFor(site.config.language);
  const author = site.authors[site.article(index).author]!.label;
  const rng = Rng.of(site.config.seed, 'body', index);
  const blocks = Array.from({ length: rng.int(5, 9) }, () => ({ text: paragraph(bank, rng, author, rng.int(3, 5)), heading: false }));
  blocks.splice(3, 0, { text: bank.headlineSubjects[rng.int(0, bank.headlineSubjects.length - 1)]!, heading: true });
  return { standfirst: sentence(bank, Rng.of(site.config.seed, 'summary', index), author), blocks, rng };
}

/** The article's body text as an extractor should find it: standfirst, subheading and paragraphs, one per line. */
export function articleBodyText(site: SiteModel, index: number): string {
  const body = articleBody(site, index);
  return [body.standfirst, ...body.blocks.map((b) => b.text)].join('\n\n');
}

/**
 * Readers' comments under the body, in prose paragraphs like the body's and, in all, 1.3–2
 * times as much text, in markup that does not name them: by length, punctuation and text
 * density they look more like the article than the article does.
 */
function inlineThread(ctx: Ctx, index: number, body: { standfirst: string; blocks: Array<{ text: string }> }): string {
  const bank = bankFor(ctx.site.config.language);
  const rng = Rng.of(ctx.site.config.seed, 'inline-thread', index);
  const bodyLength = body.standfirst.length + body.blocks.reduce((n, b) => n + b.text.length, 0);
  const target = bodyLength * (1.3 + 0.7 * rng.next());
  const comments: string[] = [];
  for (let length = 0, k = 1; length < target; k++) {
    const name = rng.pick(bank.firstNames);
    const text = paragraph(bank, rng, name, rng.int(2, 4));
    length += text.length;
    comments.push(`<div class="post"><p class="who">${escapeHtml(name)} #${k}</p><p>${escapeHtml(text)}</p></div>`);
  }
  // Neutral markup, as many discussion plugins write it: no "comment" in any name.
  return `<div class="thread"><h2>${bank.ui.comments} (${comments.length})</h2>\n${comments.join('\n')}</div>`;
}

/** A photo gallery: pictures and one-line captions under an article-like URL; not an article. */
function galleryPage(ctx: Ctx, index: number): string {
  const { site } = ctx;
  const bank = bankFor(site.config.language);
  const meta = site.article(index);
  const author = site.authors[meta.author]!.label;
  const rng = Rng.of(site.config.seed, 'gallery-captions', index);
  const figures = Array.from({ length: rng.int(6, 12) }, (_, k) => {
    const caption = `${k + 1}. ${rng.pick(bank.subjects)} ${rng.pick(bank.complements)}`;
    return `<figure><div class="photo"></div><figcaption>${escapeHtml(caption)}</figcaption></figure>`;
  });
  const main = `<p class="kicker">${a(ctx, site.listPath('section', meta.section), site.sections[meta.section]!.label)}</p>
<div class="gallery"><h1>${escapeHtml(meta.headline)}</h1>
<p class="byline">${bank.ui.by} ${a(ctx, site.listPath('author', meta.author), author)} · ${dateLink(ctx, meta.day)}</p>
${figures.join('\n')}</div>`;
  return layout(ctx, { title: meta.headline, main, aside: sidebar(ctx, `gallery-${index}`) });
}

/** Readers' comments on an article: short remarks, a link back; not an article. */
function commentsPage(ctx: Ctx, index: number): string {
  const { site } = ctx;
  const bank = bankFor(site.config.language);
  const meta = site.article(index);
  const rng = Rng.of(site.config.seed, 'comment-text', index);
  const comments = Array.from({ length: site.commentCount(index) }, (_, k) => {
    const name = rng.pick(bank.firstNames);
    return `<li class="comment"><p class="comment-author">${escapeHtml(name)} #${k + 1}</p><p>${escapeHtml(sentence(bank, rng, name))}</p></li>`;
  });
  const main = `<h1>${bank.ui.comments}: ${escapeHtml(meta.headline)}</h1>
<p>${a(ctx, site.articlePath(index), meta.headline)}</p><ol class="comments">${comments.join('\n')}</ol>`;
  return layout(ctx, { title: `${bank.ui.comments}: ${meta.headline}`, main, aside: sidebar(ctx, `comments-${index}`) });
}

function homePage(ctx: Ctx): string {
  const { site } = ctx;
  const ui = bankFor(site.config.language).ui;
  const newest = Array.from({ length: Math.min(HOME_LATEST_COUNT, site.articleCount) }, (_, k) => site.articleCount - 1 - k);
  const blocks = site.sections.map((s, i) => {
    const top = site.listPage('section', i, 1).slice(0, 3);
    return `<section class="front-section"><h2>${a(ctx, site.listPath('section', i), s.label)}</h2>${top.map((j) => teaser(ctx, j, 3)).join('')}</section>`;
  });
  const authors = site.authors.map((p, i) => a(ctx, site.listPath('author', i), p.label)).join(' · ');
  const latest = dayToYmd(site.lastDay);
  const main = `<h1 class="visually-hidden">${escapeHtml(site.config.title)}</h1>
<section class="latest"><h2>${ui.latest}</h2>${newest.map((i) => teaser(ctx, i)).join('')}</section>
${blocks.join('\n')}
<section class="writers"><h2>${ui.by}</h2><p>${authors}</p></section>
<section class="topics"><h2>${ui.tags}</h2><p class="tags">${site.tags.map((t, i) => a(ctx, site.listPath('tag', i), t.label)).join(' ')}</p></section>
<p>${a(ctx, site.scheme.day(latest), ui.archive)} · ${a(ctx, site.scheme.calendar(latest.year, latest.month), ui.calendar)}</p>`;
  return layout(ctx, { title: site.config.title, main, aside: sidebar(ctx, 'home') });
}

function listingPage(ctx: Ctx, kind: ListKind, index: number, page: number, pageCount: number): string {
  const { site } = ctx;
  const things = kind === 'section' ? site.sections : kind === 'tag' ? site.tags : site.authors;
  const label = things[index]!.label;
  const ui = bankFor(site.config.language).ui;
  const items = site.listPage(kind, index, page).map((i) => teaser(ctx, i)).join('\n');
  const title = page > 1 ? `${label} — ${ui.page} ${page}` : label;
  const main = `<h1>${escapeHtml(label)}</h1>${items}${pager(ctx, page, pageCount, (p) => site.listPath(kind, index, p))}`;
  return layout(ctx, { title, main, aside: sidebar(ctx, `${kind}-${index}-${page}`) });
}

function dayPage(ctx: Ctx, day: number): string {
  const { site } = ctx;
  const ui = bankFor(site.config.language).ui;
  const items = site.articlesOn(day).map((i) => teaser(ctx, i)).join('\n');
  const nav: string[] = [];
  if (day > site.firstDay) nav.push(a(ctx, site.scheme.day(dayToYmd(day - 1)), `‹ ${ui.previous}`));
  if (day < site.lastDay) nav.push(a(ctx, site.scheme.day(dayToYmd(day + 1)), `${ui.next} ›`));
  const ymd = dayToYmd(day);
  nav.push(a(ctx, site.scheme.calendar(ymd.year, ymd.month), ui.calendar));
  const main = `<h1>${ui.archive}: ${humanDay(ctx, day)}</h1>${items || `<p>${ui.noResults}</p>`}<nav class="pager">${nav.join(' ')}</nav>`;
  return layout(ctx, { title: `${ui.archive} ${isoDay(day)}`, main, aside: sidebar(ctx, `day-${day}`) });
}

/** A month grid; previous and next month links go on for ever (a spider trap). */
function calendarPage(ctx: Ctx, year: number, month: number): string {
  const { site } = ctx;
  const ui = bankFor(site.config.language).ui;
  const first = Date.UTC(year, month - 1, 1) / 86_400_000;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const offset = (new Date(first * 86_400_000).getUTCDay() + 6) % 7;
  const cells = [...Array<string>(offset).fill('<td></td>')];
  for (let d = 0; d < days; d++) {
    const day = first + d;
    const inSpan = day >= site.firstDay && day <= site.lastDay;
    cells.push(`<td>${inSpan ? a(ctx, site.scheme.day(dayToYmd(day)), String(d + 1)) : String(d + 1)}</td>`);
  }
  const rows: string[] = [];
  for (let r = 0; r < cells.length; r += 7) rows.push(`<tr>${cells.slice(r, r + 7).join('')}</tr>`);
  const prev = month === 1 ? { y: year - 1, m: 12 } : { y: year, m: month - 1 };
  const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
  const label = `${year}-${String(month).padStart(2, '0')}`;
  const main = `<h1>${ui.calendar} ${label}</h1><table class="calendar">${rows.join('')}</table>
<nav class="pager">${a(ctx, site.scheme.calendar(prev.y, prev.m), `‹ ${ui.previous}`, 'prev-month')} ${a(ctx, site.scheme.calendar(next.y, next.m), `${ui.next} ›`, 'next-month')}</nav>`;
  return layout(ctx, { title: `${ui.calendar} ${label}`, main, aside: sidebar(ctx, `calendar-${label}`) });
}

/** Search results; related searches and the next page always lead to new queries (a spider trap). */
function searchPage(ctx: Ctx, query: string, page: number): string {
  const { site } = ctx;
  const ui = bankFor(site.config.language).ui;
  const rng = Rng.of(site.config.seed, 'search', query, page);
  const results = rng.distinct(SEARCH_RESULTS, site.articleCount).map((i) => teaser(ctx, i, 3)).join('\n');
  const words = query === '' ? [] : query.split(/\s+/);
  const related = new Set<string>();
  for (let k = 0; k < RELATED_SEARCHES * 3 && related.size < RELATED_SEARCHES; k++) {
    const word = site.tags[rng.int(0, site.tags.length - 1)]!.label.toLowerCase();
    const next = (words.length < 3 ? [...words, word] : [...words.slice(0, -1), word]).join(' ');
    if (next !== query) related.add(next);
  }
  const relatedLinks = [...related].map((q) => a(ctx, site.scheme.search(q, 1), q)).join(' · ');
  const pages = [page > 1 ? a(ctx, site.scheme.search(query, page - 1), `‹ ${ui.previous}`) : '', a(ctx, site.scheme.search(query, page + 1), `${ui.next} ›`, 'next-page')];
  const main = `<h1>${ui.search}: ${escapeHtml(query)}</h1>${results}
<section class="related-searches"><h2>${ui.search}</h2><p>${relatedLinks}</p></section><nav class="pager">${pages.join(' ')}</nav>`;
  return layout(ctx, { title: `${ui.search}: ${query}`, main, aside: sidebar(ctx, `search-${query}-${page}`) });
}

/** About, contact, privacy, terms: prose that is not news (a trap for "has paragraphs ⇒ article"). */
function staticPage(ctx: Ctx, name: (typeof STATIC_PAGES)[number]): string {
  const { site } = ctx;
  const bank = bankFor(site.config.language);
  const rng = Rng.of(site.config.seed, 'static', name);
  const body = Array.from({ length: 3 }, () => `<p>${escapeHtml(paragraph(bank, rng, site.config.title, 3))}</p>`).join('');
  const mail = name === 'contact' ? `<p><a href="mailto:newsdesk@${site.config.name}.example.invalid">newsdesk@${site.config.name}.example.invalid</a></p>` : '';
  return layout(ctx, { title: bank.ui[name], main: `<h1>${bank.ui[name]}</h1>${body}${mail}` });
}

/** A sign-in form that returns to `next` (an article): per-article URLs that are not articles. */
function loginPage(ctx: Ctx, next: string): string {
  const ui = bankFor(ctx.site.config.language).ui;
  const main = `<h1>${ui.signIn}</h1><form method="post" action="${href(ctx, ctx.site.scheme.login(next))}">
<label>Email <input name="email" type="email"></label> <label>Password <input name="password" type="password"></label> <button>${ui.signIn}</button></form>
<p>${a(ctx, next, ui.previous)}</p>`;
  return layout(ctx, { title: ui.signIn, main });
}

function notFoundPage(ctx: Ctx): string {
  return layout(ctx, { title: '404', main: `<h1>404</h1><p>${a(ctx, '/', ctx.site.config.title)}</p>` });
}

/** The HTML of a route that renders as a page (not robots.txt, not a redirect). */
export function renderPage(site: SiteModel, route: Route, self: string): string {
  const ctx: Ctx = { site, self };
  switch (route.kind) {
    case 'home':
      return homePage(ctx);
    case 'article':
      return articlePage(ctx, route.index);
    case 'comments':
      return commentsPage(ctx, route.index);
    case 'gallery':
      return galleryPage(ctx, route.index);
    case 'section':
    case 'tag':
    case 'author':
      return listingPage(ctx, route.kind, route.index, route.page, route.pageCount);
    case 'day':
      return dayPage(ctx, route.day);
    case 'calendar':
      return calendarPage(ctx, route.year, route.month);
    case 'search':
      return searchPage(ctx, route.query, route.page);
    case 'static':
      return staticPage(ctx, route.name);
    case 'login':
      return loginPage(ctx, route.next);
    default:
      return notFoundPage(ctx);
  }
}

