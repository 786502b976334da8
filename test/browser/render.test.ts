/**
 * The layout snapshot of saved pages (docs/methods.md §2): what the in-page collector records, offline
 * refusal, JavaScript on/off, encodings, and the DOM-size guard. The collector runs through
 * this runner's TypeScript transform here, which is the point (STYLE habit 13).
 */
import { fileURLToPath } from 'node:url';
import { RenderError } from '../../src/errors.js';
import { loadSavedPage } from '../../src/input/inputs.js';
import type { RenderInput, RenderSession, RenderedPage } from '../../src/render/session.js';
import type { RenderOptionsInput } from '../../src/render/options.js';
import type { LayoutSnapshot, SnapshotElement, SnapshotNode, SnapshotText } from '../../src/types.js';
import { expect, test } from './fixtures.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/render/${name}`, import.meta.url));

async function savedInput(name: string): Promise<RenderInput> {
  const saved = await loadSavedPage(fixture(name));
  return { kind: 'html', bytes: saved.bytes, url: saved.url, label: name };
}

function htmlInput(html: string, name = 'inline.html'): RenderInput {
  return { kind: 'html', bytes: Buffer.from(html), url: `http://saved.invalid/${name}`, label: name };
}

/** Renders and returns the parts of the page that outlive its context. */
async function render(
  session: RenderSession,
  input: RenderInput,
  options?: RenderOptionsInput,
): Promise<Omit<RenderedPage, 'screenshot'>> {
  return session.render(input, async ({ screenshot: _unused, ...rest }) => rest, options);
}

const elements = (snapshot: LayoutSnapshot): SnapshotElement[] =>
  snapshot.nodes.filter((node): node is SnapshotElement => node.kind === 'element');

function byId(snapshot: LayoutSnapshot, id: string): SnapshotElement {
  const found = elements(snapshot).find((node) => node.attrs.id === id);
  if (!found) throw new Error(`no element #${id} in the snapshot`);
  return found;
}

const texts = (snapshot: LayoutSnapshot): string[] =>
  snapshot.nodes.filter((node): node is SnapshotText => node.kind === 'text').map((node) => node.text);

function childAt(snapshot: LayoutSnapshot, parent: SnapshotElement, index: number): SnapshotNode {
  const child = snapshot.nodes[parent.children[index] ?? -1];
  if (!child) throw new Error(`node ${parent.id} has no child ${index}`);
  return child;
}

