/**
 * What the site's style sheet hid, which a saved page lays out as text (src/extract/profiles/unseen.ts):
 * a menu tree (a list of links with lists nested in its items) and screen-reader text leave the
 * body; flat lists of links, a list of prose items and text whose class only
 * says "hidden" stay. The article profile reads the same marks (a nested table of contents, a screen-reader heading).
 */
import { test, expect } from '@playwright/test';
import { buildLayoutTree } from '../../src/segment/tree.js';
import { insideMenuTrees, insideScreenReaderText, UNSEEN_PARAMS } from '../../src/extract/profiles/unseen.js';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import { a, el, idOf, p, snapshot, text, textId, type ElSpec } from './support/snapshot-builder.js';

/** A firm's service page: `before` above its main column, `main` in it, then its closing call to talk. */
function servicePage(main: ElSpec[], before: ElSpec[] = []): ReturnType<typeof snapshot> {
  const closing = [el('h2', [text('Talk to our team')]), p('Call us or book a meeting online; we answer within one working day and the first meeting costs nothing at all.')];
  return snapshot([...before, el('main', [el('h1', [text('HR consulting services')]), ...main, ...closing])], { url: 'https://firm.example/services/hr-consulting/' });
}

const SERVICES: Record<string, string[]> = {
  'Audit and assurance': ['Audits, reviews and compilations', 'Employee benefit plan audits', 'Attestation services for service firms'],
  'Tax planning': ['Estate and trust tax solutions', 'Specialised tax services for families', 'Transaction tax planning'],
  'Advisory services': ['Business transformation consulting', 'Cybersecurity advisory for small firms', 'Post-acquisition integration'],
};

/** A drop-down menu as a site builds it, outside any <nav>: each section an item holding a list of links. */
function menuTree(props: Record<string, string> = { id: 'dropdown', class: 'hero-select__list' }): ElSpec {
  return el(
    'ul',
    props,
    Object.entries(SERVICES).map(([section, links]) =>
      el('li', [a(section, `https://firm.example/${encodeURIComponent(section)}`), el('ul', { class: 'children' }, links.map((l) => el('li', [a(l, `https://firm.example/s/${encodeURIComponent(l)}`)])))]),
    ),
  );
}

test('a list of links with lists nested in its items is a menu tree; a flat list of links and a nested list of prose are not', () => {
  const flat = el('ul', { id: 'flat' }, ['One story of the day', 'Another story of the day', 'A third story', 'A fourth story', 'A fifth story', 'A sixth story', 'A seventh story'].map((t) => el('li', [a(t)])));
  const prosey = el('ul', { id: 'prosey' }, [
    el('li', [text('Every plan includes a named adviser who reads your books each quarter and answers within a day. '), el('ul', [el('li', [text('Quarterly reviews by phone or in person')]), el('li', [text('A written summary after each one')])])]),
    ...['Payroll handled for you', 'Year-end accounts filed on time', 'Advice on grants', 'A yearly planning day'].map((t) => el('li', [text(t)])),
  ]);
  const page = snapshot([menuTree(), flat, prosey, p('The page goes on.')]);
  const inside = insideMenuTrees(buildLayoutTree(page));
  expect(inside[idOf(page, 'dropdown')]).toBe(1);
  expect(inside[textId(page, 'Employee benefit plan audits')]).toBe(1);
  expect(inside[idOf(page, 'flat')]).toBe(0);
  expect(inside[textId(page, 'A seventh story')]).toBe(0);
  expect(inside[idOf(page, 'prosey')]).toBe(0);
  expect(inside[textId(page, 'The page goes on.')]).toBe(0);
  // Fewer items than the bound: a pair of links with one sub-link is no menu.
  const small = snapshot([el('ul', { id: 'small' }, [el('li', [a('Home'), el('ul', [el('li', [a('Sub page')])])]), el('li', [a('About')])])]);
  expect(UNSEEN_PARAMS.menuMinItems).toBeGreaterThan(3);
  expect(insideMenuTrees(buildLayoutTree(small))[idOf(small, 'small')]).toBe(0);
});

test("screen-reader text is known by its class's whole name, not by a class that only says hidden", () => {
  const page = snapshot([
    el('div', { id: 'sr', class: 'drawer visually-hidden' }, [p('Shop all socks and slippers for the whole family')]),
    el('span', { id: 'wp', class: 'screen-reader-text' }, [text('Opens in a new window')]),
    el('div', { id: 'xs', class: 'hidden-xs' }, [p('Shown on wide screens only, and content there')]),
    el('div', { id: 'plain', class: 'content' }, [p('The page itself.')]),
  ]);
  const inside = insideScreenReaderText(buildLayoutTree(page));
  expect(inside[idOf(page, 'sr')]).toBe(1);
  expect(inside[textId(page, 'Shop all socks and slippers for the whole family')]).toBe(1);
  expect(inside[textId(page, 'Opens in a new window')]).toBe(1);
  expect(inside[idOf(page, 'xs')]).toBe(0);
  expect(inside[textId(page, 'The page itself.')]).toBe(0);
});

