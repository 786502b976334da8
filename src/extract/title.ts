/**
 * The title: every line and declared title that could be the page's title becomes a candidate,
 * described by what speaks for it (an `<h1>`, the `<title>`'s longest part, `og:title`, how many
 * of them agree…), and the candidate the fitted weights score highest wins. Pure: a layout tree
 * and the snapshot's head in, candidates and a choice out.
 *
 * Why a scored choice and not a rule: on WCXB-dev the truth is the `<title>`'s main part on 73 %
 * of the pages, the first `<h1>` on 65 %, `og:title` on 41 %, and one of the candidates below on
 * 96.5 %; every fixed order of those sources tried scored 70–77 %. Which source is right depends
 * on what else agrees with it, and the weights (title-weights.ts) say how much each sign counts.
 * scripts/fit-title.ts fits them with cross-validation grouped by site.
 */
import type { LayoutTree } from '../segment/tree.js';
import { UNKNOWN_PAGE_ORIGIN, type LayoutSnapshot } from '../types.js';
import type { PageType } from '../score/page-type.js';
import { decodeHTMLStrict } from 'entities';
import { collapseWhitespace } from '../segment/text.js';
import { repairMojibake } from '../text/mojibake.js';
import { TITLE_FEATURES, TITLE_WEIGHTS, type TitleFeature } from './title-weights.js';

/** A visible line that may be the headline. */
export interface TitleLine {
  id: number;
  text: string;
  tag: string;
  /** Its font size over the body's. */
  fontRatio: number;
  /** Before the body's first block in document order. */
  aboveBody: boolean;
}

/** Where a declared title came from. */
export type DeclaredKind = 'title' | 'json-ld' | 'og' | 'twitter' | 'dc';

/** What the title is chosen from: plain data, gathered from the tree by `titleSources`. */
export interface TitleSources {
  /** Visible h1s, h2s above the body and display lines above it, in document order. */
  lines: TitleLine[];
  declared: Array<{ kind: DeclaredKind; text: string }>;
  /** Names the site goes by (og:site_name, application-name) and its hostname's labels. */
  siteNames: string[];
  /** The page's type (score/page-type.ts): which source names a page differs by type. */
  pageType: PageType;
  /** The texts of links to the site's home page (a masthead, a logo's words): the site's own name. */
  homeNames?: string[];
  /** The hostname's labels that name the site ("promatcher" of electricians.promatcher.com). */
  hostNames?: string[];
  /** The page is its site's home page (its known URL's path is "/"): its title names the site. */
  home?: boolean;
}

export interface TitleCandidate {
  /** As the page shows it (a visible line's text), else as declared. */
  text: string;
  /** The visible line it is, when it is one. */
  id: number | null;
  /** Where it was found, for `--explain`: "h1", "title part 1 of 3", "og"… */
  sources: string[];
  features: Record<TitleFeature, number>;
  score: number;
}

/** What the title was chosen from, the candidates with their scores, and the one chosen (index into `candidates`, or -1). */
export interface TitleChoice {
  sources: TitleSources;
  candidates: TitleCandidate[];
  chosen: number;
  /** Why the chosen candidate is not the highest-scoring one, when it is not (withoutSiteSuffix). */
  reason?: string;
}

/** A headline is set at least this much larger than the body text. */
const HEADLINE_FONT_RATIO = 1.25;
/** A display line longer than this many characters is a paragraph, not a headline. */
const HEADLINE_MAX_CHARS = 300;
/** h2s above the body count as candidates up to this many (a sidebar's h2s come later). */
const MAX_H2 = 6;
/**
 * At most this many h1s and this many display lines are candidates, in document order, and a
 * declared title is read up to this many characters in at most this many parts: a hostile page's
 * thousands of headings or a megabyte `<title>` cost no more than a real page's.
 */
const MAX_H1 = 50;
const MAX_DISPLAY = 50;
const MAX_DECLARED_CHARS = 1000;
const MAX_PARTS = 12;

/**
 * Marks a heading ends with that are no part of it: the permalink anchors documentation
 * generators add ("Middleware¶" in Sphinx, "#" in many static-site themes, "§").
 */
const PERMALINK_MARKS = new Set(['¶', '§', '#', '🔗']);