test.describe('layout snapshot of a saved page', () => {
  test('records the flat node list: body first, ids = positions, parents and children agree', async ({ session }) => {
    const { snapshot } = await render(session, await savedInput('layout.html'));
    const body = snapshot.nodes[0];
    expect(body?.kind === 'element' && body.tag).toBe('body');
    expect(body?.parent).toBe(-1);
    snapshot.nodes.forEach((node, index) => {
      expect(node.id).toBe(index);
      if (index > 0) {
        const parent = snapshot.nodes[node.parent];
        expect(parent?.kind).toBe('element');
        expect((parent as SnapshotElement).children).toContain(index);
        expect(node.parent).toBeLessThan(index);
      }
    });
    // Every child list is in document order.
    for (const element of elements(snapshot)) {
      expect([...element.children].sort((a, b) => a - b)).toEqual(element.children);
    }
  });

  test('computed style: effective background, font colour, size, weight, style and family', async ({ session }) => {
    const { snapshot } = await render(session, await savedInput('layout.html'));
    const panel = byId(snapshot, 'panel');
    const lead = byId(snapshot, 'lead');
    expect(panel.background).toBe('rgba(200, 230, 255, 1)');
    // The paragraph has no background of its own: it inherits the panel's effectively.
    expect(lead.background).toBe('rgba(200, 230, 255, 1)');
    expect(byId(snapshot, 'fixed-box').background).toBe('rgba(255, 255, 255, 1)');
    expect(lead.color).toBe('rgb(200, 0, 0)');
    expect(byId(snapshot, 'second').color).toBe('rgb(17, 17, 17)');
    expect(lead.fontSizePx).toBe(20);
    expect(lead.fontWeight).toBe(700);
    expect(lead.fontStyle).toBe('italic');
    expect(lead.fontFamily).toBe('liberation sans');
    expect(byId(snapshot, 'second').fontFamily).toBe('dejavu serif');
    expect(byId(snapshot, 'second').fontWeight).toBe(400);
  });

  test('boxes in page coordinates and the page size', async ({ session }) => {
    const { snapshot } = await render(session, await savedInput('layout.html'));
    const panel = byId(snapshot, 'panel');
    expect(panel.box.x).toBe(0);
    expect(panel.box.y).toBe(0);
    expect(panel.box.width).toBe(620); // 600 + 2 × 10 padding
    const fixedBox = byId(snapshot, 'fixed-box');
    expect(fixedBox.box).toMatchObject({ width: 300, height: 120 });
    expect(fixedBox.box.y).toBeCloseTo(panel.box.y + panel.box.height, 1);
    expect(snapshot.viewport).toEqual({ width: 1280, height: 900 });
    expect(snapshot.page.width).toBe(1280);
    // The 2400 px block makes the page taller than the viewport.
    expect(snapshot.page.height).toBeGreaterThan(2400 + fixedBox.box.y);
    expect(snapshot.elementCount).toBeGreaterThan(elements(snapshot).length);
  });

  test('text nodes, <br>, <img>, attributes; hidden subtrees and scripts left out', async ({ session }) => {
    const { snapshot } = await render(session, await savedInput('layout.html'));
    const second = byId(snapshot, 'second');
    expect(second.children).toHaveLength(3);
    expect(childAt(snapshot, second, 0)).toMatchObject({ kind: 'text', text: 'First line' });
    expect(childAt(snapshot, second, 1)).toMatchObject({ kind: 'element', tag: 'br', visible: true });
    expect(childAt(snapshot, second, 2)).toMatchObject({ kind: 'text', text: 'second line after a break.' });

    const image = byId(snapshot, 'pic');
    expect(image.tag).toBe('img');
    expect(image.attrs.alt).toBe('A red dot');
    expect(image.attrs.src).toMatch(/^data:image\/gif;base64,/);
    expect(image.box).toMatchObject({ width: 10, height: 10 });

    const link = byId(snapshot, 'link');
    expect(link.attrs.href).toBe('https://news.example/about?x=1'); // resolved against the canonical URL
    expect(byId(snapshot, 'panel').attrs).toEqual({ id: 'panel', class: 'box main', role: 'main' });
    expect(byId(snapshot, 'fixed-box').attrs.itemprop).toBe('articleBody');
    const time = elements(snapshot).find((node) => node.tag === 'time');
    expect(time?.attrs.datetime).toBe('2024-05-01T10:00:00Z');
    expect(elements(snapshot).find((node) => node.tag === 'span')?.attrs.ariaHidden).toBe(true);

    const allText = texts(snapshot);
    expect(allText).not.toContain('This text is not rendered.');
    expect(allText.some((text) => text.includes('var x'))).toBe(false);
    expect(allText.every((text) => /\S/.test(text))).toBe(true);
    expect(elements(snapshot).some((node) => node.tag === 'script' || node.tag === 'style')).toBe(false);

    const ghost = elements(snapshot).find((node) => node.attrs.class === 'ghost');
    expect(ghost?.visible).toBe(false);
    expect(byId(snapshot, 'lead').visible).toBe(true);
    const pre = elements(snapshot).find((node) => node.tag === 'pre');
    expect(pre?.preservesWhitespace).toBe(true);
    expect(byId(snapshot, 'lead').preservesWhitespace).toBe(false);
    expect(texts(snapshot)).toContain('  preformatted\n  text');
  });

  test('document metadata: title, lang, meta tags, JSON-LD, link rels', async ({ session }) => {
    const { snapshot, finalUrl } = await render(session, await savedInput('layout.html'));
    expect(finalUrl).toBe('https://news.example/2024/05/layout-fixture.html');
    expect(snapshot.url).toBe(finalUrl);
    expect(snapshot.meta.title).toBe('Layout fixture');
    expect(snapshot.meta.lang).toBe('en-GB');
    expect(snapshot.meta.metaTags).toEqual([
      { key: 'description', content: 'A page that pins what the layout snapshot collects.' },
      { key: 'og:title', content: 'Layout fixture (og)' },
    ]);
    expect(snapshot.meta.jsonLd).toHaveLength(1);
    expect(JSON.parse(snapshot.meta.jsonLd[0] ?? '{}')).toMatchObject({ '@type': 'NewsArticle' });
    expect(snapshot.meta.links).toContainEqual({
      rel: 'canonical',
      href: 'https://news.example/2024/05/layout-fixture.html',
    });
  });

  test('the snapshot is plain JSON and reports timings', async ({ session }) => {
    const page = await render(session, await savedInput('layout.html'));
    expect(JSON.parse(JSON.stringify(page.snapshot))).toEqual(page.snapshot);
    expect(page.httpStatus).toBeNull();
    expect(page.timings.loadMs).toBeGreaterThanOrEqual(0);
    expect(page.timings.snapshotMs).toBeGreaterThanOrEqual(0);
  });

  test('zero-size elements are invisible unless something visible is inside', async ({ session }) => {
    const { snapshot } = await render(
      session,
      htmlInput(`<body>
        <a id="anchor" name="top"></a>
        <div id="clipped" style="height:0;overflow:hidden"><span>clipped text</span></div>
        <div id="overflowing" style="height:0">spills out</div>
        <div id="contents" style="display:contents"><p id="inside">shown</p></div>
        <div id="closed-menu" style="opacity:0;visibility:hidden"><p id="closed-menu-child">closed</p></div>
      </body>`),
    );
    expect(byId(snapshot, 'anchor').visible).toBe(false);
    expect(byId(snapshot, 'clipped').visible).toBe(false);
    expect(byId(snapshot, 'overflowing').visible).toBe(true);
    expect(byId(snapshot, 'contents').visible).toBe(true);
    expect(byId(snapshot, 'inside').visible).toBe(true);
    expect(byId(snapshot, 'closed-menu-child').visible).toBe(false);
  });

  test('a body of no height that clips hides nothing, and a fixed panel escapes a zero-size clipping ancestor', async ({ session }) => {
    // An app-like page: its panels fixed over a body of height 0 with overflow hidden (the
    // body's overflow is the viewport's); and a fixed panel inside a collapsed clipping box.
    const { snapshot } = await render(
      session,
      htmlInput(`<body style="height:0;overflow:hidden;margin:0">
        <div id="app" style="position:fixed;inset:0"><p id="app-text">The app's own words.</p></div>
        <div id="collapsed" style="height:0;overflow:hidden">
          <p id="clipped-text">clipped</p>
          <div id="fixed-panel" style="position:fixed;top:0;left:0;width:300px;height:100px"><p id="panel-text">A panel fixed to the viewport.</p></div>
        </div>
        <div id="faded" style="opacity:0;visibility:hidden"><div style="position:fixed;top:0"><p id="faded-fixed">hidden both ways</p></div></div>
      </body>`),
    );
    expect(byId(snapshot, 'app-text').visible).toBe(true);
    expect(byId(snapshot, 'clipped-text').visible).toBe(false);
    expect(byId(snapshot, 'panel-text').visible).toBe(true);
    expect(byId(snapshot, 'faded-fixed').visible).toBe(false);
  });

  test('reveal-on-load states do not hide the text a reader would see', async ({ session }) => {
    const story = '<p>A paragraph of the story that a reader sees once the page has finished loading. </p>'.repeat(6);
    // A fade-in's start frame (opacity 0 alone), a root hidden until hydration (most of the
    // text), and real closed widgets (a small hidden dropdown, an overlay hidden both ways).
    const { snapshot } = await render(
      session,
      htmlInput(`<body>
        <div id="fade-in" style="opacity:0;transform:translateY(40px)"><p id="faded-child">Faded in by a script.</p></div>
        <div id="hydrated" style="visibility:hidden">
          <article id="story">${story}</article>
          <div id="dropdown" style="visibility:hidden"><a id="dropdown-link" href="/x">Sections</a></div>
          <p id="shown-again" style="visibility:visible">shown again</p>
        </div>
        <div id="small-hidden" style="visibility:hidden"><span id="small-hidden-child">tooltip</span></div>
      </body>`),
    );
    expect(byId(snapshot, 'faded-child').visible).toBe(true);
    expect(byId(snapshot, 'hydrated').visible).toBe(true);
    expect(byId(snapshot, 'story').visible).toBe(true);
    expect(byId(snapshot, 'shown-again').visible).toBe(true);
    // Inside a revealed root a child's own `visibility: hidden` cannot be told from the inherited
    // one (computed styles do not say), so it is shown too: a closed menu there is link text,
    // which scoring leaves out of the body. The same dropdown elsewhere stays hidden.
    expect(byId(snapshot, 'dropdown').visible).toBe(true);
    expect(byId(snapshot, 'small-hidden-child').visible).toBe(false);
  });

  test("a main hidden until the full style sheet arrives is revealed, however much script and indentation the page holds", async ({ session }) => {
    // A shop's critical CSS hides `main` until its full style sheet (not saved) arrives; the
    // page also inlines a large state script and indents its markup deeply. By `textContent`
    // the main holds 8 % of the body's characters, by readable text (no white space, no
    // script source) half of it: it is the page's content, and is revealed.
    const indent = `\n${' '.repeat(200)}`;
    const state = `<script type="application/json">${JSON.stringify({ items: 'x'.repeat(60_000) })}</script>`;
    const description = `<p>${indent}The microphone's description, which a reader sees once the style sheet has loaded.${indent}</p>`.repeat(12);
    const { snapshot } = await render(
      session,
      htmlInput(`<head><style>main, .site-footer { visibility: hidden }</style></head><body>
        <header><p id="banner">${'Free shipping on orders over fifty dollars, call us any day of the week. '.repeat(8)}</p></header>
        ${state}
        <main><section id="description">${description}</section></main>
        <footer class="site-footer"><p id="footer-line">Footer links</p></footer>
      </body>`),
    );
    expect(byId(snapshot, 'description').visible).toBe(true);
    expect(byId(snapshot, 'footer-line').visible).toBe(false);
  });
});