test("a design system's namespaced screen-reader class is one too; Tailwind's inverse and a class that only contains the letters are not", () => {
  const page = snapshot([
    el('span', { id: 'usa', class: 'usa-sr-only' }, [text('Official website of the United States government')]),
    el('span', { id: 'bem', class: 'share-widget__sr-only' }, [text('Share on social media')]),
    el('span', { id: 'price', class: 'plp-price__sr-text' }, [text('Current price')]),
    el('a', { id: 'skip', class: 'sr-only focus:not-sr-only', href: '#main' }, [text('Skip to content')]),
    el('span', { id: 'inverse', class: 'md:not-sr-only' }, [text('Shown on wide screens')]),
    el('div', { id: 'word', class: 'usr-profile' }, [p('A profile box, shown')]),
  ]);
  const inside = insideScreenReaderText(buildLayoutTree(page));
  expect(inside[idOf(page, 'usa')]).toBe(1);
  expect(inside[idOf(page, 'bem')]).toBe(1);
  expect(inside[idOf(page, 'price')]).toBe(1);
  // `sr-only` by its whole name still counts, whatever else the element carries.
  expect(inside[idOf(page, 'skip')]).toBe(1);
  expect(inside[idOf(page, 'inverse')]).toBe(0);
  expect(inside[idOf(page, 'word')]).toBe(0);
});

test("a service page's own copy stays; the drop-down menu laid out inside it and the screen-reader drawer above it leave the service profile's body", () => {
  // Without their style sheet, both are laid out as text, and the service profile's block model
  // (at its calibration) takes them both.
  const copy = [
    'Our consultants help employers build human resources practices that keep good people and meet every regulation that applies to them.',
    'We start with a full review of your handbook, your pay structure and your hiring process, and report what to change first and why.',
    'From there we can run the work with your team, train your managers, or take over payroll and benefits administration entirely.',
    'Clients in manufacturing, health care and construction have used the programme to cut turnover by a third within two years.',
    'Every engagement has a fixed fee agreed before the work begins, and a named partner who answers for the results it brings.',
  ];
  const page = servicePage(
    [p(copy[0]!), el('div', { class: 'hero-select' }, [menuTree()]), ...copy.slice(1).map((c) => p(c))],
    [el('div', { class: 'mobile-drawer visually-hidden' }, [p('Menu and search for every service area of the firm, from audit to wealth management and more.')])],
  );
  const result = extractFromSnapshot(page);
  expect(result.kind).toBe('article');
  if (result.kind !== 'article') return;
  expect(result.explanation.profile?.profile).not.toBe('article');
  for (const c of copy) expect(result.article.text).toContain(c);
  expect(result.article.text).not.toContain('Employee benefit plan audits');
  expect(result.article.text).not.toContain('Cybersecurity advisory for small firms');
  expect(result.article.text).not.toContain('every service area of the firm');
});

test("screen-reader labels inside a card's price line leave the wider profile's text; the price stays", () => {
  // A shop's price line as themes build it: the labels are for screen readers, the price for everyone.
  const shoes = [
    ['Trail Runner Two', 'Light mesh upper and a grippy sole for muddy paths', '$120'],
    ['Road Racer Pro', 'A carbon plate and a light foam for race day', '$180'],
    ['Everyday Walker', 'Soft foam for long days on your feet in town', '$90'],
    ['Winter Hiker', 'Waterproof leather and a warm lining for cold days', '$150'],
    ['Court Classic', 'A leather upper on a cupsole, in plain white', '$80'],
    ['Studio Slip-On', 'Stretch knit that is easy on and easy off', '$70'],
  ];
  const card = ([name, summary, price]: string[]): ElSpec =>
    el('li', { class: 'product-card' }, [
      el('h3', [a(name!, `https://shop.example/p/${encodeURIComponent(name!)}`)]),
      p(summary!),
      el('p', { class: 'price' }, [el('span', { class: 'visually-hidden' }, [text('Regular price ')]), text(price!), el('span', { class: 'visually-hidden' }, [text(' Unit price / per')])]),
    ]);
  const page = snapshot(
    [
      el('main', [
        el('h1', [text("Men's shoes")]),
        p('Shoes for every day and every trail, chosen and tested by our team of runners and walkers.'),
        el('ul', { class: 'grid' }, shoes.map(card)),
      ]),
    ],
    { url: 'https://shop.example/collections/mens-shoes' },
  );
  const result = extractFromSnapshot(page);
  expect(result.kind).toBe('article');
  if (result.kind !== 'article') return;
  expect(result.explanation.profile?.profile).toBe('collection');
  for (const [name, , price] of shoes) {
    expect(result.article.text).toContain(name!);
    expect(result.article.text).toContain(price!);
  }
  expect(result.article.text).not.toContain('Regular price');
  expect(result.article.text).not.toContain('Unit price');
  expect(result.article.html).not.toContain('Regular price');
});