/** Meta tags that declare a title, and the kind each is. */
const DECLARED_META: ReadonlyArray<[string, DeclaredKind]> = [
  ['og:title', 'og'],
  ['twitter:title', 'twitter'],
  ['dc.title', 'dc'],
];
const SITE_NAME_META = ['og:site_name', 'application-name', 'apple-mobile-web-app-title'];
/** Hostname labels that name no site ("www", the public suffix's usual parts). */
const HOST_NOISE = new Set(['www', 'm', 'amp', 'com', 'org', 'net', 'co', 'uk', 'de', 'fr', 'io', 'news', 'blog']);

/** Gathers the title's sources from the tree and the snapshot's head. */
export function titleSources(
  tree: LayoutTree,
  jsonLdHeadline: string | null,
  firstBodyId: number,
  bodyFontPx: number,
  pageType: PageType,
): TitleSources {
  const lines: TitleLine[] = [];
  let h2s = 0;
  let h1Count = 0;
  let displays = 0;
  const visibleSiteNames: string[] = [];
  const homeLinkNames: string[] = [];
  const home = homeAddresses(tree.snapshot.url);
  tree.nodes.forEach((node, id) => {
    if (node.kind === 'text' && !tree.hidden[id] && visibleSiteNames.length < MAX_COPYRIGHT_NAMES) {
      const holder = copyrightHolder(node.text);
      if (holder) visibleSiteNames.push(holder);
    }
    if (node.kind !== 'element' || tree.hidden[id]) return;
    if (node.tag === 'a' && home !== null && homeLinkNames.length < MAX_HOME_LINK_NAMES && home.has(node.attrs.href ?? '')) {
      const text = collapseWhitespace(headlineText(tree, id)).trim();
      if (text !== '' && text.length <= MAX_HOME_LINK_CHARS) homeLinkNames.push(text);
    }
    const aboveBody = id < firstBodyId;
    const fontRatio = bodyFontPx > 0 ? node.fontSizePx / bodyFontPx : 1;
    const h1 = node.tag === 'h1';
    const h2 = node.tag === 'h2' && aboveBody && h2s < MAX_H2;
    const display = !h1 && !h2 && aboveBody && fontRatio >= HEADLINE_FONT_RATIO && (tree.stats[id]?.textLength ?? 0) <= HEADLINE_MAX_CHARS && node.children.some((c) => tree.nodes[c]?.kind === 'text');
    if (!h1 && !h2 && !display) return;
    if ((h1 && h1Count >= MAX_H1) || (display && displays >= MAX_DISPLAY)) return;
    const text = headlineText(tree, id);
    if (wordsOf(text) === '') return;
    // A masthead: the site's name set large and linked to its home page, no headline.
    if (home !== null && linkedHome(tree, id, home)) return;
    if (h2) h2s++;
    if (h1) h1Count++;
    if (display) displays++;
    lines.push({ id, text, tag: display ? 'display' : node.tag, fontRatio, aboveBody });
  });
  const snapshot = tree.snapshot;
  const declared: TitleSources['declared'] = [];
  const add = (kind: DeclaredKind, text: string | null | undefined): void => {
    const value = text === null || text === undefined ? undefined : cleanTitleText(decodeEscapedTwice(text.slice(0, MAX_DECLARED_CHARS))).trim();
    if (value) declared.push({ kind, text: value });
  };
  add('title', snapshot.meta.title);
  add('json-ld', jsonLdHeadline);
  for (const [key, kind] of DECLARED_META) add(kind, metaValue(snapshot, key));
  // A visible headline escaped twice too ("SQL &#x26; AI" shown so in an h1) reads as its page
  // declares it, once decoded: only when a declared title holds it decoded, so that a page about
  // HTML whose headline shows "&amp;" on purpose keeps it.
  const declaredWords = declared.map((d) => ` ${wordsOf(d.text)} `);
  for (const line of lines) {
    const decoded = decodeEscapedTwice(line.text);
    if (decoded === line.text) continue;
    const words = wordsOf(decoded);
    if (words !== '' && declaredWords.some((d) => d.includes(` ${words} `))) line.text = decoded;
  }
  const siteNames = SITE_NAME_META.map((k) => metaValue(snapshot, k)).filter((v): v is string => v !== null);
  const hostNames = snapshot.url.startsWith(UNKNOWN_PAGE_ORIGIN) ? [] : hostLabels(snapshot.url);
  siteNames.push(...hostNames, ...visibleSiteNames, ...homeLinkNames);
  return { lines, declared, siteNames, pageType, homeNames: homeLinkNames, hostNames, home: isHomePage(snapshot.url) };
}