test.describe('noscript', () => {
  const html = `<body><noscript><div id="fallback"><p id="post">A forum post in the page's script-free version.</p></div></noscript>
    <noscript>Please enable JavaScript.</noscript><p>Always there.</p></body>`;

  test('with scripts off, the elements of a noscript are collected as the page shows them', async ({ session }) => {
    const { snapshot } = await render(session, htmlInput(html));
    expect(byId(snapshot, 'post').visible).toBe(true);
    expect(texts(snapshot)).not.toContain('Please enable JavaScript.');
  });

  test('with scripts on, a noscript is neither shown nor collected', async ({ session }) => {
    const { snapshot } = await render(session, htmlInput(html), { javaScript: true });
    expect(texts(snapshot).join(' ')).not.toContain('script-free');
    expect(texts(snapshot)).toContain('Always there.');
  });
});

test.describe('content streamed for a script to place (React/Next.js streaming)', () => {
  test('a completed boundary replaces its fallback, a completed segment its placeholder', async ({ session }) => {
    // The shape a streaming server sends: fallbacks in place, the real parts at the end in hidden
    // divs, and the inline calls that would move them (never run: scripts are off).
    const html = `<body><main>
      <h1 id="headline">Headline</h1>
      <!--$?--><template id="B:0"></template><p id="fallback">Loading…</p><!--$--><span>nested fallback</span><!--/$--><!--/$-->
      <footer id="after">after</footer>
    </main>
    <div hidden id="S:0"><article id="story"><p id="first">The first paragraph.</p><template id="P:1"></template></article></div>
    <script>$RC=function(){};$RC("B:0","S:0")</script>
    <div hidden id="S:1"><p id="second">The second paragraph.</p></div>
    <script>$RS("S:1","P:1")</script>
    </body>`;
    const { snapshot } = await render(session, htmlInput(html));
    expect(texts(snapshot)).toEqual(expect.arrayContaining(['The first paragraph.', 'The second paragraph.']));
    expect(texts(snapshot)).not.toContain('Loading…');
    expect(texts(snapshot)).not.toContain('nested fallback');
    expect(byId(snapshot, 'first').visible).toBe(true);
    expect(byId(snapshot, 'second').visible).toBe(true);
    // In place: after the headline and before the footer, not at the end of the page.
    const y = (id: string): number => byId(snapshot, id).box.y;
    expect(y('headline')).toBeLessThan(y('first'));
    expect(y('second')).toBeLessThan(y('after'));
  });

  test('a saved copy without its scripts: each segment completes the boundary of its number', async ({ session }) => {
    const html = `<body><main>
      <!--$?--><template id="B:0"></template><p>Loading…</p><!--/$-->
      <footer id="after">after</footer></main>
      <div hidden id="S:0"><p id="first">The first paragraph.</p><template id="P:1"></template></div>
      <div hidden id="S:1"><p id="second">The second paragraph.</p></div>
    </body>`;
    const { snapshot } = await render(session, htmlInput(html));
    expect(texts(snapshot)).not.toContain('Loading…');
    expect(byId(snapshot, 'first').box.y).toBeLessThan(byId(snapshot, 'second').box.y);
    expect(byId(snapshot, 'second').box.y).toBeLessThan(byId(snapshot, 'after').box.y);
  });

  test('a saved copy without its comments: each boundary takes its own segment, the content between boundaries stays', async ({ session }) => {
    // No <!--$?--> … <!--/$--> markers (the saver dropped comments): the fallback is the one small
    // element after each template; the real content between two boundaries is not a fallback.
    const html = `<body><main>
      <template id="B:0"></template><div>Loading paragraph...</div>
      <template id="B:1"></template><div>Loading paragraph...</div>
      <div id="between"><h3>Passive indexing</h3><p>A definition the page wrote between two streamed parts, long enough to be real content.</p></div>
      <template id="B:2"></template><div>Loading paragraph...</div>
      <footer id="after">after</footer></main>
      <div hidden id="S:0"><p id="first">The first paragraph.</p></div>
      <div hidden id="S:1"><p id="second">The second paragraph.</p></div>
      <div hidden id="S:2"><p id="third">The third paragraph.</p></div>
    </body>`;
    const { snapshot } = await render(session, htmlInput(html));
    expect(texts(snapshot)).not.toContain('Loading paragraph...');
    const y = (id: string): number => byId(snapshot, id).box.y;
    for (const id of ['first', 'second', 'between', 'third']) expect(byId(snapshot, id).visible, id).toBe(true);
    expect(y('first')).toBeLessThan(y('second'));
    expect(y('second')).toBeLessThan(y('between'));
    expect(y('between')).toBeLessThan(y('third'));
    expect(y('third')).toBeLessThan(y('after'));
  });

  test('a hidden segment with neither an instruction nor a boundary of its number stays hidden', async ({ session }) => {
    const { snapshot } = await render(session, htmlInput('<body><p>Shown.</p><div hidden id="S:7"><p id="orphan">Orphan.</p></div></body>'));
    expect(snapshot.nodes.some((n) => n.kind === 'element' && n.attrs.id === 'orphan')).toBe(false);
  });
});

