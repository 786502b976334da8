/**
 * Which author a page's sources agree on (src/extract/metadata.ts, metadata-authors.ts): the
 * declared names that are no byline (a twitter handle, the publisher's own name), and bylines
 * the page shows in the places and shapes WCXB-dev's misses had them. Each test is one rule.
 */
import { test, expect } from '@playwright/test';
import { readMetadata } from '../../src/extract/metadata.js';
import { cleanDeclaredAuthor, looksLikePersonName, namesInByline, namesTheSite, withoutCredentials } from '../../src/extract/metadata-authors.js';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import type { SnapshotMeta } from '../../src/types.js';
import { a, el, p, snapshot, text, type Spec } from './support/snapshot-builder.js';
import { newsPage, paragraphs } from './support/pages.js';

/** The authors of a news page whose article opens with `byline` above its paragraphs. */
function authorsWith(byline: Spec[], meta: Partial<SnapshotMeta> = {}): string[] {
  const r = extractFromSnapshot(newsPage({ article: [...byline, ...paragraphs(5)], meta }));
  if (r.kind !== 'article') throw new Error('no article');
  return r.article.authors;
}

function metaOf(meta: Partial<SnapshotMeta>, bodyText = 'Some English body text.') {
  return readMetadata(snapshot([p(bodyText)], { meta }), bodyText);
}

test.describe('declared authors', () => {
  test('twitter:creator is a handle, not a byline: no author from it alone', () => {
    expect(metaOf({ metaTags: [{ key: 'twitter:creator', content: '@cassidoo' }] }).authors).toEqual([]);
  });

  test('an author meta key whose only value is a URL gives way to the next key that names someone', () => {
    const m = metaOf({
      metaTags: [
        { key: 'article:author', content: 'https://www.facebook.com/thespruceeats/' },
        { key: 'sailthru.author', content: 'Donna Currie' },
      ],
    });
    expect(m.authors).toEqual(['Donna Currie']);
  });
});

test.describe('bylines in more languages', () => {
  test('a role after the name signs it in Korean and Japanese ("김민준 기자", "佐伯健太記者"); a dateline label is no name ("입력 2024.11.21")', () => {
    expect(namesInByline('김민준 기자')).toEqual({ names: ['김민준'], introduced: true });
    expect(namesInByline('김민준기자 minjun.kim@hanbit.example')).toEqual({ names: ['김민준'], introduced: true });
    expect(namesInByline('佐伯健太記者').names).toEqual(['佐伯健太']);
    expect(namesInByline('입력 2024.11.21 14:32').names).toEqual([]);
    // The line Korean portals print under a headline, its spans set apart by margins only.
    const info = el('div', [el('span', [text('김민준 기자')]), el('span', [text('입력 2024.11.21 14:32')]), el('span', [text('수정 2024.11.21 17:05')])]);
    expect(authorsWith([info])).toEqual(['김민준']);
  });

  test('Indonesian "Penulis:" introduces the names; "di" inside a line is Indonesian "in", not Italian "by"', () => {
    expect(namesInByline('Penulis: Andi Saputra | Editor: Rina Marlina').names).toEqual(['Andi Saputra']);
    expect(namesInByline('Warga Keluhkan Parkir Liar di Trotoar Jalan Merdeka')).toEqual({ names: [], introduced: false });
    expect(namesInByline('di Mario Rossi')).toEqual({ names: ['Mario Rossi'], introduced: true });
  });

  test('Arabic "كتبت:", Hindi "लेखक:" and Persian "نویسنده:" introduce the names, which have no capitals to look like names by', () => {
    expect(namesInByline('كتبت: نورة السعدي')).toEqual({ names: ['نورة السعدي'], introduced: true });
    expect(namesInByline('लेखक: अजय मिश्रा')).toEqual({ names: ['अजय मिश्रा'], introduced: true });
    expect(authorsWith([p('كتبت: نورة السعدي', { fontSizePx: 13 })])).toEqual(['نورة السعدي']);
    // Persian "نویسنده:" (writer) and "خبرنگار:" (reporter).
    expect(namesInByline('نویسنده: مریم احمدی')).toEqual({ names: ['مریم احمدی'], introduced: true });
    expect(authorsWith([p('خبرنگار: مریم احمدی', { fontSizePx: 13 })])).toEqual(['مریم احمدی']);
  });
});