/** True when the line is all link text, of a link to the site's home page around it or inside it. */
function linkedHome(tree: LayoutTree, id: number, home: ReadonlySet<string>): boolean {
  const s = tree.stats[id];
  if (!s || s.textLength === 0 || s.linkTextLength < s.textLength) return false;
  for (let p = id, level = 0; p >= 0 && level < 4; p = tree.nodes[p]?.parent ?? -1, level++) {
    const el = tree.nodes[p];
    if (el?.kind === 'element' && el.tag === 'a') return home.has(el.attrs.href ?? '');
  }
  const end = Math.min(tree.subtreeEnd[id] ?? id + 1, id + 40);
  for (let i = id + 1; i < end; i++) {
    const el = tree.nodes[i];
    if (el?.kind === 'element' && el.tag === 'a' && home.has(el.attrs.href ?? '') && (tree.stats[i]?.textLength ?? 0) * 10 >= s.textLength * 9) return true;
  }
  return false;
}

/**
 * The text of a link to the site's home page names the site: an old blog's masthead is an `<h1>`
 * linked to its root ("Notes from Plot Eleven", Blogger, WordPress 2, Movable Type), which the
 * `<title>` repeats beside the post's own title and no `og:site_name` declares; a news site's
 * logo link says its name too. At most this many such links are read, of at most this many
 * characters.
 */
const MAX_HOME_LINK_NAMES = 3;
const MAX_HOME_LINK_CHARS = 60;

/**
 * The addresses of the page's site's home page: its origin's root (with and without the slash)
 * and, for a page two or more segments deep, its first segment's directory — a blog hosted under
 * a path (TypePad's host/blog_name/, a newspaper's /blogs/). Null for a saved page without an
 * address.
 */
function homeAddresses(url: string): Set<string> | null {
  if (url.startsWith(UNKNOWN_PAGE_ORIGIN)) return null;
  try {
    const parsed = new URL(url);
    if (parsed.origin === 'null') return null;
    const homes = new Set([`${parsed.origin}/`, parsed.origin]);
    const segments = parsed.pathname.split('/').filter((s) => s !== '');
    if (segments.length >= 2) homes.add(`${parsed.origin}/${segments[0]}/`);
    return homes;
  } catch {
    return null;
  }
}

/** Copyright lines read for the site's name; the first few on the page are enough. */
const MAX_COPYRIGHT_NAMES = 3;
/** Words a copyright line puts around the holder's name, left out of it. */
const COPYRIGHT_WORDS = new Set(['©', '(c)', 'copyright', 'copr.', '&copy;']);
/** Where the holder's name ends: the next sentence or field of the line. */
const HOLDER_ENDS = ['. ', '|', '·', '•', ',', ' - ', ' – ', ' — ', ';', ':'];
/** Longest holder taken as a site's name, in words (longer is a sentence). */
const MAX_HOLDER_WORDS = 6;

/**
 * The name a copyright line gives ("© Wessex Weekly 2025. Contact the newsroom…" → "Wessex
 * Weekly"): the page's own statement of whose it is, where no meta tag names the site (old pages
 * above all, whose `<title>` reads "Site :: Headline"). The words after the mark, without years,
 * up to the line's next field; null when the line has no mark or what follows is no name.
 * Plain string steps over the first 300 characters: no pattern scans the text.
 */