test.describe('content shut until a script unlocks it (display: none over most of the text)', () => {
  const story = '<p>A paragraph of the product story that the shop wrote for its readers, long enough to count. </p>'.repeat(8);
  test('a lockdown wrapper inside <main> is shown; the main landmark shut by a wrapper is shown', async ({ session }) => {
    const { snapshot } = await render(
      session,
      htmlInput(`<body><header><nav><a href="/">Shop</a> <a href="/coffee">Coffee</a> <a href="/merch">Merch</a></nav></header>
        <main><div class="lockdown-content" style="display:none"><h1 id="title">Dark roast</h1><div id="story">${story}</div>
          <div role="dialog" aria-modal="true" style="display:none"><p>Zoomed image</p></div></div></main>
        <footer><p>Footer words.</p></footer></body>`),
    );
    expect(byId(snapshot, 'title').visible).toBe(true);
    expect(byId(snapshot, 'story').visible).toBe(true);
    const wrapped = await render(session, htmlInput(`<body><div id="gate" style="display:none"><main id="main">${story}</main></div><footer><p>Footer.</p></footer></body>`));
    expect(byId(wrapped.snapshot, 'main').visible).toBe(true);
  });

  test('a hidden consent dialog, the hidden half of a page written twice and a closed menu stay shut', async ({ session }) => {
    const consent = '<p>We and our partners use cookies and similar technologies for the purposes described below, each with its own switch. </p>'.repeat(12);
    const { snapshot } = await render(
      session,
      htmlInput(`<body><main><p id="shown">A short listing page with little text of its own.</p></main>
        <div id="consent" style="display:none" role="region"><div role="dialog" aria-modal="true">${consent}</div></div></body>`),
    );
    expect(snapshot.nodes.some((n) => n.kind === 'element' && n.attrs.id === 'consent')).toBe(false);
    const twice = await render(session, htmlInput(`<body><main><div id="desktop">${story}</div><div id="phone" style="display:none">${story}</div></main></body>`));
    expect(byId(twice.snapshot, 'desktop').visible).toBe(true);
    expect(twice.snapshot.nodes.some((n) => n.kind === 'element' && n.attrs.id === 'phone')).toBe(false);
    const links = '<a href="/a">A department of the shop</a> '.repeat(40);
    const menu = await render(session, htmlInput(`<body><div id="menu" style="display:none">${links}</div><main><p>A page.</p></main></body>`));
    expect(menu.snapshot.nodes.some((n) => n.kind === 'element' && n.attrs.id === 'menu')).toBe(false);
  });
});

