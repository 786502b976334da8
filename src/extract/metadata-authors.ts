/**
 * Author names from a byline as pages write it: "By Priya Lal, Transport Correspondent ·
 * Published 14 May 2024, 06:00" → ["Priya Lal"]; "Live coverage by Aoife Dunleavy and Ciarán
 * Molloy · Last updated 14:10" → ["Aoife Dunleavy", "Ciarán Molloy"]; "Автор: Дарья Лапина" →
 * ["Дарья Лапина"]; "记者 李明" → ["李明"].
 *
 * The text is read as words in one pass (split at whitespace and at a few separator marks); no
 * pattern runs over the whole text, and a byline longer than MAX_BYLINE_CHARS is not one. Pure.
 */

/** A byline is short: a longer text is a paragraph that happens to contain "by". */
export const MAX_BYLINE_CHARS = 250;
/** A name has at most this many words ("Maria de la Cruz Fernández" is five). */
const MAX_NAME_WORDS = 5;

/**
 * Words that introduce the names, lower case (the names follow the last of them that comes
 * before any name): "By", "Words by", "Posted by", "Von", "Par", "Por", "Door", "Di", "Av",
 * "Автор:", "Текст:", "作者", "记者", "文/", "編集".
 */
const INTRODUCERS = new Set([
  'by', 'von', 'par', 'por', 'door', 'di', 'av', 'af', 'автор', 'авторы', 'текст', 'author', 'authors', 'written', 'escrito',
  'autor', 'autorin', 'auteur', 'autore', '作者', '记者', '文', '撰文', '編集', '著者',
  // Indonesian and Malay "oleh", Arabic "بقلم" ("by the pen of"), Hebrew "מאת", Finnish "kirjoittaja".
  'oleh', 'بقلم', 'מאת', 'kirjoittaja',
]);
/** Introducers that are another language's common preposition when not the first word. */
const START_ONLY_INTRODUCERS = new Set(['di']);

/**
 * Words that introduce the names only as a label, with a colon: "Contributors: Janet Loughrey"
 * (not "Contributors to Wikimedia projects"), Turkish "Yazan:", "Tekst:", "Texto:",
 * "Redacción:", Hungarian "Szerző:", Polish "Napisał:", Arabic "كتبت:", Hindi "लेखक:", Persian "نویسنده:".
 */
const LABEL_INTRODUCERS = new Set([
  'contributor', 'contributors', 'yazan', 'yazar', 'tekst', 'texto', 'redacción', 'szerző', 'napisał', 'napisała',
  // Arabic "كتب:" / "كتبت:" (he / she wrote) and "إعداد:" (prepared by); Hindi "लेखक:" (writer);
  // Indonesian and Malay "Penulis:" (writer) and "Reporter:", Vietnamese "Tác giả:" is two words;
  // Persian "نویسنده:" (writer) and "خبرنگار:" (reporter).
  'كتب', 'كتبت', 'إعداد', 'लेखक', 'penulis', 'reporter', 'wartawan', 'نویسنده', 'خبرنگار',
]);

/**
 * Words before "by" that make it a credit, not a byline: "Powered by Invision Community", "Theme
 * by …", "Photo by …", "Illustration by …" name software, a designer or a photographer. A forum's
 * "Powered by" footer line read as its author on three WCXB-dev threads. And words that make it a
 * listing's control or heading: "Sort by Best Selling", "Shop by Category", "Jobs by Working
 * Schedule", "Browse by topic" (two WCXB-dev listings got such a byline).
 */
const CREDIT_WORDS = new Set([
  'powered', 'hosted', 'designed', 'developed', 'built', 'theme', 'made', 'supported', 'brought', 'followed', 'liked',
  'protected', 'inspired', 'photo', 'photos', 'photograph', 'photographs', 'photography', 'image', 'images', 'picture',
  'pictures', 'illustration', 'illustrations', 'graphic', 'graphics', 'video', 'cover',
  'sort', 'sorted', 'filter', 'filtered', 'shop', 'browse', 'search', 'jobs', 'order', 'ordered', 'group', 'grouped',
]);

/** A lower-case word in -ing ("clicking", "signing", "submitting"): after "by", a sentence goes on. */
const GERUND = /^\p{Ll}{2,}ing$/u;

/** A CJK introducer written without a space before the name. */
const GLUED_INTRODUCER = /^(作者|记者|撰文)(\p{L}{1,6})$/u;

const GLUED_BY = /^(By)(\p{Lu}\p{L}{0,40})$/u;