export function copyrightHolder(text: string): string | null {
  const head = text.slice(0, 300);
  const lower = head.toLowerCase();
  const at = Math.min(...['©', 'copyright', '(c)'].map((m) => lower.indexOf(m)).filter((i) => i >= 0));
  if (!Number.isFinite(at)) return null;
  let rest = head.slice(at);
  for (const end of HOLDER_ENDS) {
    const i = rest.indexOf(end);
    if (i > 0) rest = rest.slice(0, i);
  }
  const isYear = (w: string): boolean => {
    const digits = w.replace(/[–\-,.]/gu, '');
    return digits.length >= 4 && [...digits].every((c) => c >= '0' && c <= '9');
  };
  const words = rest
    .replace(/©/gu, ' © ')
    .split(/\s+/u)
    .filter((w) => w !== '' && !COPYRIGHT_WORDS.has(w.toLowerCase()) && !isYear(w));
  if (words.length > 1 && words[0]!.toLowerCase() === 'by') words.shift();
  let name = words.join(' ');
  while (name.endsWith('.')) name = name.slice(0, -1);
  if (words.length === 0 || words.length > MAX_HOLDER_WORDS || wordsOf(name) === '') return null;
  if (name.toLowerCase().startsWith('all rights')) return null;
  return name;
}

/** Every candidate with its features and score, and the best. */
export function chooseTitle(sources: TitleSources, weights: Readonly<Record<TitleFeature, number>> = TITLE_WEIGHTS): TitleChoice {
  const candidates = titleCandidates(sources);
  // The site's name as its home link shows it is no article's title while anything else is
  // offered: an old blog's `<title>` is "Blog Name: Post" or "Blog Name » Blog Archive » Post",
  // its masthead the blog's name, and nothing declares the site's name for the fitted `siteName`
  // sign to see.
  const home = sources.pageType === 'article' ? new Set((sources.homeNames ?? []).map(wordsOf).filter((w) => w !== '')) : new Set<string>();
  const isHome = (c: TitleCandidate): boolean => home.has(wordsOf(c.text));
  const others = candidates.some((c) => !isHome(c));
  let chosen = -1;
  for (const [i, c] of candidates.entries()) {
    c.score = round4(TITLE_FEATURES.reduce((sum, f) => sum + weights[f] * c.features[f], 0));
    if (others && isHome(c)) continue;
    if (chosen < 0 || c.score > candidates[chosen]!.score) chosen = i;
  }
  const top = chosen;
  if (chosen >= 0) chosen = withoutSiteSuffix(candidates, chosen);
  if (chosen !== top) return { sources, candidates, chosen, reason: `"${candidates[top]!.text}" scored highest; it is "${candidates[chosen]!.text}" and the site's name after a separator` };
  if (chosen >= 0) chosen = uncut(candidates, chosen);
  if (chosen !== top) return { sources, candidates, chosen, reason: `"${candidates[top]!.text}" scored highest; it is the start of "${candidates[chosen]!.text}", cut short` };
  return { sources, candidates, chosen };
}

/** An ellipsis that ends a title cut short for a card or a share box: "…", "...". */
const CUT_MARKS = ['…', '...'];

/**
 * A chosen title that only metadata declares and that ends with an ellipsis gives way to the
 * shortest candidate that goes on
 * from its words (the least added to what was cut): `twitter:title` cut to "Fully Functional Hair
 * Follicles Have Been Grown in The Lab For The..." while `og:title` holds the whole headline and
 * the `<title>` the same with ": science" after it (WCXB-dev 0562).
 */
function uncut(candidates: readonly TitleCandidate[], chosen: number): number {
  const cut = candidates[chosen]!;
  const text = cut.text.trimEnd();
  // Only a declared title, whole: a headline shown with its ellipsis ("Wrong refresh rate ...", a
  // forum thread's) or a `<title>`'s part before the site's name was written so, and the whole
  // `<title>` that goes on from it adds the site's name.
  const declaredWhole = cut.id === null && !cut.sources.some((s) => s.includes(' part '));
  if (!declaredWhole || !CUT_MARKS.some((mark) => text.endsWith(mark))) return chosen;
  const words = wordsOf(text);
  if (words === '') return chosen;
  let best = -1;
  let bestLength = Infinity;
  for (const [i, c] of candidates.entries()) {
    const own = wordsOf(c.text);
    if (i === chosen || !own.startsWith(`${words} `)) continue;
    if (own.length < bestLength || (own.length === bestLength && c.score > candidates[best]!.score)) {
      best = i;
      bestLength = own.length;
    }
  }
  return best >= 0 ? best : chosen;
}