test.describe('closed disclosures (accordions, details, tabs)', () => {
  test("a panel a reader opens with a click is collected open; a navigation's dropdown stays shut", async ({ session }) => {
    const specs = 'Weight 653 g, height 3.2 cm, switch plate aluminium, battery 4000 mAh. ';
    const { snapshot } = await render(
      session,
      htmlInput(`<body>
        <nav><button aria-expanded="false" aria-controls="nav-menu">Shop</button>
          <div id="nav-menu" style="display:none"><p id="nav-text">Everything we sell, in one list</p></div></nav>
        <main>
          <h1>Keyboard K2</h1>
          <button aria-expanded="false" aria-controls="specs-panel">Specifications</button>
          <div id="specs-panel" style="display:none;height:0;opacity:0;overflow:hidden"><p id="specs">${specs}</p></div>
          <details><summary>Shipping</summary><p id="shipping">Ships in two days from our warehouse.</p></details>
          <p id="after-details">Below the shipping panel.</p>
          <div role="tablist"><button role="tab" aria-selected="true">Description</button><button role="tab" aria-selected="false">Reviews</button></div>
          <div role="tabpanel"><p id="description">A compact wireless keyboard.</p></div>
          <div role="tabpanel" hidden><p id="reviews">Four reviews say the battery lasts weeks.</p></div>
          <details class="select-menu"><summary>Language</summary>
            <div role="menu"><a id="menu-link" role="menuitem" href="/en">English</a><a href="/de">Deutsch</a></div></details>
          <div class="faq"><div class="faq__question">Does it work with a Mac?</div>
            <div class="faq__answer" style="display:none"><p id="faq-answer">Yes: a switch on its side sets the Mac layout.</p></div></div>
          <div class="chakra-collapse" style="display:none;height:0;opacity:0"><div role="region" id="care-panel"><p id="care">Wipe the keycaps with a dry cloth.</p></div></div>
          <button aria-expanded="false" aria-controls="care-panel">Care</button>
          <div popover id="install-card"><div role="tabpanel" hidden><p id="install">Tap Share, then Add to Home Screen.</p></div></div>
          <button aria-expanded="false" aria-controls="links-panel">More</button>
          <div id="links-panel" style="display:none"><a id="more-link" href="/a">All keyboards from this maker</a></div>
        </main>
      </body>`),
    );
    // Hidden subtrees may be left out of the snapshot altogether; a closed `<details>` keeps its
    // content's elements, without a box.
    const shown = (id: string): boolean => elements(snapshot).some((node) => node.attrs.id === id && node.visible && node.box.width > 0 && node.box.height > 0);
    expect(shown('specs')).toBe(true);
    expect(shown('shipping')).toBe(true);
    expect(shown('description')).toBe(true);
    expect(shown('reviews')).toBe(true);
    expect(shown('faq-answer')).toBe(true);
    expect(shown('care')).toBe(true);
    expect(shown('nav-text')).toBe(false);
    expect(shown('install')).toBe(false);
    // A closed `<details>` already lends its content a box (Chromium lays it out when asked),
    // drawn over what follows; opened, the content takes its place in the flow.
    const shipping = byId(snapshot, 'shipping').box;
    expect(byId(snapshot, 'after-details').box.y).toBeGreaterThanOrEqual(shipping.y + shipping.height);
    expect(shown('more-link')).toBe(false);
  });
});