test.describe('credentials and job titles', () => {
  test('a declared name with credentials is a person\'s: it stays over a visible job title', () => {
    expect(withoutCredentials('Jeffrey A. Slotnick CPP, PSP')).toBe('Jeffrey A. Slotnick');
    expect(withoutCredentials('Doris Munoz-Mantilla, MD, FOMA')).toBe('Doris Munoz-Mantilla');
    expect(withoutCredentials('Jane Doe PhD')).toBe('Jane Doe');
    expect(authorsWith([el('div', { class: 'author-title' }, [text('Media Consultant')])], { metaTags: [{ key: 'author', content: 'Jeffrey A. Slotnick CPP, PSP' }] })).toEqual(['Jeffrey A. Slotnick CPP, PSP']);
  });

  test('two words ending in a role are a job title, not a name; a desk keeps its name', () => {
    expect(namesInByline('Media Consultant').names).toEqual([]);
    expect(namesInByline('By Staff Writer').names).toEqual([]);
    expect(namesInByline('By Resy Staff').names).toEqual(['Resy Staff']);
  });
});

test.describe('the publisher is no byline', () => {
  test('a name is the site\'s when it equals, holds or is held by the publisher\'s or the site\'s name', () => {
    expect(namesTheSite('British Heart Foundation', ['British Heart Foundation'])).toBe(true);
    expect(namesTheSite('Help Net Security Sponsored', ['Help Net Security'])).toBe(true);
    expect(namesTheSite('Five Books', ['Five Books Ltd'])).toBe(true);
    expect(namesTheSite('Jack Shepherd', ['The Social Shepherd'])).toBe(false);
    // a short site name is not looked for inside a person's
    expect(namesTheSite('Vox Miller', ['Vox'])).toBe(false);
  });

  test('a megabyte site name costs what a short one does', () => {
    const started = performance.now();
    const m = metaOf({ metaTags: [{ key: 'og:site_name', content: 'Five Books '.repeat(100_000) }, { key: 'author', content: 'Five Books' }] });
    expect(m.authors).toEqual(['Five Books']);
    expect(performance.now() - started).toBeLessThan(500);
  });

  test('a declared author that is the publisher, though shaped like a person\'s name, yields to the visible byline', () => {
    const ld = JSON.stringify({ '@type': 'Article', headline: 'H', author: { '@type': 'Organization', name: 'British Heart Foundation' }, publisher: { '@type': 'Organization', name: 'British Heart Foundation' } });
    expect(authorsWith([el('div', { class: 'byline' }, [text('By Tracy Parker')])], { jsonLd: [ld] })).toEqual(['Tracy Parker']);
    // the site itself declared yields to any visible byline that is not the site, a username too
    const site = JSON.stringify({ '@type': 'Article', headline: 'H', author: 'Instructables', publisher: { '@type': 'Organization', name: 'Instructables' } });
    expect(authorsWith([el('div', { class: 'header-byline' }, [text('By '), a('MixmasterFred', 'https://www.instructables.example/member/MixmasterFred', { rel: 'author' })])], { jsonLd: [site] })).toEqual(['MixmasterFred']);
    // a person declared is kept over the visible name
    const person = JSON.stringify({ '@type': 'Article', headline: 'H', author: 'Jane Smith', publisher: { '@type': 'Organization', name: 'British Heart Foundation' } });
    expect(authorsWith([el('div', { class: 'byline' }, [text('By Tracy Parker')])], { jsonLd: [person] })).toEqual(['Jane Smith']);
  });
});