/**
 * Marks that end the names: what follows is a date, a role, a reading time or a share button.
 * "," is handled apart (it may separate two names or a name and a role).
 */
const STOPS = new Set(['·', '⋅', '∙', '|', '•', '—', '–', '/', '(', ')', '[', ']', '｜', '丨', '，', '。', '\n']);

/** Words that join two names. */
const JOINERS = new Set(['and', '&', 'und', 'et', 'y', 'e', 'и', 'en', 'och', 'og', 'i', 'oraz', '和', '、']);

/**
 * Words that make a comma part a role or a place, not a name ("Transport Correspondent",
 * "Staff Writer", "Senior Editor", "Contributor"), lower case. A part holding any of them is
 * dropped; words after " at " / " in " (a place: "Lewis Achterberg at Holm Lane") are cut.
 */
const ROLE_WORDS = new Set([
  'correspondent', 'editor', 'reporter', 'writer', 'staff', 'contributor', 'columnist', 'journalist', 'photographer',
  'producer', 'analyst', 'editorial', 'desk', 'team', 'senior', 'chief', 'deputy', 'associate', 'contributing', 'special',
  'political', 'business', 'science', 'health', 'technology', 'sports', 'sport', 'news', 'press', 'published', 'updated',
  'posted', 'min', 'minute', 'minutes', 'read', 'comments', 'comment', 'share', 'follow', 'email', 'twitter', 'updated:',
  'founder', 'co-founder', 'cofounder', 'ceo', 'cto', 'lead', 'reviewer', 'expert', 'manager', 'director', 'head', 'architect',
  'consultant', 'specialist', 'officer', 'president', 'owner', 'executive', 'author', 'gardener', 'astrologer', 'former',
  'attorney', 'lawyer', 'writers', 'editors', 'reporters', 'contributors', 'experts', 'educator', 'educators',
  'redakteur', 'redakteurin', 'korrespondent', 'korrespondentin', 'rédacteur', 'rédactrice', 'journaliste', 'корреспондент',
  'редактор', 'photos', 'photo', 'photographs', 'pictures', 'video', 'illustration', 'illustrations', 'words',
]);
/** Role words that end a desk's name and stay in it ("TOI Lifestyle Desk", "The Upwork Team", "Resy Staff"). */
const DESK_WORDS = new Set(['team', 'desk', 'staff', 'editors', 'newsroom', 'expert']);
/** Words that make a part a date or counter label, never a name. */
const DATE_WORDS = new Set(['published', 'updated', 'posted', 'modified', 'min', 'read', 'comments', 'views', 'share']);
/**
 * Words after which the rest is a place, an affiliation or a date: "at Holm Lane", "in Brussels",
 * "for The Times", "on Friday December 19, 2025".
 */
const PLACE_WORDS = new Set(['at', 'in', 'for', 'from', 'on', 'aus', 'à', 'en', 'в', 'из']);
/** Words that mean the text is not a byline at all (a date label or a count). */
const NOT_A_NAME = new Set([
  'published', 'updated', 'posted', 'last', 'on', 'am', 'le', 'el', 'the', 'a', 'an', 'share', 'comments',
  // The labels of a CJK dateline, which a name-sized word before a date would otherwise be read as:
  // Korean "입력 2024.11.21" (posted), "수정" (edited), "등록", "승인", "발행", "업데이트"; Chinese
  // "发布", "发布时间", "更新", "时间", "日期", "来源"; Japanese "配信", "公開", "更新日", "投稿日", "掲載".
  '입력', '수정', '등록', '승인', '발행', '업데이트', '기사입력', '최종수정',
  '发布', '发布时间', '更新', '更新时间', '时间', '日期', '来源', '發布', '時間',
  '配信', '公開', '公開日', '更新日', '投稿日', '掲載', '掲載日', '最終更新',
]);

/**
 * Roles written after the name, as Korean and Japanese papers sign: "김민준 기자" (reporter),
 * "박서연 특파원" (correspondent), "佐伯健太記者", "山田花子特派員". The name is the word before the
 * role, or the letters the role is glued to.
 */
const SUFFIX_ROLES = ['기자', '특파원', '선임기자', '객원기자', '記者', '特派員', '編集委員', '論説委員'];
const GLUED_SUFFIX_ROLE = new RegExp(`^(\\p{L}{2,6}?)(${SUFFIX_ROLES.join('|')})$`, 'u');

/** One visible piece of a byline: a word, or a separator mark. */
type Piece = { word: string } | { mark: string };