/**
 * A chosen title that goes on past a separator with the site's name ("Vehicle rental News and
 * Reporting Coverage | WRAL", shown so in the h1 and the `<title>` alike) gives way to the
 * candidate it starts with, when the rest is a candidate that names the site exactly (its
 * `siteName` sign: `og:site_name`, `application-name`, a host label, the copyright holder). The
 * fitted weights hold a `withSitePart` sign, but a headline that every source agrees on outscores
 * its own part. Only an exact site name: a host label as the rest's first word ("… - comwrap auf
 * der DMEXCO 2018", AEB) is the headline's own wording. WCXB-dev title 81.3 → 81.4 % (2 pages
 * better, none worse), the samples and AEB's titles unchanged (`npm run bench:metadata -- --corpus
 * wcxb,samples,aeb --pages F`, compared with the parent commit's).
 */
function withoutSiteSuffix(candidates: readonly TitleCandidate[], chosen: number): number {
  const whole = candidates[chosen]!;
  if (!whole.features.withSitePart) return chosen;
  const words = wordsOf(whole.text);
  const siteNames = new Set(candidates.filter((c) => c.features.siteName).map((c) => wordsOf(c.text)));
  let best = -1;
  for (const [i, c] of candidates.entries()) {
    if (i === chosen || c.features.siteName) continue;
    const own = wordsOf(c.text);
    if (own === '' || !words.startsWith(`${own} `) || !siteNames.has(words.slice(own.length + 1))) continue;
    if (best < 0 || c.score > candidates[best]!.score) best = i;
  }
  return best >= 0 ? best : chosen;
}