test.describe('reading a byline\'s words', () => {
  test('bylines of more languages: "Oleh", "بقلم", "מאת", "Kirjoittaja"; labels with a colon only ("Yazan:", "Tekst:", "Redacción:")', () => {
    expect(namesInByline('Oleh Budi Santoso').names).toEqual(['Budi Santoso']);
    expect(namesInByline('بقلم محمد علي').names).toEqual(['محمد علي']);
    expect(namesInByline('מאת דנה כהן').names).toEqual(['דנה כהן']);
    expect(namesInByline('Kirjoittaja Matti Virtanen').names).toEqual(['Matti Virtanen']);
    expect(namesInByline('Yazan: Ali Veli').names).toEqual(['Ali Veli']);
    expect(namesInByline('Redacción: Luis García').names).toEqual(['Luis García']);
    expect(namesInByline('Tekst: Jan Kowalski').names).toEqual(['Jan Kowalski']);
    // Without the colon, "Tekst" is a word of the text.
    expect(namesInByline('Tekst Jan Kowalski').introduced).toBe(false);
  });

  test('a credit ("Powered by", "Photo by", "Theme by") is no byline; a byline beside it still is', () => {
    expect(namesInByline('Powered by Invision Community').names).toEqual([]);
    expect(namesInByline('Theme by Jane Smith').names).toEqual([]);
    expect(namesInByline('Photo by John Smith · By Jane Doe').names).toEqual(['Jane Doe']);
    expect(namesInByline('By Jane Doe · Photo by John Smith').names).toEqual(['Jane Doe']);
  });

  test('an idiom with the same word on both sides of "by" ("Step by Step Guide", "side by side") is no byline', () => {
    expect(namesInByline('DIY Solar Panel Installation: Step by Step Guide').names).toEqual([]);
    expect(namesInByline('Side By Side Comparison').names).toEqual([]);
    expect(namesInByline('Step by step, by Jane Doe').names).toEqual(['Jane Doe']);
  });

  test("a listing's control or heading (\"Sort by\", \"Shop by\", \"Jobs by\") is no byline", () => {
    expect(namesInByline('Sort by Best Selling').names).toEqual([]);
    expect(namesInByline('Shop by Category').names).toEqual([]);
    expect(namesInByline('Jobs by Working Schedule').names).toEqual([]);
    expect(namesInByline('Browse by Topic').names).toEqual([]);
    expect(namesInByline('By Jane Doe').names).toEqual(['Jane Doe']);
  });

  const lines: Array<[string, string[]]> = [
    ['Written by · Eliz - Product marketer', ['Eliz']],
    ['by Jon Foster - 2025-09-13', ['Jon Foster']],
    ['Posted by BeauHD on Friday December 19, 2025 @08:00PM from the skewed-job-market dept.', ['BeauHD']],
    ['by ALLIN ONE on Jan 22, 2025', ['ALLIN ONE']],
    ['Posted by Colin Watson on Wed 17 December 2025 in debusine, freexian, planet-debian', ['Colin Watson']],
    ['Contributors: Janet Loughrey', ['Janet Loughrey']],
    ['Started by Biology Forums, June 04, 2024, 11:23:55 AM', ['Biology Forums']],
    ['by Will Judd Former Deputy Tech Editor', ['Will Judd']],
    ['Reviewed by Justin C. Meserole, Trial Attorney at Morgan & Morgan, on December 9, 2024.', ['Justin C. Meserole']],
  ];
  for (const [line, names] of lines) {
    test(`the line ${JSON.stringify(line)}`, () => expect(namesInByline(line).names).toEqual(names));
  }

  test('"By clicking …", "by signing up" is a sentence, not a byline', () => {
    expect(namesInByline('By clicking "Sign Up", you are consenting to our terms').names).toEqual([]);
    expect(namesInByline('By signing up, you agree to our Privacy Policy').names).toEqual([]);
    expect(namesInByline('By Sterling Moss').names).toEqual(['Sterling Moss']);
  });

  test('a username with digits is a name; a count, a time or an ordinal is not', () => {
    expect(namesInByline('asked by user447274').names).toEqual(['user447274']);
    expect(namesInByline('Posted by josh_wilmot90').names).toEqual(['josh_wilmot90']);
    expect(namesInByline('By 12 comments').names).toEqual([]);
    expect(namesInByline('By 10am').names).toEqual([]);
  });

  test('a template\'s empty author ("By default", "By undefined") is no name', () => {
    expect(namesInByline('By default').names).toEqual([]);
    expect(namesInByline('By undefined').names).toEqual([]);
  });

  test('a sentence where the first name should be is followed by no names', () => {
    expect(namesInByline('Written by · She is a marketing professional who writes about clinics, practice management, and more').names).toEqual([]);
  });

  test('a clause after the names with a role word in it is their role, whole, even where "and" joins its words', () => {
    expect(cleanDeclaredAuthor('Paul Frew, Home and Digital Security Expert')).toEqual(['Paul Frew']);
    expect(cleanDeclaredAuthor('Julie Weisenhorn, Natalie Hoidal, Extension horticulture educators')).toEqual(['Julie Weisenhorn', 'Natalie Hoidal']);
    expect(namesInByline('By Jane Smith and Tom Okafor, Staff Writers').names).toEqual(['Jane Smith', 'Tom Okafor']);
    // Without a role word a later clause is another name.
    expect(namesInByline('By Jane Smith, Tom Okafor and Ann Lee').names).toEqual(['Jane Smith', 'Tom Okafor', 'Ann Lee']);
  });

  test('a role glued to the name after it is parted from it and read as a role', () => {
    expect(namesInByline('By Mateusz HabernyFounder').names).toEqual(['Mateusz Haberny']);
    // A capital inside a name is no role's.
    expect(namesInByline('By Danielle DeSiato').names).toEqual(['Danielle DeSiato']);
    expect(namesInByline('By Ronald McDonald').names).toEqual(['Ronald McDonald']);
  });

  test('"contributors" introduces names only as a label with a colon', () => {
    expect(namesInByline('Contributors to Wikimedia projects').introduced).toBe(false);
  });

  test('a declared field keeps its name whole: a lone hyphen, a capitalised "On", a place word', () => {
    expect(cleanDeclaredAuthor('GURUS - Drupal')).toEqual(['GURUS - Drupal']);
    expect(cleanDeclaredAuthor('Audiophile On')).toEqual(['Audiophile On']);
    expect(cleanDeclaredAuthor('Center for Drug Evaluation and Research')).toEqual(['Center for Drug Evaluation and Research']);
  });

  test('names with an apostrophe after the first capital are person\'s names', () => {
    expect(looksLikePersonName("Aoife O'Riordan")).toBe(true);
    expect(looksLikePersonName('Tom O’Neil')).toBe(true);
    expect(looksLikePersonName("AOIFE O'RIORDAN")).toBe(false);
  });
});