test.describe('word spaces between inline pieces', () => {
  test('whitespace alone between two inline elements keeps their words apart; between blocks it adds nothing', async ({ session }) => {
    const { snapshot } = await render(
      session,
      htmlInput(`<body><p>Has <b>bold</b> <i>italic</i> and <a href="/a">one link</a>
<a href="/b">two links</a><span>glued</span></p>
<ul>
  <li>first item</li>
  <li>second item</li>
</ul><pre><code>keep</code> <code>pre</code></pre></body>`),
    );
    const all = texts(snapshot).join('');
    expect(all).toContain('bold italic');
    expect(all).toContain('one link two links');
    // No whitespace in the source, none added.
    expect(all).toContain('two linksglued');
    // List items are blocks: their texts stay as written.
    expect(texts(snapshot)).toContain('first item');
    expect(texts(snapshot)).toContain('second item');
  });

  test("a word space between React's comment markers keeps the words apart", async ({ session }) => {
    // React's server rendering writes JSX's `{a} {b}` as three text nodes parted by empty
    // comments; the browser shows "The prime minister", and so must the snapshot (WCXB-dev 0577
    // read "Theprimeministerhasannounced…").
    const { snapshot } = await render(
      session,
      htmlInput(`<body><p><span>The<!-- --> <!-- -->prime<!-- --> <!-- -->minister</span><!-- --> <!-- --><b>said</b><!-- --> today<!-- -->.</p>
<p><a href="/x">one link</a> <script>var x = 1;</script><a href="/y">another</a></p>
<ul><li>one</li><!-- -->
<li>two</li></ul></body>`),
    );
    const all = texts(snapshot).join('');
    expect(all).toContain('The prime minister said today.');
    // A script in the flow renders nothing either.
    expect(all).toContain('one link another');
    // Between blocks a comment changes nothing: still no space added.
    expect(texts(snapshot)).toContain('one');
    expect(texts(snapshot)).toContain('two');
  });

  test('a space alone in an inline wrapper, or a lone no-break space, parts the words around it', async ({ session }) => {
    // `<a>Private clouds</a><b> </b>are` (WCXB-dev 0005) and `makes<span>&nbsp;</span><a>iPhones</a>`
    // (0344): the browser shows a space in both; the walk saw white space without neighbours.
    const { snapshot } = await render(
      session,
      htmlInput(`<body><p><a href="/c">Private clouds</a><b> </b>are built</p>
<p>Only Apple makes<span>&nbsp;</span><a href="/i">iPhones</a>.</p>
<p><a href="/t">Trial</a><strong><em> </em></strong>with care</p>
<p>Ends here<b> </b></p><p>Next paragraph</p></body>`),
    );
    const all = texts(snapshot).join('|');
    expect(all).toContain('Private clouds |are built');
    expect(all).toContain('Only Apple makes |iPhones');
    expect(all).toContain('Trial |with care');
    // At the end of a block the space has nothing after it on the line: nothing is added.
    expect(all).toContain('Ends here|Next paragraph');
  });
});