/** The candidates, one per distinct wording (letters and digits, lower case), with their features. */
export function titleCandidates(sources: TitleSources): TitleCandidate[] {
  interface Draft {
    text: string;
    id: number | null;
    words: string;
    sources: string[];
    f: Record<TitleFeature, number>;
    /** Which kinds of source name it exactly: visible, title, meta. */
    kinds: Set<string>;
  }
  const drafts = new Map<string, Draft>();
  const draft = (text: string, words: string): Draft => {
    let d = drafts.get(words);
    if (!d) {
      d = { text, id: null, words, sources: [], f: Object.fromEntries(TITLE_FEATURES.map((f) => [f, 0])) as Record<TitleFeature, number>, kinds: new Set() };
      drafts.set(words, d);
    }
    return d;
  };

  // Visible lines. The page's own wording wins the candidate's display text.
  const h1s = sources.lines.filter((l) => l.tag === 'h1');
  const above = sources.lines.filter((l) => l.aboveBody);
  const nearest = above[above.length - 1];
  for (const line of sources.lines) {
    const words = wordsOf(line.text);
    const d = draft(line.text, words);
    if (d.id === null) {
      d.text = line.text;
      d.id = line.id;
    }
    d.kinds.add('visible');
    d.sources.push(line.tag);
    const f = d.f;
    if (line.tag === 'h1') {
      f.h1 = 1;
      if (line === h1s[0]) f.h1First = 1;
      if (line.aboveBody) f.h1AboveBody = 1;
      if (h1s.length === 1) f.h1Only = 1;
    } else if (line.tag === 'h2') f.h2AboveBody = 1;
    else f.display = 1;
    if (line === nearest) {
      f.nearestAbove = 1;
      if (line.tag === 'display' && h1s.length === 0) f.displayNoH1 = 1;
    }
    f.fontRatio = Math.max(f.fontRatio, Math.log2(Math.max(line.fontRatio, 0.5)));
  }

  // Declared titles, whole and in parts ("Headline | Section | Site"); on an article, "Site: Headline"
  // too (a home page's "Figma: The Collaborative Interface Design Tool" is its title whole).
  const prefixNames = sources.pageType === 'article' ? sources.siteNames : [];
  for (const { kind, text } of sources.declared) {
    const parts = splitTitle(text, prefixNames);
    const longest = parts.reduce((a, b) => (wordsOf(b).length > wordsOf(a).length ? b : a), parts[0] ?? text);
    const whole = draft(text, wordsOf(text));
    if (whole.words === '') continue;
    whole.sources.push(kind);
    whole.kinds.add(kind === 'title' ? 'title' : 'meta');
    if (kind === 'title') whole.f.titleWhole = 1;
    else if (kind === 'json-ld') whole.f.ldWhole = 1;
    else whole.f.metaWhole = 1;
    if (parts.length < 2) {
      if (kind === 'title') whole.f.titleUnsplit = 1;
      continue;
    }
    parts.forEach((part, i) => {
      const words = wordsOf(part);
      if (words === '' || words === whole.words) return;
      const d = draft(part, words);
      d.sources.push(`${kind} part ${i + 1} of ${parts.length}`);
      d.kinds.add(kind === 'title' ? 'title' : 'meta');
      if (kind === 'title') {
        d.f.titlePart = 1;
        if (i === 0) d.f.titlePartFirst = 1;
        if (i === parts.length - 1) d.f.titlePartLast = 1;
        if (part === longest) d.f.titlePartLongest = 1;
      } else d.f.metaPart = 1;
    });
  }

  // What the candidates say of each other, and of the site.
  const siteWords = new Set(sources.siteNames.map((n) => wordsOf(n)).filter((w) => w !== ''));
  const siteJoined = new Set([...siteWords].map((w) => w.replace(/ /gu, '')));
  const declaredWords = [...new Set(sources.declared.flatMap((d) => splitTitle(d.text, prefixNames).concat(d.text)).map(wordsOf).filter((w) => w !== ''))];
  const h1Words = [...new Set(h1s.map((l) => wordsOf(l.text)))];
  const h1Many = h1s.length >= 3;
  // A part is the site's: one of its names, or a part that starts with its host name ("AliExpress 7",
  // "ProMatcher Cost Report" on electricians.promatcher.com).
  const hostWords = new Set((sources.hostNames ?? []).map(wordsOf).filter((w) => w !== '' && !w.includes(' ')));
  const isSitePart = (words: string): boolean => words !== '' && (siteWords.has(words) || siteJoined.has(words.replace(/ /gu, '')) || hostWords.has(words.split(' ')[0]!));
  const out: TitleCandidate[] = [];
  for (const d of drafts.values()) {
    const f = d.f;
    f.agreeKinds = d.kinds.size - 1;
    if (d.kinds.has('visible')) {
      for (const p of declaredWords) {
        if (p === d.words) continue;
        // The declared title cut short ("…Best Practices & Upgrades" of the h1's "…Upgrades to Prevent Issues").
        if (d.words.startsWith(`${p} `)) f.extendsDeclared = 1;
        else if (p.includes(' ') && containsWords(d.words, p)) f.holdsDeclared = 1;
        // The h1 as the start of a longer declared title ("Hiking Boots" of "Hiking Boots: Shop Boots for…").
        if (p.startsWith(`${d.words} `)) f.startsDeclared = 1;
        else if (containsWords(p, d.words)) f.inDeclared = 1;
      }
      f.overlap = Math.max(0, ...declaredWords.filter((p) => p !== d.words).map((p) => jaccard(p, d.words)));
      if (declaredWords.length > 0 && !declaredWords.some((p) => jaccard(p, d.words) > 0)) {
        f.unrelated = 1;
        if (sources.pageType !== 'article') f.unrelatedNotArticle = 1;
      }
      if (f.h1 && h1Many) f.h1Many = 1;
    } else {
      if (h1Words.some((w) => w !== d.words && containsWords(w, d.words))) f.inVisible = 1;
      f.overlap = Math.max(0, ...h1Words.map((w) => jaccard(w, d.words)));
    }
    if (siteWords.has(d.words) || siteJoined.has(d.words.replace(/ /gu, ''))) {
      f.siteName = 1;
      if (sources.pageType === 'article') f.siteNameArticle = 1;
    }
    // Its parts name the site: the page's title shown whole as its headline, site and all.
    const parts = splitTitle(d.text, prefixNames);
    if (parts.length >= 2 && parts.some((part) => isSitePart(wordsOf(part)))) f.withSitePart = 1;
    const n = d.words.split(' ').length;
    if (n <= 2) f.short = 1;
    if (n > 25) f.long = 1;
    // Which source names a page depends on its type: an article's h1 is its headline, a service
    // page's h1 is often a slogan and its <title> names it.
    if (sources.home) {
      f.homeH1 = f.h1;
      f.homeTitleWhole = f.titleWhole;
      f.homeTitlePartFirst = f.titlePartFirst;
      f.homeTitlePartLast = f.titlePartLast;
    }
    const group = TYPE_GROUP[sources.pageType];
    if (group !== undefined) {
      f[`${group}H1`] = f.h1;
      f[`${group}TitlePart`] = f.titlePartLongest;
      f[`${group}TitleWhole`] = f.titleWhole;
    }
    out.push({ text: d.text, id: d.id, sources: d.sources, features: f, score: 0 });
  }
  return out;
}