/** Letters, digits, apostrophes, dots and hyphens make words; CJK runs are words too. */
function pieces(text: string, dashHyphens: boolean): Piece[] {
  const out: Piece[] = [];
  let word = '';
  const flush = (): void => {
    if (word) out.push({ word });
    word = '';
  };
  for (const ch of text) {
    if (/\s/u.test(ch)) {
      // A hyphen standing alone parts fields as a dash does ("Eliz - Product marketer", "Jon Foster - 2025-09-13").
      if (word === '-' && dashHyphens) {
        out.push({ mark: '–' });
        word = '';
      } else flush();
    }
    else if (STOPS.has(ch) || ch === ',' || ch === ':' || ch === ';' || ch === '、' || ch === '：') {
      flush();
      out.push({ mark: ch === '：' ? ':' : ch });
    } else word += ch;
  }
  flush();
  return out;
}

const lower = (p: Piece): string => ('word' in p ? p.word.toLowerCase().replace(/[:.]$/u, '') : '');

export interface BylineReading {
  /**
   * The text is a machine field (JSON-LD, meta), which writes its names whole: a hyphen standing
   * alone is part of one ("GURUS - Drupal") and a place word does not end the list ("Center for
   * Drug Evaluation and Research"). Default: a line the page shows, where " - " parts fields
   * ("Eliz - Product marketer") and what follows a place or a date is no name.
   */
  field?: boolean;
}

/**
 * The names in a byline text, cleaned; [] when it names none. `introduced` says whether the
 * text had an introducer ("By …"), which callers use to trust a text found by its words alone.
 */
export function namesInByline(raw: string, options: BylineReading = {}): { names: string[]; introduced: boolean } {
  const text = raw.normalize('NFKC').trim();
  if (text === '' || text.length > MAX_BYLINE_CHARS) return { names: [], introduced: false };
  const lineReading = !(options.field ?? false);
  const all = pieces(text, lineReading);
  // Start after the last introducer that comes before the first stop mark with a name after it.
  let start = 0;
  let introduced = false;
  let credited = false;
  for (let i = 0; i < all.length; i++) {
    const p = all[i]!;
    if ('mark' in p && STOPS.has(p.mark) && introduced && i > start) break;
    const before = all[i - 1];
    const next = all[i + 1];
    // "Powered by …" is a credit; "By clicking …", "by signing up", "by using this site" a
    // sentence (a lower-case word in -ing after "by"): neither names an author.
    const credit = before !== undefined && CREDIT_WORDS.has(lower(before));
    const sentence = next !== undefined && 'word' in next && GERUND.test(next.word);
    // "Step by Step Guide", "side by side", "one by one": the same word on both sides is an idiom.
    const idiom = before !== undefined && next !== undefined && 'word' in before && 'word' in next && lower(before) === lower(next);
    if ('word' in p && lower(p) === 'by' && (credit || sentence || idiom)) {
      credited = true;
      continue;
    }
    const colonAfter = next !== undefined && 'mark' in next && next.mark === ':';
    // Italian "di" introduces only as the line's first word ("di Mario Rossi"): inside a line it is
    // Indonesian and Malay "in, at" ("Parkir Liar di Trotoar Jalan Merdeka" named no author).
    const misplaced = i > 0 && START_ONLY_INTRODUCERS.has(lower(p));
    if ('word' in p && !misplaced && (INTRODUCERS.has(lower(p)) || (LABEL_INTRODUCERS.has(lower(p)) && colonAfter))) {
      // "written by" / "words by": the introducer is the last of them
      start = i + 1;
      introduced = true;
      if (all[start] && 'mark' in all[start]! && (all[start] as { mark: string }).mark === ':') start++;
    } else if ('word' in p && !introduced) {
      // an introducer glued to the name: "记者李明", "BySara" (two inline elements without a space)
      const glued = GLUED_INTRODUCER.exec(p.word) ?? GLUED_BY.exec(p.word);
      if (glued && glued[2]) {
        all[i] = { word: glued[2] };
        start = i;
        introduced = true;
      }
    }
  }
  // A credit with no byline beside it ("Powered by Invision Community") names no author.
  if (credited && !introduced) return { names: [], introduced: false };
  // No word before the names: a role after one signs it ("김민준 기자", "佐伯健太記者").
  if (!introduced) {
    for (let i = 0; i < all.length; i++) {
      const p = all[i]!;
      if (!('word' in p)) continue;
      const before = all[i - 1];
      const name = SUFFIX_ROLES.includes(p.word) && before !== undefined && 'word' in before ? before.word : GLUED_SUFFIX_ROLE.exec(p.word)?.[1];
      if (name !== undefined && CJK.test(name) && !NOT_A_NAME.has(name)) return { names: [name], introduced: true };
    }
  }
  // The names run until a stop mark.
  const run: Piece[] = [];
  for (let i = start; i < all.length; i++) {
    const p = all[i]!;
    if ('mark' in p && STOPS.has(p.mark)) {
      if (run.length > 0) break;
      continue;
    }
    run.push(p);
  }
  // Split at commas, semicolons and joiners into candidate names; each part remembers the clause
  // (between commas or semicolons) it came from.
  const parts: string[][] = [];
  const clauseOf: number[] = [];
  let clause = 0;
  let current: string[] = [];
  const close = (): void => {
    if (current.length > 0) {
      parts.push(current);
      clauseOf.push(clause);
    }
    current = [];
  };
  for (const p of run) {
    if ('mark' in p) {
      close();
      clause++;
      continue;
    }
    if (JOINERS.has(p.word.toLowerCase())) close();
    else current.push(p.word);
  }
  close();
  // A later clause with a role word in it is the first names' role, whole: "Paul Frew, Home and
  // Digital Security Expert" names one person, not "Home" and "Digital Security Expert" too (a
  // desk's word counts here: a desk is named first, not after a person).
  const roleClauses = new Set<number>();
  parts.forEach((part, i) => {
    if (clauseOf[i]! > 0 && part.some((w) => ROLE_WORDS.has(w.toLowerCase()) || DESK_WORDS.has(w.toLowerCase()))) roleClauses.add(clauseOf[i]!);
  });
  const names: string[] = [];
  for (const [index, part] of parts.entries()) {
    if (roleClauses.has(clauseOf[index]!)) continue;
    const name = cleanName(part, index === 0);
    if (name) names.push(name);
    // A sentence where the first name should be ("Written by · She is a marketing professional who
    // writes about …, practice management, …"): what follows its commas is no list of names.
    else if (index === 0 && part.length > MAX_NAME_WORDS) break;
    // On a page's line, after a place or a date ("Colin Watson on Wed 17 December 2025 in debusine,
    // freexian") the parts that follow are its own, not more names.
    if (lineReading && part.some((w, i) => i > 0 && PLACE_WORDS.has(w))) break;
  }
  return { names, introduced };
}