test.describe('bylines the page shows', () => {
  test('text after a block\'s end is a new field: "<p>Luke Kim</p><span>December 17, 2025</span>" names Luke Kim', () => {
    const byline = el('div', { class: 'resource-author' }, [el('p', [text('Luke Kim')]), el('span', [text('December 17, 2025')])]);
    expect(authorsWith([byline])).toEqual(['Luke Kim']);
  });
});

test.describe('a byline line in the body\'s first blocks', () => {
  test('"By Preetam Jinka" on a line of its own is the byline; a sentence that says "by" is not', () => {
    const body = (first: string): string[] => {
      const r = extractFromSnapshot(newsPage({ article: [el('div', { class: 'post-content' }, [p(first), ...paragraphs(5)])] }));
      if (r.kind !== 'article') throw new Error('no article');
      return r.article.authors;
    };
    expect(body('By Preetam Jinka')).toEqual(['Preetam Jinka']);
    expect(body('The bridge was built by Thomas Telford in 1826, and it has stood since.')).toEqual([]);
  });
});

test.describe('an author box with a biography', () => {
  const bio = 'is a growth-focused marketing professional who writes about healthcare technology, practice management and the software that small clinics run on, and has done so for ten years across three continents and many publications.';
  test('its first line is the author when it is a name and nothing else', () => {
    const box = el('div', { class: 'blog_author-wrapper' }, [el('div', [text('Lauren Vetter')]), el('p', [text(`Lauren Vetter ${bio}`)])]);
    expect(authorsWith([box])).toEqual(['Lauren Vetter']);
  });

  test('a label on the first line ("Written By") is no name', () => {
    const box = el('div', { class: 'post-author-wrapper' }, [el('div', [text('Written By')]), el('p', [text(`She ${bio}`)])]);
    expect(authorsWith([box])).toEqual([]);
  });
});

test.describe('byline classes', () => {
  test('the name inside an author box under the headline is the author; a comment author\'s name is not', () => {
    const box = el('div', { class: 'elementor-author-box' }, [
      el('h4', { class: 'elementor-author-box__name' }, [text('Liz Kenny')]),
      el('p', { class: 'elementor-author-box__bio' }, [text('Former McKinsey consultant who writes about careers.')]),
    ]);
    expect(authorsWith([box])).toEqual(['Liz Kenny']);
    const comment = el('div', { class: 'comment-box' }, [el('span', { class: 'comment-author-name' }, [text('Liz Kenny')])]);
    expect(authorsWith([comment])).toEqual([]);
  });

  test('an "authorization-link" (a shop\'s Sign In) is no byline element', () => {
    expect(authorsWith([el('ul', [el('li', { class: 'link authorization-link' }, [a('Sign In', 'https://shop.example/customer/account/login')])])])).toEqual([]);
  });
});
