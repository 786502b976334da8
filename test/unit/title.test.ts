/**
 * The title chooser (src/extract/title.ts): candidates from visible lines and declared titles,
 * scored by the fitted weights. Each case is a kind of page, in plain data.
 */
import { test, expect } from '@playwright/test';
import { chooseTitle, copyrightHolder, headlineText, splitTitle, titleSources, type TitleSources } from '../../src/extract/title.js';
import { buildLayoutTree } from '../../src/segment/tree.js';
import { el, idOf, p, snapshot, text } from './support/snapshot-builder.js';

const line = (id: number, text: string, tag = 'h1', fontRatio = 2, aboveBody = true) => ({ id, text, tag, fontRatio, aboveBody });
const page = (over: Partial<TitleSources>): TitleSources => ({ lines: [], declared: [], siteNames: [], pageType: 'article', ...over });
const chosen = (sources: TitleSources) => {
  const choice = chooseTitle(sources);
  return choice.candidates[choice.chosen];
};

test('the h1 that the <title> names, without the " | Site" part, as the page shows it', () => {
  const got = chosen(page({ lines: [line(5, 'Council approves the new bridge')], declared: [{ kind: 'title', text: 'Council Approves The New Bridge | Harrow Herald' }], siteNames: ['Harrow Herald'] }));
  expect(got?.text).toBe('Council approves the new bridge');
  expect(got?.id).toBe(5);
});

test('a <title> cut short: the headline as shown, whole', () => {
  const headline = 'Lead pipes still serve 41,000 homes in Port Ellery, and the deadline to replace them is slipping';
  const got = chosen(page({ lines: [line(2, 'THE ELLERY POST', 'display', 1.3), line(19, headline, 'display', 2.1)], declared: [{ kind: 'title', text: 'Lead pipes still serve 41,000 homes in Port Ellery | The Ellery Post' }] }));
  expect(got?.text).toBe(headline);
});

test('no h1 and a <title> that is only the site name: the large line just above the body', () => {
  const got = chosen(page({ lines: [line(3, 'Harrow Bridge to reopen before the summer', 'display', 2.2)], declared: [{ kind: 'title', text: 'Example News' }] }));
  expect(got?.text).toBe('Harrow Bridge to reopen before the summer');
});

test('the site name part of the <title> is not the title', () => {
  const got = chosen(page({ declared: [{ kind: 'title', text: 'Harrow Herald | Council approves the new bridge after a two-year wait' }], siteNames: ['Harrow Herald'] }));
  expect(got?.text).toBe('Council approves the new bridge after a two-year wait');
});

test("an old page's <title> \"Site :: Headline\" with the masthead shown above the headline: the copyright line names the site", () => {
  const headline = 'Village hall roof fund reaches its target';
  const sources = page({ lines: [line(6, 'Hollins Green Echo', 'display', 1.5), line(28, headline, 'h2', 1.75)], declared: [{ kind: 'title', text: `Hollins Green Echo :: ${headline}` }] });
  // Without a name for the site, the masthead's line (the first part, shown above the body) wins.
  expect(chosen(sources)?.text).toBe('Hollins Green Echo');
  const holder = copyrightHolder('© Hollins Green Echo 2025. A village newsletter since 1987');
  expect(holder).toBe('Hollins Green Echo');
  expect(chosen({ ...sources, siteNames: [holder!] })?.text).toBe(headline);
});

test("a copyright line's holder: the words after the mark, without years, up to the line's next field", () => {
  expect(copyrightHolder('Copyright © 2008-2024 The Example Times, Inc. All rights reserved.')).toBe('The Example Times');
  expect(copyrightHolder('©2025 BBC')).toBe('BBC');
  expect(copyrightHolder('Copyright 2019 by Jane Doe | Privacy policy')).toBe('Jane Doe');
  expect(copyrightHolder('(c) 2007 Hollins Green Echo')).toBe('Hollins Green Echo');
  for (const none of ['Copyright', '© All rights reserved', 'A paragraph of the article that names no holder.', '© 2025 the owners of this site and of every picture and word on it'])
    expect(copyrightHolder(none), none).toBeNull();
});

test('a service page whose h1 is a slogan: the <title> names the page', () => {
  const got = chosen(page({ pageType: 'service', lines: [line(4, 'Clarity, finally.')], declared: [{ kind: 'title', text: 'Todoist | A To-Do List to Organize Your Work & Life' }, { kind: 'og', text: 'Todoist | A To-Do List to Organize Your Work & Life' }], siteNames: ['todoist'] }));
  expect(got?.text).toBe('A To-Do List to Organize Your Work & Life');
});

