/**
 * Saved pages run with scripts on (`--js`) take the live path of URLs (issue 24 item 6): a body
 * that a script renders after `load`, and a part of it that loads only when scrolled into view,
 * are read whole, through the library and through the CLI, and the record says what the live
 * steps did. Without `--js` a saved page is read as it was saved, with no live steps.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extract, type ExtractionResult } from '../../src/extract/extract.js';
import { pageScores } from '../../src/bench/metrics.js';
import { writeWarcFile } from '../../src/testing/warc-writer.js';
import type { LiveRecord } from '../../src/render/live/prepare.js';
import { expect, test } from './fixtures.js';

const BIN = join(process.cwd(), 'bin', 'broadsheet.js');

const PARAGRAPHS = Array.from(
  { length: 10 },
  (_, i) =>
    `Paragraph ${i + 1} of the saved story: the harbour authority confirmed on Tuesday that the new ferry terminal will open in spring, after two years of delays caused by flooding, a contractor's bankruptcy and a long dispute over the cost of dredging the channel to a depth the larger vessels need.`,
);
const TRUTH = PARAGRAPHS.join('\n\n');

/** The frame around the body: a header, a sidebar and a footer, as on a news page. */
const frame = (main: string, script: string): string => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ferry terminal to open in spring</title></head><body>
<header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav></header>
<main>${main}</main>
<aside><h3>Newsletter</h3><p>Sign up for the morning briefing and get the day's most important stories in your inbox, with analysis from our reporters across the country.</p></aside>
<footer><p>© 2026 The Saved Gazette. All rights reserved.</p></footer>
<script id="story" type="application/json">${JSON.stringify(PARAGRAPHS)}</script>
<script>${script}</script></body></html>`;

/**
 * The body is rendered after `load` from the page's inline data (a client-rendered app, saved),
 * streamed: the headline and first paragraph 400 ms after `load`, then a paragraph every 250 ms
 * (the last at 2.65 s). Streamed rather than written at once so that the watch sees it change
 * even when a loaded machine starts it late: CI of stop 28 started it more than 1 s after
 * `load`, after a body written at 1 s had landed, and the record rightly said `no-change`.
 */
const RENDERED_AFTER_LOAD = frame(
  '<div id="app"><p class="loading">Loading…</p></div>',
  `addEventListener('load', () => {
    const paras = JSON.parse(document.getElementById('story').textContent);
    const add = (i) => {
      if (i === 0) document.getElementById('app').innerHTML = '<article><h1>Ferry terminal to open in spring</h1></article>';
      document.querySelector('#app article').insertAdjacentHTML('beforeend', '<p>' + paras[i] + '</p>');
      if (i + 1 < paras.length) setTimeout(() => add(i + 1), 250);
    };
    setTimeout(() => add(0), 400);
  });`,
);

/** The first four paragraphs are there; the rest are added when a sentinel below a tall figure scrolls into view. */
const LAZY_PART = frame(
  `<article><h1>Ferry terminal to open in spring</h1><div style="height:1400px;background:#ccd">Photograph</div><div id="body">${PARAGRAPHS.slice(0, 4)
    .map((p) => `<p>${p}</p>`)
    .join('')}</div><div id="more" style="height:40px">Loading more…</div></article>`,
  `const more = document.getElementById('more');
  new IntersectionObserver((entries, observer) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    setTimeout(() => {
      const paras = JSON.parse(document.getElementById('story').textContent).slice(4);
      document.getElementById('body').insertAdjacentHTML('beforeend', paras.map((p) => '<p>' + p + '</p>').join(''));
      more.remove();
    }, 150);
  }).observe(more);`,
);

/**
 * A returning visitor's page: shown whole on a first visit, cut to a teaser when the page's own
 * storage says it was seen before — in a cookie, local storage or IndexedDB. It marks itself
 * seen in all three once read.
 */
const RETURNING_VISITOR = frame(
  `<article><h1>Ferry terminal to open in spring</h1>${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('')}</article>`,
  `const seen = document.cookie.includes('seen=1') || localStorage.getItem('seen') === '1';
  const teaser = () => { document.querySelector('article').innerHTML = '<p>Welcome back! Subscribe to keep reading.</p>'; };
  if (seen) teaser();
  const open = indexedDB.open('visits', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('visits');
  open.onsuccess = () => {
    const store = open.result.transaction('visits', 'readwrite').objectStore('visits');
    const read = store.get('seen');
    read.onsuccess = () => { if (read.result === 1) teaser(); store.put(1, 'seen'); };
  };
  document.cookie = 'seen=1; max-age=86400; path=/';
  localStorage.setItem('seen', '1');`,
);

let dir: string;

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'broadsheet-saved-js-'));
  await writeFile(join(dir, 'rendered.html'), RENDERED_AFTER_LOAD);
  await writeFile(join(dir, 'lazy.html'), LAZY_PART);
  await writeFile(join(dir, 'visitor-1.html'), RETURNING_VISITOR);
  // A client-rendered app in an archive: its script and its story are records of the WARC too.
  await writeWarcFile(join(dir, 'app.warc.gz'), [
    { url: 'https://app.example/story', body: frame('<div id="app"><p class="loading">Loading…</p></div>', '').replace('<script></script>', '<script src="/app.js"></script>') },
    {
      url: 'https://app.example/app.js',
      contentType: 'application/javascript',
      body: `addEventListener('load', () => fetch('/api/story.json').then((r) => r.json()).then((paras) => {
        document.getElementById('app').innerHTML = '<article><h1>Ferry terminal to open in spring</h1>' + paras.map((p) => '<p>' + p + '</p>').join('') + '</article>';
      }));`,
    },
    { url: 'https://app.example/api/story.json', contentType: 'application/json', body: JSON.stringify(PARAGRAPHS) },
  ]);
  await writeFile(join(dir, 'visitor-2.html'), RETURNING_VISITOR);
});

test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const f1 = (result: ExtractionResult): number => pageScores(result.status === 'article' ? result.article.text : '', TRUTH).f1;
const liveOf = (result: ExtractionResult): LiveRecord | undefined => (result as { live?: LiveRecord }).live;

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test.describe('saved pages with --js take the live steps', () => {
  test.setTimeout(120_000);

  test('a body rendered after load and a lazy part are read whole; the record says what was done', async ({ browser }) => {
    // A settle budget past the stream's 2.65 s even on a loaded machine (the default is 4 s).
    const [rendered, lazy] = await extract([join(dir, 'rendered.html'), join(dir, 'lazy.html')], { browser, javaScript: true, concurrency: 2, settleMs: 10_000 });
    expect(f1(rendered!)).toBeGreaterThan(0.95);
    expect(liveOf(rendered!)?.settle.reason).toBe('settled');
    expect(liveOf(rendered!)?.settle.ms).toBeGreaterThan(500);
    expect(f1(lazy!)).toBeGreaterThan(0.95);
    expect(liveOf(lazy!)?.scroll.steps).toBeGreaterThan(0);
    for (const result of [rendered!, lazy!]) expect(liveOf(result)?.interrupted).toBeUndefined();
    // The scroll is what brought the lazy part in: without it the page gives its first paragraphs
    // only. (Not `scroll.grewChars`: the part lands 150 ms after the sentinel shows, by a timer the
    // scroll's stop rule does not wait for, so on a loaded machine it can land after the scroll's
    // last measure and before the snapshot — CI run 2 of stop 28 saw grewChars 0 with F1 > 0.95.)
    const [unscrolled] = await extract(join(dir, 'lazy.html'), { browser, javaScript: true, scrollMs: 0 });
    expect(f1(unscrolled!)).toBeLessThan(0.6);
  });

  test('the live steps spend from the page\'s one time budget', async ({ browser }) => {
    // A 2.5 s budget: the steps (settle up to 4 s, scroll up to 3 s by default) must leave the snapshot its second.
    const [result] = await extract(join(dir, 'rendered.html'), { browser, javaScript: true, timeBudgetMs: 2_500 });
    expect(result!.status).toBe('article');
    expect(liveOf(result!)!.ms).toBeLessThanOrEqual(1_600);
    // The render (load, live steps, snapshot) within the budget; the snapshot's least second may pass it a little.
    expect((result!.timingsMs as { renderMs: number }).renderMs).toBeLessThan(3_500);
  });

  test('a saved page\'s storage is not the next one\'s: one worker, two pages of one origin, each read as a first visit', async ({ browser }) => {
    // Both are served from http://saved.invalid/ (no canonical URL); one worker reads them in turn.
    const results = await extract([join(dir, 'visitor-1.html'), join(dir, 'visitor-2.html'), join(dir, 'visitor-1.html')], { browser, javaScript: true, concurrency: 1 });
    for (const result of results) expect(f1(result)).toBeGreaterThan(0.95);
  });

  test('a WARC page with --js runs its archived script, which fetches its story from the archive', async ({ browser }) => {
    const [withJs] = await extract(join(dir, 'app.warc.gz'), { browser, javaScript: true });
    const [withoutJs] = await extract(join(dir, 'app.warc.gz'), { browser });
    expect(f1(withJs!)).toBeGreaterThan(0.95);
    // The live steps ran (the story is answered from the archive at once, often before the watch starts).
    expect(liveOf(withJs!)?.settle.reason).toMatch(/settled|no-change/u);
    expect(liveOf(withoutJs!)).toBeUndefined();
    expect(f1(withoutJs!)).toBeLessThan(0.5);
  });

  test('without --js a saved page is read as saved: no live steps, the skeleton', async ({ browser }) => {
    const [rendered, lazy] = await extract([join(dir, 'rendered.html'), join(dir, 'lazy.html')], { browser, concurrency: 2 });
    for (const result of [rendered!, lazy!]) expect(liveOf(result)).toBeUndefined();
    expect(f1(rendered!)).toBeLessThan(0.5);
    // The lazy page's first four paragraphs only.
    expect(f1(lazy!)).toBeLessThan(0.8);
  });

  test('the CLI: extract FILE --js reads the whole body and writes the live record', async () => {
    const { code, stdout, stderr } = await run(['extract', join(dir, 'rendered.html'), join(dir, 'lazy.html'), '--js', '--settle-ms', '10000', '--format', 'json', '--no-progress']);
    expect(code, stderr).toBe(0);
    const records = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { input: string; status: string; text: string | null; live?: LiveRecord });
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(pageScores(record.text ?? '', TRUTH).f1).toBeGreaterThan(0.95);
      expect(record.live?.settle.reason).toMatch(/settled|no-change/u);
    }
    const of = (name: string): LiveRecord => records.find((r) => r.input.endsWith(name))!.live!;
    expect(of('rendered.html').settle.reason).toBe('settled');
    expect(of('lazy.html').scroll.steps).toBeGreaterThan(0);
  });
});