/** Whether a page's URL (known, http or https) is its site's home page: the path "/" or none, with no query. */
function isHomePage(url: string): boolean {
  if (url.startsWith(UNKNOWN_PAGE_ORIGIN)) return false;
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && (u.pathname === '/' || u.pathname === '') && u.search === '';
  } catch {
    return false;
  }
}

/** "Headline | Section | Site" → its parts (the first MAX_PARTS); a title without separators is one part. */
export function splitTitle(title: string, siteNames: readonly string[] = []): string[] {
  // With the separators kept (odd indexes), so that a dash between two numbers ("Squad 2024 -
  // 2025", "Spurs 3 - 1 Leeds") is put back: a range or a score, not two parts.
  // Bullets, guillemets and slashes separate parts only with spaces on both sides ("TCP/IP" is one word).
  const pieces = title.split(/((?<!\s)\s+[|–—•·»/-]\s+|(?<!\s)\s*::\s*|\|)/u);
  const joined: string[] = [pieces[0] ?? ''];
  for (let i = 1; i + 1 < pieces.length; i += 2) {
    const separator = pieces[i]!;
    const next = pieces[i + 1]!;
    const last = joined[joined.length - 1]!;
    if (DASHES.has(separator.trim()) && isDigit(last.at(-1)) && isDigit(next[0])) joined[joined.length - 1] = `${last}${separator}${next}`;
    else joined.push(next);
  }
  const parts = joined.map((p) => p.trim()).filter((p) => p.length > 0).slice(0, MAX_PARTS);
  if (parts.length === 1) {
    const named = siteNamePrefix(parts[0]!, siteNames);
    if (named !== null) return named;
  }
  return parts.length > 0 ? parts : [title];
}

/**
 * "Site Name: Post title", Blogger's classic `<title>`: a colon separates parts only after a name
 * the site goes by (a colon inside a headline, "Brexit: what happens next", splits nothing), of
 * at least SITE_PREFIX_MIN_CHARS characters.
 */
function siteNamePrefix(title: string, siteNames: readonly string[]): string[] | null {
  const lower = title.toLowerCase();
  for (const name of siteNames) {
    const site = name.trim();
    if (site.length < SITE_PREFIX_MIN_CHARS || !lower.startsWith(`${site.toLowerCase()}:`)) continue;
    const rest = title.slice(site.length + 1).trim();
    if (rest !== '') return [title.slice(0, site.length), rest];
  }
  return null;
}
const SITE_PREFIX_MIN_CHARS = 4;

const DASHES = new Set(['-', '–', '—']);
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/**
 * A headline's visible text: text nodes in order, a space where a box that is not inline starts
 * or ends (a badge styled inline-block, "Info" before "Ultimate …", a <br>, a block inside the
 * h1), hidden parts left out, trailing permalink marks taken off. Parts marked `aria-hidden` are
 * left out too while the rest says something: an animated headline sets its words as decorative
 * copies (one for phones, one for desktops, hidden from assistive technology) beside the one
 * screen readers speak, and where the styles that choose between them did not load, all three
 * showed ("The productdevelopment… The product development… The product development…", WCXB-dev
 * 2834). The accessible wording is the headline; a headline wholly `aria-hidden` keeps its text.
 */
export function headlineText(tree: LayoutTree, id: number): string {
  const spoken = headlineParts(tree, id, true);
  return spoken !== '' ? spoken : headlineParts(tree, id, false);
}