test('every candidate is explained: its sources, its signs and its score; the chosen one scores highest', () => {
  const choice = chooseTitle(page({ lines: [line(5, 'Council approves the new bridge')], declared: [{ kind: 'title', text: 'Council approves the new bridge - Harrow Herald' }, { kind: 'og', text: 'Council approves the new bridge' }] }));
  expect(choice.candidates.map((c) => c.text).sort()).toEqual(['Council approves the new bridge', 'Council approves the new bridge - Harrow Herald', 'Harrow Herald'].sort());
  const top = choice.candidates[choice.chosen]!;
  expect(top.sources).toEqual(['h1', 'title part 1 of 2', 'og']);
  expect(top.features.agreeKinds).toBe(2);
  for (const c of choice.candidates) expect(c.score).toBeLessThanOrEqual(top.score);
});

test('a page with nothing to go by has no title', () => {
  expect(chooseTitle(page({})).chosen).toBe(-1);
});

test('a <title> splits at spaced separators, not inside words', () => {
  expect(splitTitle('Rock-climbing shoes - Outdoor Shop')).toEqual(['Rock-climbing shoes', 'Outdoor Shop']);
  expect(splitTitle('News :: World :: Story')).toEqual(['News', 'World', 'Story']);
  expect(splitTitle('One title')).toEqual(['One title']);
  // Bullets, middle dots, guillemets and slashes too, with spaces on both sides only.
  expect(splitTitle('A brief intro to git • Cory Dransfeldt')).toEqual(['A brief intro to git', 'Cory Dransfeldt']);
  expect(splitTitle('Arch ISO in 2024 / Arch Discussion / Arch Linux Forums')).toEqual(['Arch ISO in 2024', 'Arch Discussion', 'Arch Linux Forums']);
  expect(splitTitle('Home » Guides · Setting up TCP/IP')).toEqual(['Home', 'Guides', 'Setting up TCP/IP']);
});

test('a dash between two numbers is a range or a score, not a separator', () => {
  expect(splitTitle('Player - Squad 2024 - 2025 | The Fighting Cock')).toEqual(['Player', 'Squad 2024 - 2025', 'The Fighting Cock']);
  expect(splitTitle('Spurs 3 – 1 Leeds - Match report')).toEqual(['Spurs 3 – 1 Leeds', 'Match report']);
  expect(splitTitle('Page 2 - Archive')).toEqual(['Page 2', 'Archive']);
});

test('a hostile <title> of thousands of parts gives at most a dozen candidates', () => {
  const title = Array.from({ length: 20_000 }, (_, i) => `part ${i}`).join(' | ');
  expect(splitTitle(title).length).toBeLessThanOrEqual(12);
  expect(chooseTitle(page({ declared: [{ kind: 'title', text: title }] })).candidates.length).toBeLessThanOrEqual(13);
});