test("on a service page a sentence said again outside a list is a copy (a carousel's cloned slide) and is kept once; a plan's features listed again stay", () => {
  const copy = [
    'Our consultants help employers build human resources practices that keep good people and meet every regulation that applies to them.',
    'We start with a full review of your handbook, your pay structure and your hiring process, and report what to change first and why.',
    'From there we can run the work with your team, train your managers, or take over payroll and benefits administration entirely.',
    'Every engagement has a fixed fee agreed before the work begins, and a named partner who answers for the results it brings.',
  ];
  const quote = 'They rebuilt our whole hiring process in six weeks and our turnover fell by a third within the year.';
  const shared = 'Handbook review by a senior consultant';
  // A carousel library clones its slides before and after the real ones, so that it can loop.
  const slide = (clone: boolean): ElSpec => el('div', { class: clone ? 'slide slide-clone' : 'slide' }, [p(quote), p('Dana Whitfield, operations director')]);
  const plan = (name: string, extra: string): ElSpec =>
    el('div', { class: 'plan' }, [el('h3', [text(name)]), el('ul', [el('li', [text(shared)]), el('li', [text('A written report on what to change first')]), el('li', [text(extra)])])]);
  const page = servicePage([
    ...copy.map((c) => p(c)),
    el('h2', [text('Plans')]),
    plan('Essentials', 'Two manager workshops a year'),
    plan('Complete', 'Payroll and benefits run for you'),
    el('h2', [text('What our clients say')]),
    el('div', { class: 'testimonial-track' }, [slide(true), slide(false), slide(true)]),
  ]);
  const result = extractFromSnapshot(page);
  expect(result.kind).toBe('article');
  if (result.kind !== 'article') return;
  expect(result.explanation.profile?.profile).toBe('service');
  for (const c of copy) expect(result.article.text).toContain(c);
  expect(result.article.text.split(quote).length - 1).toBe(1);
  expect(result.article.text.split(shared).length - 1).toBe(2);
});

test("an article's nested table of contents and its screen-reader labels leave the article profile's body too; its paragraphs stay", () => {
  // A travel guide as blogs build it: a table of contents whose sections nest their subsections,
  // then the sections. WCXB's truth leaves the contents out; its headings are said again below.
  const sections: Record<string, string[]> = {
    'When to go': ['Cherry blossom time', 'The low season', 'The rainy season'],
    'What to pack': ['Clothes for every season', 'Essentials for the trip'],
    'Where to stay': ['Hotels in the cities', 'Inns in the country'],
  };
  const paragraphs = [
    'Japan rewards the traveller who plans a little: the trains are punctual, the cities are safe, and the seasons change the country more than any guide can say in a page.',
    'Spring brings the cherry blossom and the crowds that follow it; autumn brings the maples and milder prices, and is the season we would choose for a first visit.',
    'Pack light, because the trains have little room for luggage, and send a large case ahead with one of the courier services every hotel will book for you.',
    'Stay in a city hotel for the first nights, then in a country inn with its own bath and dinner, which is the part of the trip most visitors remember best.',
  ];
  const toc = el(
    'ul',
    { class: 'ez-toc-list' },
    Object.entries(sections).map(([section, subs]) => el('li', [a(section, `#${encodeURIComponent(section)}`), el('ul', subs.map((s) => el('li', [a(s, `#${encodeURIComponent(s)}`)])))])),
  );
  const page = snapshot(
    [
      el('main', [
        el('article', [
          el('h1', [text('A first trip to Japan: when to go, what to pack, where to stay')]),
          p(paragraphs[0]!),
          el('div', { class: 'toc-container' }, [toc]),
          ...paragraphs.slice(1).map((t) => p(t)),
          // WordPress's label above its post navigation, for screen readers only.
          el('h2', { class: 'screen-reader-text' }, [text('Post navigation for the readers of this guide and its favourite network')]),
        ]),
      ]),
    ],
    { url: 'https://travel.example/2025/04/first-trip-to-japan/' },
  );
  const result = extractFromSnapshot(page);
  expect(result.kind).toBe('article');
  if (result.kind !== 'article') return;
  expect(result.explanation.profile?.profile).toBe('article');
  for (const t of paragraphs) expect(result.article.text).toContain(t);
  expect(result.article.text).not.toContain('Inns in the country');
  expect(result.article.text).not.toContain('Cherry blossom time');
  expect(result.article.text).not.toContain('favourite network');
});