/**
 * A name glued to the role set after it in another element ("Mateusz HabernyFounder": the name and
 * its "Founder" badge without a space): the role parted from the name, so that it is read as one.
 * Only a capitalised role word after a lower-case letter; "McDonald" and "DeSiato" stay whole.
 */
function ungluedRole(word: string): string[] {
  for (let i = word.length - 1; i > 1; i--) {
    const c = word[i]!;
    if (c.toLowerCase() === c || c.toUpperCase() !== c) continue;
    const before = word[i - 1]!;
    if (before.toUpperCase() === before) return [word];
    const tail = word.slice(i);
    return ROLE_WORDS.has(tail.toLowerCase()) ? [word.slice(0, i), tail] : [word];
  }
  return [word];
}

/** A candidate name's words, or null when they are a role, a place, a date or too many words. */
function cleanName(words: string[], first: boolean): string | null {
  let kept = words.flatMap(ungluedRole);
  // The first part keeps "Resy Staff" or "Marketing Team" (a byline may name a desk), cut before a
  // role that follows the name ("Rasmus Barslund Founder"); a later part that holds a role word is
  // the first one's role ("Priya Lal, Transport Correspondent").
  const role = kept.findIndex((w) => ROLE_WORDS.has(w.toLowerCase()));
  if (first && role >= 2 && !DESK_WORDS.has(kept[role]!.toLowerCase()) && kept.slice(0, role).every((w) => /^\p{Lu}/u.test(w))) kept = kept.slice(0, role);
  else if (first && role >= 0 && kept.some((w) => DATE_WORDS.has(w.toLowerCase()))) return null;
  // Two words ending in a role are a job title, not a name ("Media Consultant", "Staff Writer").
  else if (first && kept.length <= 2 && ROLE_WORDS.has(kept[kept.length - 1]!.toLowerCase()) && !DESK_WORDS.has(kept[kept.length - 1]!.toLowerCase())) return null;
  // Written in lower case: a capitalised "On", "In" or "For" is part of a name ("Audiophile On").
  const place = kept.findIndex((w, i) => i > 0 && PLACE_WORDS.has(w));
  if (place > 0) kept = kept.slice(0, place);
  kept = kept.map((w) => w.replace(/^@/u, ''));
  // A CJK name is one word: what follows a space is the next field ("周雨桐 参与评论").
  if (kept.length > 1 && CJK.test(kept[0]!)) kept = kept.slice(0, 1);
  if (kept.length === 0 || kept.length > MAX_NAME_WORDS) return null;
  // Digits make a date, a time or a count ("22nd", "10am", "12 comments") — not a username that
  // starts with a letter ("user447274", "Ejp55230"), which forums and Q&A sites show as the name.
  const countLike = (w: string): boolean => /\d/u.test(w) && !USERNAME.test(w);
  if (kept.some((w) => (!first && ROLE_WORDS.has(w.toLowerCase()) && !DESK_WORDS.has(w.toLowerCase())) || DATE_WORDS.has(w.toLowerCase()) || countLike(w) || /https?:|www\.|@/u.test(w))) return null;
  if (kept.length === 1 && (NOT_A_NAME.has(kept[0]!.toLowerCase()) || TEMPLATE_WORDS.has(kept[0]!.toLowerCase()))) return null;
  if (kept.every((w) => NOT_A_NAME.has(w.toLowerCase()))) return null;
  // A name has a letter; a lone short Latin word ("staff", "admin") is not one unless CJK.
  if (!kept.some((w) => /\p{L}/u.test(w))) return null;
  let name = kept.join(' ');
  // Trailing punctuation off, by a loop (a `[.,:;]+$` pattern rescans runs of marks).
  while (name.length > 0 && '.,:;'.includes(name[name.length - 1]!)) name = name.slice(0, -1);
  name = name.trim();
  return name.length >= 2 ? name : null;
}