test("a headline shown with the site's name after a separator, in the h1 and the <title> alike, is the headline without it", () => {
  const shown = 'Vehicle rental News and Reporting Coverage | WRAL';
  const choice = chooseTitle(page({ pageType: 'listing', lines: [line(8, shown)], declared: [{ kind: 'title', text: shown }, { kind: 'og', text: shown }], siteNames: ['WRAL'] }));
  expect(choice.candidates[choice.chosen]?.text).toBe('Vehicle rental News and Reporting Coverage');
  // The candidate every source names scored highest; the explanation says why it was not taken.
  expect(Math.max(...choice.candidates.map((c) => c.score))).toBeGreaterThan(choice.candidates[choice.chosen]!.score);
  expect(choice.reason).toMatch(/site's name after a separator/u);
  // A rest that only starts with a word of the host is the headline's own wording.
  const own = 'Take C.A.R.E. - comwrap at DMEXCO 2018';
  const kept = chooseTitle(page({ lines: [line(3, own)], declared: [{ kind: 'title', text: own }], siteNames: ['comwrap'] }));
  expect(kept.candidates[kept.chosen]?.text).toBe(own);
  expect(kept.reason).toBeUndefined();
});

test('a declared title escaped twice by its page is read once more; a bare ampersand stays', () => {
  // <meta property="og:title" content="Python, SQL &amp;#x26; AI">: the parser leaves "&#x26;".
  const tree = buildLayoutTree(
    snapshot([p('A body paragraph long enough to be the body of the page, about the tools and nothing else.')], {
      meta: { title: 'Q&A: the data tools we use | Splunk', metaTags: [{ key: 'og:title', content: 'Python, SQL &#x26; AI &amp; more' }, { key: 'twitter:title', content: 'AT&T; and R&D;' }] },
    }),
  );
  const declared = titleSources(tree, null, 1, 16, 'article').declared;
  expect(declared).toContainEqual({ kind: 'og', text: 'Python, SQL & AI & more' });
  expect(declared).toContainEqual({ kind: 'title', text: 'Q&A: the data tools we use | Splunk' });
  // Not references: left as written (strictly, a reference ends with its semicolon and names one).
  expect(declared).toContainEqual({ kind: 'twitter', text: 'AT&T; and R&D;' });
});

test('a visible headline escaped twice reads as the page declares it; a headline that shows a reference on purpose keeps it', () => {
  const body = p('A body paragraph long enough to be the body of the page, about the tools and nothing else.');
  // <h1>Python, SQL &amp;#x26; AI</h1> shows "&#x26;"; the <title> says "&".
  const twice = buildLayoutTree(snapshot([el('h1', [text('Data tools for 2026 | Python, SQL &#x26; AI')]), body], { meta: { title: 'Data tools for 2026 | Python, SQL & AI | Splunk' } }));
  expect(titleSources(twice, null, 3, 16, 'article').lines[0]?.text).toBe('Data tools for 2026 | Python, SQL & AI');
  // A page about HTML whose headline shows the reference, and whose <title> shows it too.
  const meant = buildLayoutTree(snapshot([el('h1', [text('What &amp; means in HTML')]), body], { meta: { title: 'What &amp;amp; means in HTML' } }));
  expect(titleSources(meant, null, 3, 16, 'article').lines[0]?.text).toBe('What &amp; means in HTML');
});

test("a headline's aria-hidden copies are left out while the spoken wording remains; a wholly aria-hidden headline keeps its text", () => {
  // An animated hero headline: words for phones and for desktops, both aria-hidden, and the wording
  // screen readers speak. Without the styles that pick one, all three were read into the title.
  const animated = el('h1', { id: 'hero' }, [
    el('span', { ariaHidden: true }, [el('span', { display: 'inline-block' }, [text('The product')]), el('span', { display: 'inline-block' }, [text('system')])]),
    el('span', { ariaHidden: true }, [text('The product system')]),
    el('span', {}, [text('The product system')]),
  ]);
  const decorative = el('h1', { id: 'badge', ariaHidden: true }, [text('Weekend edition')]);
  const snap = snapshot([animated, decorative, p('A body paragraph long enough to be the body of the page, about the product and nothing else.')]);
  const tree = buildLayoutTree(snap);
  expect(headlineText(tree, idOf(snap, 'hero'))).toBe('The product system');
  expect(headlineText(tree, idOf(snap, 'badge'))).toBe('Weekend edition');
});

test('a declared title cut short with an ellipsis gives way to the least that goes on from it; a shown one does not', () => {
  // A submission's title: its first sentence and a summary, more than 25 words.
  const whole = 'Hair follicles grown in the lab for the first time. A mouse study found the missing link: a kind of cell that supports regrowth and sets off full growth of the hair and its attachment to the skin.';
  const cut = 'Hair follicles grown in the lab for the...';
  const choice = chooseTitle(
    page({
      pageType: 'forum',
      // An old Reddit thread: the subreddit's name and the sidebar's boxes are its h1s.
      lines: [line(3, 'science'), line(9, 'Submission Rules'), line(14, 'Comment Rules', 'h1', 2, false), line(30, 'MODERATORS', 'h1', 2, false)],
      declared: [{ kind: 'og', text: whole }, { kind: 'twitter', text: cut }],
      siteNames: ['reddit'],
    }),
  );
  // The cut copy scores highest (the whole one is long); it is not taken.
  expect(choice.candidates[choice.chosen]?.text).toBe(whole);
  expect(choice.reason).toMatch(/cut short/u);
  // A thread titled with its own ellipsis, and the `<title>` that adds the forum's name to it.
  const shown = 'Wrong refresh rate ...';
  const kept = chooseTitle(page({ pageType: 'forum', lines: [line(4, shown)], declared: [{ kind: 'title', text: `${shown} - Example Forum` }], siteNames: ['Example Forum'] }));
  expect(kept.candidates[kept.chosen]?.text).toBe(shown);
});

test("a site's home page: its whole <title> counts for more than on an inner page, its h1 for less (the fitted home signs)", () => {
  const sources = (home: boolean) =>
    page({ pageType: 'service', home, lines: [line(4, 'Find a therapist who takes your insurance')], declared: [{ kind: 'title', text: 'Alma — Simplifying Access to Therapy' }], siteNames: [] });
  const margin = (home: boolean): number => {
    const choice = chooseTitle(sources(home));
    const whole = choice.candidates.find((c) => c.text === 'Alma — Simplifying Access to Therapy')!;
    const h1 = choice.candidates.find((c) => c.id === 4)!;
    if (home) expect([whole.features.homeTitleWhole, h1.features.homeH1]).toEqual([1, 1]);
    else expect([whole.features.homeTitleWhole, h1.features.homeH1]).toEqual([0, 0]);
    return whole.score - h1.score;
  };
  expect(margin(true)).toBeGreaterThan(margin(false));
  expect(chosen(sources(true))?.text).toBe('Alma — Simplifying Access to Therapy');
});

test('a home page is one whose known address has the path "/" and no query', () => {
  const home = (url: string) => titleSources(buildLayoutTree(snapshot([p('Body text of the page.')], { url })), null, 0, 16, 'service').home;
  expect(home('https://www.example.com/')).toBe(true);
  expect(home('https://www.example.com')).toBe(true);
  expect(home('https://www.example.com/pricing')).toBe(false);
  expect(home('https://www.example.com/?page=2')).toBe(false);
  expect(home('http://saved.invalid/page.html')).toBe(false);
});