function headlineParts(tree: LayoutTree, id: number, skipAriaHidden: boolean): string {
  const parts: string[] = [];
  const end = tree.subtreeEnd[id] ?? id + 1;
  const closes: number[] = [];
  for (let i = id + 1; i < end; i++) {
    while (closes.length > 0 && closes[closes.length - 1]! <= i) {
      closes.pop();
      parts.push(' ');
    }
    const node = tree.nodes[i];
    if (!node) continue;
    if (tree.hidden[i] || (skipAriaHidden && node.kind === 'element' && node.attrs.ariaHidden === true)) {
      i = (tree.subtreeEnd[i] ?? i + 1) - 1;
      continue;
    }
    if (node.kind === 'text') parts.push(cleanTitleText(node.text));
    else if (tree.isBlock[i] || (node.display !== 'inline' && node.display !== 'contents')) {
      parts.push(' ');
      closes.push(tree.subtreeEnd[i] ?? i + 1);
    }
  }
  let text = collapseWhitespace(parts.join('')).trim();
  for (let last = [...text.slice(-2)].pop(); last !== undefined && PERMALINK_MARKS.has(last); last = [...text.slice(-2)].pop()) {
    text = text.slice(0, -last.length).trimEnd();
  }
  return text;
}

/**
 * A declared title escaped twice by its page: `<meta property="og:title" content="Python, SQL
 * &amp;#x26; AI">` is "Python, SQL &#x26; AI" once the parser has read it, a reference no reader
 * should see (WCXB-dev 0244 chose it so). Its references are decoded once more, strictly (only
 * with their semicolon, so "Q&A" and "AT&T" stay as they are), by the `entities` package's decoder.
 */
function decodeEscapedTwice(text: string): string {
  return text.includes('&') && text.includes(';') ? decodeHTMLStrict(text) : text;
}

/**
 * Characters that format a line and show nothing: the soft hyphen (a break allowed inside
 * "Assis\u00adtance"), the zero-width space, word joiner and byte-order mark. A title keeps none
 * of them: "Home Repair Assis\u00adtance Program" is "Home Repair Assistance Program" to a
 * reader, to search and to every comparison of titles. (Not the zero-width joiners, which
 * shape Persian and emoji.)
 */
const INVISIBLES = /[\u00ad\u200b\u2060\ufeff]/gu;
/**
 * A title's text as its writer wrote it: UTF-8 misread as Latin-1 re-read ("Investorâ\u0080\u0099s
 * Guide", text/mojibake.ts), then the invisible characters out.
 */
function cleanTitleText(text: string): string {
  return repairMojibake(text).replace(INVISIBLES, '');
}

/** Letters and digits only, lower case, one space between words: how two titles are compared. */
export function wordsOf(text: string): string {
  return (text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
}

/**
 * Page types whose title sources behave alike, each with its own weights for an h1, the
 * `<title>`'s longest part and the whole `<title>`; an article (and `other`) is the base.
 */
const TYPE_GROUP: Partial<Record<PageType, 'shop' | 'service' | 'thread' | 'listing'>> = {
  product: 'shop',
  collection: 'shop',
  service: 'service',
  forum: 'thread',
  documentation: 'thread',
  listing: 'listing',
};

/** Shared words over all words of two word strings. */
function jaccard(a: string, b: string): number {
  const x = new Set(a.split(' '));
  const y = new Set(b.split(' '));
  let both = 0;
  for (const w of x) if (y.has(w)) both++;
  return both / (x.size + y.size - both);
}

/** Whether word string `outer` holds `inner` as whole words. */
function containsWords(outer: string, inner: string): boolean {
  return ` ${outer} `.includes(` ${inner} `);
}

function metaValue(snapshot: LayoutSnapshot, key: string): string | null {
  return snapshot.meta.metaTags.find((m) => m.key === key && m.content.trim() !== '')?.content.trim() ?? null;
}

/** "www.scratch-culinary.co.uk" → ["scratch-culinary"]: the labels that may name the site. */
function hostLabels(url: string): string[] {
  try {
    return new URL(url).hostname.split('.').filter((l) => l !== '' && !HOST_NOISE.has(l));
  } catch {
    return [];
  }
}

function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}