/** A username: a letter, then letters, digits, "_" or "." ("user447274", "josh_wilmot90"). */
const USERNAME = /^\p{L}[\p{L}\p{N}_.]{1,40}$/u;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * A capitalised word with lower-case letters ("Mei-Lin", "McNamara"), or a capital, an apostrophe
 * and a capital ("O'Neil", "D'Souza", "O’Riordan"); an all-caps "USA TODAY" is a masthead.
 */
const NAME_WORD = /^\p{Lu}(\p{Ll}|['’]\p{Lu})[\p{L}'’-]*$/u;
/** "J.", "J.R.", "A" */
const INITIALS = /^(\p{Lu}\.?){1,3}$/u;
const NAME_PARTICLES = new Set(['de', 'da', 'di', 'van', 'von', 'der', 'den', 'la', 'le', 'du', 'bin', 'al', 'el', 'dos', 'del', 'ten', 'ter']);

/** Two to four capitalised words of letters (with - ' . inside): "Mei-Lin Foster", "Tom O'Neil". */
export function looksLikePersonName(name: string): boolean {
  const words = name.split(' ');
  if (words.length < 2 || words.length > 4) return CJK.test(name) && name.length <= 4;
  return words.every((w) => NAME_WORD.test(w) || INITIALS.test(w) || NAME_PARTICLES.has(w)) && !words.every((w) => NAME_PARTICLES.has(w));
}

/** A credential after a name: "CPP", "M.D.", "PhD", "RN" (a capital, then capitals or dots; or PhD). */
const CREDENTIAL = /^(\p{Lu}[\p{Lu}.]{1,6}|Ph\.?D\.?)$/u;

/**
 * The name a declared author's value holds, without the credentials after it: "Jeffrey A.
 * Slotnick CPP, PSP" → "Jeffrey A. Slotnick", "Doris Munoz-Mantilla, MD" → "Doris Munoz-Mantilla".
 */
export function withoutCredentials(value: string): string {
  const words = (value.split(',')[0] ?? '').trim().split(/\s+/u);
  while (words.length > 2 && CREDENTIAL.test(words[words.length - 1]!)) words.pop();
  return words.join(' ');
}

/** What a template prints when its author variable is empty (visible too: "By default"). */
const TEMPLATE_WORDS = new Set(['undefined', 'null', 'none', 'n/a', 'unknown', 'default']);
/** …and in a machine field, the account that published the page. */
const PLACEHOLDERS = new Set([...TEMPLATE_WORDS, 'admin', 'administrator']);

/** Path segments under which a site keeps its people's pages ("/author/jane-doe", "/user/jonb", "/members/ajay.123"). */
const PROFILE_PATH_WORDS = new Set([
  'author', 'authors', 'user', 'users', 'u', 'profile', 'profiles', 'member', 'members', 'people', 'person', 'staff',
  'writer', 'writers', 'contributor', 'contributors', 'journalist', 'journalists', 'autor', 'autoren', 'auteur', 'auteurs',
]);

/** Link texts of account pages, squashed (letters and digits only, lower case). */
const ACCOUNT_WORDS = new Set(['login', 'logout', 'signin', 'signout', 'signup', 'register', 'account', 'myaccount', 'settings', 'profile', 'join', 'subscribe', 'quickstart']);
/** Words of a title or a sentence, never of a name or a handle. */
const TITLE_WORDS = new Set(['of', 'the', 'their', 'to', 'for', 'with', 'a', 'an', 'on', 'how', 'what', 'your', 'our', 'my', 'is', 'are']);

/** The runs of letters and digits of a text, lower case. */
const wordsOf = (text: string): string[] => text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
/** Letters and digits only, lower case. */
const squash = (text: string): string => wordsOf(text).join('');

/** A site's name shorter than this (letters, digits and spaces) is not looked for inside an author's. */
const MIN_SITE_NAME_CHARS = 4;

/**
 * Whether an author's name is the publisher's or the site's name, holds one of them word for word
 * ("Help Net Security Sponsored", "The Commercial Appeal"), or is held by one ("Five Books" of
 * "Five Books Ltd"). Such a name is the organisation, not the person a byline would name.
 */
export function namesTheSite(name: string, siteNames: readonly string[]): boolean {
  const spaced = (text: string): string => ` ${wordsOf(text).join(' ')} `;
  const author = spaced(name);
  if (author.trim().length < MIN_SITE_NAME_CHARS) return false;
  return siteNames.some((site) => {
    const own = spaced(site);
    return own.trim().length >= MIN_SITE_NAME_CHARS && (author.includes(own) || own.includes(author));
  });
}

/**
 * Whether a link is to the page of the person its text names: the last segment of its path
 * spells the text ("/author/jane-doe" for "Jane Doe", "/user/jonb" for "JonB", "/@cassidoo" for
 * "cassidoo"), under a path word for people (or as an "@name"). A forum names a post's author
 * that way, as a username no name-shape test would accept.
 */
export function isProfileLink(href: string, text: string): boolean {
  let segments: string[];
  try {
    segments = new URL(href, 'http://page.invalid/').pathname.split('/').filter((s) => s !== '');
  } catch {
    return false;
  }
  const last = segments[segments.length - 1];
  if (!last || text.length > 60) return false;
  let slug: string;
  try {
    slug = decodeURIComponent(last);
  } catch {
    slug = last;
  }
  // "Log in" (/user/login) and "My account" spell their paths too; a title ("Proof of Usefulness") is no name.
  if (ACCOUNT_WORDS.has(squash(text)) || text.split(/\s+/u).some((w) => TITLE_WORDS.has(w.toLowerCase()))) return false;
  const underPeople = segments.length >= 2 && PROFILE_PATH_WORDS.has(segments[segments.length - 2]!.toLowerCase());
  if (!underPeople && !slug.startsWith('@')) return false;
  const spelled = squash(slug);
  // "jonb", "jane-doe"; a numeric id or a slug with an id suffix ("ajay.12345") spells the text's start
  return spelled.length >= 2 && (spelled === squash(text) || (spelled.startsWith(squash(text)) && /^\d+$/u.test(spelled.slice(squash(text).length)) && squash(text).length >= 3));
}

/**
 * Author names from a machine field (JSON-LD `author`, meta `author`): URLs and handles dropped,
 * "By" and roles taken off. The value is split into several names only when every part looks like
 * a person's name ("Jane Smith, Tom Okafor"); otherwise it is one name ("Center for Drug
 * Evaluation and Research").
 */
export function cleanDeclaredAuthor(value: string): string[] {
  const v = value.normalize('NFKC').trim();
  if (v === '' || PLACEHOLDERS.has(v.toLowerCase()) || /^https?:\/\//iu.test(v) || v.length > MAX_BYLINE_CHARS) return [];
  const { names } = namesInByline(v, { field: true });
  if (names.length > 1 && names.every(looksLikePersonName)) return names;
  if (names.length === 1) return names;
  const whole = v.replace(/^(by|von|par|por)\s+/iu, '').replace(/^@/u, '').trim();
  if (whole === '' || /\d{4}|https?:|www\./u.test(whole) || whole.split(' ').length > 12) return names;
  return [whole];
}