test.describe('saved pages are rendered offline', () => {
  test('every subresource is refused and nothing reaches the network', async ({ session }) => {
    const page = await render(session, await savedInput('offline.html'));
    // stylesheet, script, two images, iframe
    expect(page.refusedRequests).toBeGreaterThanOrEqual(3);
    expect(texts(page.snapshot)).toContain('A saved page with subresources that must never be fetched.');
  });

  test('the document is served under its file URL when it names no canonical URL', async ({ session }) => {
    const page = await render(session, await savedInput('offline.html'));
    expect(page.finalUrl).toBe('http://saved.invalid/offline.html');
    const relative = elements(page.snapshot).find((node) => node.attrs.alt === 'relative');
    expect(relative?.attrs.src).toBe('http://saved.invalid/relative/picture.png');
  });
});

test.describe('JavaScript', () => {
  const scripted = `<body><p>static</p><script>
    const p = document.createElement('p'); p.textContent = 'added by script'; document.body.append(p);
  </script></body>`;

  test('is off by default for saved pages', async ({ session }) => {
    const { snapshot } = await render(session, htmlInput(scripted));
    expect(texts(snapshot)).toContain('static');
    expect(texts(snapshot)).not.toContain('added by script');
  });

  test('runs when turned on', async ({ session }) => {
    const { snapshot } = await render(session, htmlInput(scripted), { javaScript: true });
    expect(texts(snapshot)).toContain('added by script');
  });

  test('a script that never ends fails the page, not the session', async ({ session }) => {
    const looping = `<body><p>before</p><script>
      window.addEventListener('load', () => setTimeout(() => { for (;;) {} }, 0));
    </script></body>`;
    const started = Date.now();
    const failure = await render(session, htmlInput(looping), {
      javaScript: true,
      navigationTimeoutMs: 3_000,
      snapshotTimeoutMs: 1_500,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RenderError);
    expect(['render-script-timeout', 'render-timeout']).toContain((failure as RenderError).code);
    expect((failure as RenderError).retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(session.activePages).toBe(0);

    const next = await render(session, htmlInput('<body><p>next page</p></body>'));
    expect(texts(next.snapshot)).toEqual(['next page']);
  });

  test('a loop in an inline script times the navigation out', async ({ session }) => {
    const failure = await render(session, htmlInput('<body><script>for(;;){}</script></body>'), {
      javaScript: true,
      navigationTimeoutMs: 1_500,
      snapshotTimeoutMs: 1_500,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RenderError);
    expect(['render-timeout', 'render-script-timeout']).toContain((failure as RenderError).code);
    const next = await render(session, htmlInput('<body><p>still working</p></body>'));
    expect(texts(next.snapshot)).toEqual(['still working']);
  });
});

test.describe('encodings', () => {
  test('a GBK page declared in <meta http-equiv> decodes to Chinese text', async ({ session }) => {
    const { snapshot } = await render(session, await savedInput('gbk.html'));
    expect(snapshot.meta.title).toBe('国内新闻');
    expect(texts(snapshot)).toContain('中国经济平稳增长');
    expect(snapshot.meta.lang).toBe('zh-CN');
  });

  test('an undeclared UTF-8 page is not read as windows-1252', async ({ session }) => {
    const { snapshot } = await render(session, htmlInput('<body><p>Новости дня: всё спокойно.</p></body>'));
    expect(texts(snapshot)).toEqual(['Новости дня: всё спокойно.']);
  });

  test('an undeclared windows-1251 page is left to Chromium to detect', async ({ session }) => {
    const text = 'Правительство объявило о новых мерах поддержки экономики страны.';
    const cp1251 = Buffer.from([...text].map((char) => encode1251(char)));
    const html = Buffer.concat([Buffer.from('<html><body><p>'), cp1251, Buffer.from('</p></body></html>')]);
    const input: RenderInput = { kind: 'html', bytes: html, url: 'http://saved.invalid/ru.html', label: 'ru' };
    const { snapshot } = await render(session, input);
    expect(texts(snapshot)).toEqual([text]);
  });
});

/** windows-1251 for the Cyrillic letters А–я and ASCII; enough for the test sentence. */
function encode1251(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
  if (code < 0x80) return code;
  throw new Error(`no windows-1251 byte for ${char}`);
}

test.describe('DOM size guard', () => {
  test('a document with more elements than maxElements is refused with the count', async ({ session }) => {
    const html = `<body>${'<i></i>'.repeat(300_000)}</body>`;
    const failure = await render(session, htmlInput(html), { maxElements: 1_000 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RenderError);
    expect((failure as RenderError).code).toBe('render-dom-too-large');
    expect((failure as RenderError).retryable).toBe(false);
    // html, head, body and the 300 000 <i>
    expect((failure as RenderError).message).toMatch(/30000\d elements.*limit of 1000/);
  });

  test('a realistic page passes the default limit', async ({ session }) => {
    const paragraphs = Array.from({ length: 2_000 }, (_, i) => `<div><p>Paragraph ${i}. <a href="#${i}">link</a></p></div>`);
    const { snapshot } = await render(session, htmlInput(`<body>${paragraphs.join('')}</body>`));
    expect(snapshot.elementCount).toBeGreaterThan(6_000);
    expect(elements(snapshot)).toHaveLength(1 + 3 * 2_000);
  });
});
