/**
 * The live family of the local web (issue 24, item 7): news pages that scripts build, served
 * on 127.0.0.1, each with its article body known. They are what a browser is paid for: the
 * body arrives as JSON after `load`, a teaser is replaced by the full story, a consent banner
 * covers the article or a consent modal withholds it until "Accept", paragraphs arrive as the
 * reader scrolls, text is clamped behind "Read more", a paywall box covers text that is in the
 * DOM, the body lives in a shadow root, and some pages never settle (a ticking clock, an
 * endless feed of further stories, a websocket ticker that never closes), and one kind is
 * heavy with third-party ads and trackers from hosts EasyList and EasyPrivacy name (served here
 * too: `hostAddresses` maps those names to 127.0.0.1, for the fetch guard and for Chromium's
 * `--host-resolver-rules`).
 *
 * Every page shares one frame that misleads an extractor looking too early: a header, a
 * sidebar with a newsletter box and a most-read list, and a footer. Variants (delays, markup
 * of the consent platform, IntersectionObserver or scroll events, CSS clamp or line-clamp) are
 * drawn per page from the seed, so the same seed serves the same bytes.
 *
 * Self-written for this project; the consent dialogs imitate the shapes of common platforms'
 * markup (ids and classes), not their code.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Rng } from './prng.js';
import { bankFor, headline, paragraph } from './text-bank.js';

export const LIVE_KINDS = [
  'client-rendered',
  'hydration',
  'consent-banner',
  'consent-wall',
  'lazy',
  'clamped',
  'paywall',
  'shadow-dom',
  'ticking-clock',
  'endless-feed',
  'websocket-ticker',
  'third-party-ads',
] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

export interface LivePageInfo {
  url: string;
  kind: LiveKind;
  /** Which variant of its kind the page is (0-based, see the page builders). */
  variant: number;
  title: string;
  /** The article body a reader sees: paragraphs separated by blank lines (no headline). */
  truth: string;
}

export interface LiveFamily {
  origin: string;
  pages: LivePageInfo[];
  /** Host names of third-party ad servers the family serves, mapped to its address (pass as `hostAddresses`). */
  hostAddresses: Record<string, string>;
  /** Requests answered, by path. */
  stats(): Record<string, number>;
  close(): Promise<void>;
}

export interface LiveFamilyOptions {
  seed?: number;
  /** Pages per kind (default 4). */
  perKind?: number;
  /** Kinds served (default all). */
  kinds?: readonly LiveKind[];
}

interface Story {
  title: string;
  author: string;
  paragraphs: string[];
}

/** Variants per kind: page n of a kind is variant n mod this. */
const VARIANTS: Record<LiveKind, number> = {
  'client-rendered': 4,
  hydration: 3,
  'consent-banner': 2,
  'consent-wall': 4,
  lazy: 2,
  clamped: 3,
  paywall: 3,
  'shadow-dom': 3,
  'ticking-clock': 1,
  'endless-feed': 1,
  'websocket-ticker': 2,
  'third-party-ads': 2,
};

/**
 * Third-party ad and tracker hosts the `third-party-ads` pages load from (each named by
 * EasyList or EasyPrivacy), all served by the family's server on its port. A browser or fetch
 * guard reaching them needs them mapped to 127.0.0.1 (`LiveFamily.hostAddresses`,
 * `adHostResolverRules`).
 */
export const AD_HOSTS = {
  tag: 'securepubads.g.doubleclick.net',
  frame: 'tpc.googlesyndication.com',
  bidder: 'c.amazon-adsystem.com',
  analytics: 'www.google-analytics.com',
  pixel: 'sb.scorecardresearch.com',
} as const;

/** Chromium's `--host-resolver-rules` sending the ad hosts to 127.0.0.1 (for a browser that fetches them itself). */
export function adHostResolverRules(): string {
  return `--host-resolver-rules=${Object.values(AD_HOSTS)
    .map((host) => `MAP ${host} 127.0.0.1`)
    .join(', ')}`;
}

/** Stands for the family's port in pages built before the server listens. */
const PORT_MARK = '__LIVE_FAMILY_PORT__';

function story(seed: number, key: string): Story {
  const bank = bankFor('en');
  const rng = Rng.of(seed, 'live', key);
  const author = `${rng.pick(bank.firstNames)} ${rng.pick(bank.lastNames)}`;
  const title = headline(bank, rng);
  const count = rng.int(6, 9);
  const paragraphs = Array.from({ length: count }, () => paragraph(bank, rng, author, rng.int(3, 5)));
  return { title: title[0]!.toUpperCase() + title.slice(1), author, paragraphs };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON inside a `<script>`: `<` escaped so no `</script>` can close it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const paras = (items: readonly string[]): string => items.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');

const STYLE = `<style>
body{margin:0;font:17px/1.6 Georgia,serif;color:#222}
header.site{display:flex;gap:24px;align-items:center;padding:12px 32px;background:#0b2545;color:#fff}
header.site a{color:#fff;text-decoration:none}
.layout{display:grid;grid-template-columns:minmax(0,1fr) 300px;gap:40px;max-width:1100px;margin:24px auto;padding:0 24px}
aside{font:15px/1.5 Arial,sans-serif}
.newsletter{background:#eef3f8;padding:16px;margin-bottom:24px}
footer{padding:32px;background:#eee;font:14px/1.5 Arial,sans-serif;margin-top:48px}
h1{font-size:34px;line-height:1.2}
.byline{color:#666;font:14px Arial,sans-serif}
</style>`;

/** The frame around every article: header, sidebar (newsletter and most read), footer. */
function frame(seed: number, key: string, title: string, main: string, extra: { head?: string; after?: string; bodyAttrs?: string } = {}): string {
  const bank = bankFor('en');
  const rng = Rng.of(seed, 'live-frame', key);
  const mostRead = Array.from({ length: 5 }, (_, i) => `<li><a href="/live/more/${i}">${escapeHtml(headline(bank, rng))}</a></li>`).join('');
  const sections = ['News', 'Politics', 'Business', 'Culture', 'Sport', 'Opinion'].map((s) => `<a href="/live/section/${s.toLowerCase()}">${s}</a>`).join(' ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)} | The Live Ledger</title>${STYLE}${extra.head ?? ''}</head><body${extra.bodyAttrs ?? ''}>
<header class="site"><a class="brand" href="/">The Live Ledger</a><nav>${sections}</nav><span class="clock"></span></header>
<div class="layout"><main id="main">${main}</main>
<aside><div class="newsletter"><h3>Get the morning briefing</h3><p>Sign up for our free newsletter and receive the most important stories of the day in your inbox every morning, with analysis from our reporters and editors across the country and abroad. You can unsubscribe at any time with one click.</p><form><input type="email" placeholder="Your email"><button type="button">Subscribe</button></form></div>
<h3>Most read</h3><ol>${mostRead}</ol></aside></div>
<footer><p>© 2024 The Live Ledger. All rights reserved. The Live Ledger is published by Ledger Media Group. Registered office: 1 Example Street. Contact the newsroom, advertise with us, read our privacy policy, cookie policy and terms of use, or manage your subscription.</p></footer>
${extra.after ?? ''}<script async src="/live/ads/gpt.js"></script></body></html>`;
}

const articleHead = (s: Story): string => `<h1>${escapeHtml(s.title)}</h1><p class="byline">By ${escapeHtml(s.author)}</p>`;

/** A script that renders the story from JSON into `#sel` after `delayMs` (and the JSON's own latency). */
function renderFromJson(api: string, selector: string, delayMs: number, when: 'load' | 'DOMContentLoaded' = 'load'): string {
  return `<script>
addEventListener(${JSON.stringify(when)}, () => setTimeout(async () => {
  const data = await (await fetch(${JSON.stringify(api)})).json();
  const esc = (t) => t.replace(/&/g,'&amp;').replace(/</g,'&lt;');
  document.querySelector(${JSON.stringify(selector)}).innerHTML = '<article><h1>' + esc(data.title) + '</h1><p class="byline">By ' + esc(data.author) + '</p>' + data.paragraphs.map((p) => '<p>' + esc(p) + '</p>').join('') + '</article>';
}, ${delayMs}));
</script>`;
}

const CONSENT_TEXT =
  'We value your privacy. We and our 842 partners use cookies and similar technologies to store and access information on your device, such as unique identifiers, to personalise advertising and content, measure the performance of ads and content, and gain insights about audiences. With your permission we and our partners may use precise geolocation data and identification through device scanning. You may click to consent to our and our partners’ processing as described above, or access more detailed information and change your preferences before consenting or refuse to consent.';

/**
 * Consent markup in the shapes of three common platforms (their ids and classes, so that rule
 * sets that know them, such as autoconsent's, can recognise them). Buttons carry the classes
 * `accept` and `reject` for the page's own script.
 */
function consentShape(variant: number, labels: { accept: string; reject: string; settings?: string }): { html: string; close: string } {
  const ids = [
    { accept: 'onetrust-accept-btn-handler', reject: 'onetrust-reject-all-handler', settings: 'onetrust-pc-btn-handler' },
    { accept: 'didomi-notice-agree-button', reject: 'didomi-notice-disagree-button', settings: 'didomi-notice-learn-more-button' },
    { accept: 'fc-accept', reject: 'fc-reject', settings: 'fc-manage' },
  ][variant % 3]!;
  const buttons =
    `<button id="${ids.accept}" class="accept">${labels.accept}</button> <button id="${ids.reject}" class="reject">${labels.reject}</button>` +
    (labels.settings ? ` <button id="${ids.settings}" class="settings">${labels.settings}</button>` : '');
  switch (variant % 3) {
    case 0:
      return {
        html: `<div id="onetrust-consent-sdk"><div id="onetrust-banner-sdk" class="otFlat" role="region" aria-label="Cookie banner" style="position:fixed;left:0;right:0;bottom:0;z-index:2147483645;background:#fff;box-shadow:0 -2px 12px #0004;padding:24px 48px;min-height:40vh;font:16px/1.5 Arial,sans-serif"><div id="onetrust-policy"><h2 id="onetrust-policy-title">We value your privacy</h2><p id="onetrust-policy-text">${CONSENT_TEXT}</p></div><div id="onetrust-button-group">${buttons}</div></div></div>`,
        close: `document.getElementById('onetrust-consent-sdk').remove()`,
      };
    case 1:
      return {
        html: `<div id="didomi-host"><div id="didomi-popup" class="didomi-popup-backdrop" style="position:fixed;inset:0;background:#0008;z-index:99999;display:flex;align-items:center;justify-content:center"><div class="didomi-popup-container" role="dialog" aria-modal="true" style="background:#fff;max-width:640px;padding:32px;font:16px/1.5 Arial,sans-serif"><h1 class="didomi-popup-title">Your consent</h1><div class="didomi-popup-notice-text"><p>${CONSENT_TEXT}</p></div><div class="didomi-buttons">${buttons}</div></div></div></div>`,
        close: `document.getElementById('didomi-host').remove()`,
      };
    default:
      return {
        html: `<div class="fc-consent-root" style="position:fixed;inset:0;z-index:1000000;background:rgba(0,0,0,.6)"><div class="fc-dialog-container" role="dialog" style="position:absolute;top:10vh;left:20vw;right:20vw;background:#fff;padding:32px;font:16px/1.5 Arial,sans-serif"><h1 class="fc-dialog-headline">This site asks for consent to use your data</h1><p class="fc-dialog-body">${CONSENT_TEXT}</p><div class="fc-footer-buttons">${buttons}</div></div></div>`,
        close: `document.querySelector('.fc-consent-root').remove()`,
      };
  }
}

interface Built {
  html: string;
  /** JSON endpoints of the page: path → body. */
  api: Record<string, unknown>;
}

function buildPage(seed: number, kind: LiveKind, n: number, path: string): { built: Built; info: Omit<LivePageInfo, 'url'> } {
  const key = `${kind}/${n}`;
  const s = story(seed, key);
  const rng = Rng.of(seed, 'live-variant', key);
  const variant = n % VARIANTS[kind];
  const api: Record<string, unknown> = {};
  const apiPath = `/live/api/${kind}/${n}.json`;
  let main: string;
  let extra: { head?: string; after?: string; bodyAttrs?: string } = {};
  let truthParagraphs = s.paragraphs;
  switch (kind) {
    case 'client-rendered': {
      // The way React and Vue sites behave: a shell with a spinner, the story fetched as JSON.
      // Variant 2: an empty root, the story by XHR 1.2 s after DOMContentLoaded, a div per
      // paragraph; variant 3: rendered 2 s after load.
      api[apiPath] = s;
      const delay = rng.int(250, 900);
      if (variant === 2) {
        main = `<div id="root"></div>`;
        extra = {
          after: `<script>document.addEventListener('DOMContentLoaded', () => setTimeout(() => { const x = new XMLHttpRequest(); x.open('GET', ${JSON.stringify(apiPath)}); x.onload = () => { const d = JSON.parse(x.responseText); const esc = (t) => t.replace(/&/g,'&amp;').replace(/</g,'&lt;'); document.getElementById('root').innerHTML = '<div class="story"><div class="title">' + esc(d.title) + '</div><div class="content">' + d.paragraphs.map((p) => '<div class="para">' + esc(p) + '</div>').join('') + '</div></div>'; }; x.send(); }, 1200));</script>`,
        };
      } else {
        main = `<div id="app"><p class="loading" aria-busy="true">Loading…</p></div>`;
        extra = { after: renderFromJson(apiPath, '#app', variant === 3 ? 2000 : delay, variant === 1 ? 'DOMContentLoaded' : 'load') };
      }
      break;
    }
    case 'hydration': {
      // Server-rendered teaser (headline, first paragraph, a note), replaced by the full story.
      api[apiPath] = s;
      const delay = rng.int(250, 900);
      // Variant 2: a long teaser (the first three paragraphs) replaced 450 ms after load.
      const teaser = variant === 2 ? paras(s.paragraphs.slice(0, 3)) : `<p>${escapeHtml(s.paragraphs[0]!)}</p>`;
      main = `<div id="story"><article>${articleHead(s)}${teaser}<p class="teaser-note">${variant === 0 ? 'Loading the full story…' : 'Subscribe to our app to read the full story on the go.'}</p></article></div>`;
      extra = { after: renderFromJson(apiPath, '#story', variant === 2 ? 450 : delay) };
      break;
    }
    case 'consent-banner': {
      // The article is there; a fixed banner covers the lower part of the viewport.
      const shape = consentShape(variant === 0 ? 0 : 2, { accept: 'Accept all', reject: 'Reject all', settings: 'Manage options' });
      main = `<article>${articleHead(s)}${paras(s.paragraphs)}</article>`;
      extra = {
        after: `${shape.html}<script>document.querySelectorAll('.accept,.reject').forEach((b) => b.addEventListener('click', () => { document.cookie = 'consent=' + b.className + '; path=/'; ${shape.close}; }));</script>`,
      };
      break;
    }
    case 'consent-wall': {
      if (variant === 3) {
        // A site's own <dialog>, no platform's markup; the article is display:none until "I agree".
        main = `<article id="content" style="display:none">${articleHead(s)}${paras(s.paragraphs)}</article><p id="msg">Please make a choice about cookies to continue.</p>`;
        extra = {
          after: `<dialog open style="position:fixed;top:15%;z-index:10;max-width:560px;font:16px Arial,sans-serif"><p>We and our advertising partners use cookies to personalise content and ads and to analyse our traffic. Choose whether you allow this.</p><button id="no">Disagree</button> <button id="yes">I agree</button></dialog>
<script>document.getElementById('yes').onclick = () => { document.querySelector('dialog').remove(); document.getElementById('content').style.display = 'block'; document.getElementById('msg').remove(); };
document.getElementById('no').onclick = () => { document.getElementById('msg').textContent = 'Without your consent this content cannot be shown.'; };</script>`,
        };
        break;
      }
      // A modal that reveals the article only after "Accept": the story is fetched then
      // (variants 0, 1) or unhidden (variant 2); "Reject" leaves a notice instead.
      api[apiPath] = s;
      const shape = consentShape(variant + 1, { accept: 'Accept', reject: 'Reject' });
      const reveal =
        variant === 2
          ? `document.getElementById('withheld').hidden = false;`
          : `fetch(${JSON.stringify(apiPath)}).then((r) => r.json()).then((data) => { const esc = (t) => t.replace(/&/g,'&amp;').replace(/</g,'&lt;'); document.getElementById('wall-body').innerHTML = '<article><h1>' + esc(data.title) + '</h1>' + data.paragraphs.map((p) => '<p>' + esc(p) + '</p>').join('') + '</article>'; });`;
      main =
        variant === 2
          ? `<div id="wall-body"><p class="wall-note">Please accept cookies to read this article.</p></div><div id="withheld" hidden><article>${articleHead(s)}${paras(s.paragraphs)}</article></div>`
          : `<div id="wall-body"><p class="wall-note">Please accept cookies to read this article.</p></div>`;
      extra = {
        bodyAttrs: ' style="overflow:hidden"',
        after: `${shape.html}<script>
const accept = () => { document.cookie = 'consent=yes; path=/'; ${shape.close}; document.body.style.overflow = ''; document.querySelector('.wall-note').remove(); ${reveal} };
document.querySelector('button.accept').addEventListener('click', accept);
document.querySelector('button.reject').addEventListener('click', () => { document.querySelector('.wall-note').textContent = 'You rejected cookies. Subscribe to read without advertising, or accept cookies to continue reading for free.'; });
// A reader who accepted before (the cookie) is shown the article at once.
if (document.cookie.includes('consent=yes')) accept();
</script>`,
      };
      break;
    }
    case 'lazy': {
      // Two paragraphs in the HTML; the rest arrives in three parts as the reader scrolls.
      const first = s.paragraphs.slice(0, 2);
      const rest = s.paragraphs.slice(2);
      const parts = [0, 1, 2].map((k) => rest.filter((_, i) => i % 3 === k));
      parts.forEach((part, k) => (api[`/live/api/${kind}/${n}/part/${k}.json`] = { paragraphs: part }));
      truthParagraphs = [...first, ...parts.flat()];
      const trigger =
        variant === 0
          ? `new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) more(); }).observe(sentinel);`
          : `addEventListener('scroll', () => { if (sentinel.getBoundingClientRect().top < innerHeight + 100) more(); }, { passive: true });`;
      main = `<article>${articleHead(s)}<div class="figure" style="height:700px;background:#ccd">Photograph</div><div id="body">${paras(first)}</div><div id="sentinel" style="height:40px"><span class="spinner">Loading more…</span></div></article>`;
      extra = {
        after: `<script>
const sentinel = document.getElementById('sentinel'); let next = 0, busy = false;
const esc = (t) => t.replace(/&/g,'&amp;').replace(/</g,'&lt;');
async function more() {
  if (busy || next > 2) return; busy = true;
  const data = await (await fetch('/live/api/${kind}/${n}/part/' + next + '.json')).json();
  document.getElementById('body').insertAdjacentHTML('beforeend', '<div class="figure" style="height:500px;background:#dde">Advertisement</div>' + data.paragraphs.map((p) => '<p>' + esc(p) + '</p>').join(''));
  next += 1; busy = false; if (next > 2) sentinel.remove();
}
${trigger}
</script>`,
      };
      break;
    }
    case 'clamped': {
      // The whole text is in the DOM, cut by max-height or line-clamp, with a toggle.
      const clamp =
        variant === 0
          ? `#body.clamped{max-height:240px;overflow:hidden;position:relative}`
          : `#body.clamped p{display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}#body.clamped p:nth-child(n+3){display:none}`;
      if (variant === 2) {
        // An anchor, not a button, and no class toggling: the page's handler lifts the clamp.
        main = `<article>${articleHead(s)}<div class="article-body" style="max-height:200px;overflow:hidden">${paras(s.paragraphs)}</div><a href="#" class="expand" onclick="this.previousElementSibling.style.maxHeight='none';this.remove();return false">Continue reading</a></article>`;
        break;
      }
      main = `<article>${articleHead(s)}<div id="body" class="clamped">${paras(s.paragraphs)}</div><button id="more" type="button">Read more</button></article>`;
      extra = {
        head: `<style>${clamp}</style>`,
        after: `<script>document.getElementById('more').addEventListener('click', (e) => { document.getElementById('body').classList.toggle('clamped'); e.target.textContent = document.getElementById('body').classList.contains('clamped') ? 'Read more' : 'Show less'; });</script>`,
      };
      break;
    }
    case 'paywall': {
      // The text is in the DOM under a box that asks for a subscription.
      const box = `<h2>Subscribe to keep reading</h2><p>You have reached your limit of free articles this month. Subscribe today for unlimited access to award-winning journalism, our apps and the daily edition, from just 1 a week for the first year. Cancel anytime.</p><button>Subscribe now</button> <a href="/live/login">Sign in</a>`;
      main =
        variant === 0
          ? `<article style="position:relative">${articleHead(s)}${paras(s.paragraphs)}<div class="paywall" style="position:absolute;left:0;right:0;top:260px;bottom:0;background:linear-gradient(transparent,#fff 120px);padding-top:140px;font:16px Arial,sans-serif"><div style="background:#fff;border:1px solid #ccc;padding:24px">${box}</div></div></article>`
          : `<article>${articleHead(s)}${paras(s.paragraphs)}</article>`;
      if (variant === 2) {
        extra = { after: `<div class="paywall-sticky" style="position:sticky;bottom:0;height:60vh;background:#fff;z-index:5;font:16px Arial,sans-serif;padding:24px">${box}</div>` };
      }
      if (variant === 1) {
        extra = {
          bodyAttrs: ' style="overflow:hidden"',
          after: `<div class="tp-modal" style="position:fixed;inset:0;z-index:9999;background:rgba(255,255,255,.85)"><div style="max-width:560px;margin:20vh auto;background:#fff;border:1px solid #ccc;padding:32px;font:16px Arial,sans-serif">${box}</div></div>`,
        };
      }
      break;
    }
    case 'shadow-dom': {
      // The body is in a shadow root: attached by a script (variant 0) or declarative (1).
      main =
        variant === 0
          ? `<news-article></news-article><script>
customElements.define('news-article', class extends HTMLElement { connectedCallback() { const root = this.attachShadow({ mode: 'open' }); const data = ${scriptJson(s)}; const esc = (t) => t.replace(/&/g,'&amp;').replace(/</g,'&lt;'); root.innerHTML = '<style>p{margin:0 0 1em}</style><article><h1>' + esc(data.title) + '</h1><p class="byline">By ' + esc(data.author) + '</p>' + data.paragraphs.map((p) => '<p>' + esc(p) + '</p>').join('') + '</article>'; } });
</script>`
          : variant === 2
            ? `<story-frame></story-frame><script>
customElements.define('story-body', class extends HTMLElement { connectedCallback() { const data = ${scriptJson(s)}; const esc = (t) => t.replace(/&/g,'&amp;').replace(/</g,'&lt;'); this.attachShadow({ mode: 'open' }).innerHTML = '<h1>' + esc(data.title) + '</h1>' + data.paragraphs.map((p) => '<p>' + esc(p) + '</p>').join(''); } });
customElements.define('story-frame', class extends HTMLElement { connectedCallback() { this.attachShadow({ mode: 'open' }).innerHTML = '<section><story-body></story-body></section>'; } });
</script>`
            : `<news-article><template shadowrootmode="open"><style>p{margin:0 0 1em}</style><article>${articleHead(s)}${paras(s.paragraphs)}</article></template></news-article>`;
      break;
    }
    case 'ticking-clock': {
      // Never settles: a clock ticks in the header; the story itself is fetched after load.
      api[apiPath] = s;
      main = `<div id="app"><p class="loading">Loading…</p></div>`;
      extra = {
        after: `<script>setInterval(() => { document.querySelector('.clock').textContent = new Date().toISOString().slice(11, 23); }, 50);</script>${renderFromJson(apiPath, '#app', rng.int(250, 600))}`,
      };
      break;
    }
    case 'websocket-ticker': {
      // Never settles, and its network is never idle: a websocket stays open and pushes a
      // headline into a ticker strip every 250 ms. Variant 0 has its body in the HTML; variant 1
      // fetches it as JSON after load, while the ticker already runs.
      const ticker = `<div class="ticker" aria-live="polite">Live: connecting to the newsroom feed…</div>`;
      if (variant === 0) main = `${ticker}<article>${articleHead(s)}${paras(s.paragraphs)}</article>`;
      else {
        api[apiPath] = s;
        main = `${ticker}<div id="app"><p class="loading">Loading…</p></div>`;
      }
      extra = {
        after: `<script>
const socket = new WebSocket(location.origin.replace(/^http/, 'ws') + '/live/ws/ticker');
socket.onmessage = (event) => { document.querySelector('.ticker').textContent = 'Live: ' + event.data; };
</script>${variant === 1 ? renderFromJson(apiPath, '#app', rng.int(300, 700)) : ''}`,
      };
      break;
    }
    case 'third-party-ads': {
      // A news page as ad-funded sites serve it: the article in the HTML (variant 0) or fetched
      // as JSON after load (variant 1), with a third-party ad tag, a header bidder and a tracking
      // pixel that hold `load` back for 0.4–0.9 s and weigh ~250 kB; the tag then puts an
      // "Advertisement" box between the article's paragraphs, an ad frame beside it, and sends
      // eight analytics beacons 250 ms apart. None of it is the article.
      const origin = (host: string): string => `http://${host}:${PORT_MARK}`;
      const tags = `<script async src="${origin(AD_HOSTS.tag)}/tag/js/gpt.js"></script><script async src="${origin(AD_HOSTS.bidder)}/aax2/apstag.js"></script><img src="${origin(AD_HOSTS.pixel)}/p?c1=2&amp;c2=${n}" width="1" height="1" alt="" style="position:absolute;left:-9px">`;
      if (variant === 0) main = `<article>${articleHead(s)}<div class="article-body">${paras(s.paragraphs)}</div></article>`;
      else {
        api[apiPath] = s;
        main = `<div id="app"><p class="loading">Loading…</p></div>`;
      }
      extra = { head: tags, ...(variant === 1 ? { after: renderFromJson(apiPath, '#app', rng.int(250, 600)) } : {}) };
      break;
    }
    case 'endless-feed': {
      // Never settles: below the story, further stories are appended without end as the
      // reader scrolls (each its own <article>): they are not part of this page's body.
      main = `<article class="lead">${articleHead(s)}${paras(s.paragraphs)}</article><section id="feed"><h2>Read next</h2></section><div id="feed-end" style="height:40px">Loading…</div>`;
      extra = {
        after: `<script>
let k = 0, busy = false;
const esc = (t) => t.replace(/&/g,'&amp;').replace(/</g,'&lt;');
async function more() {
  if (busy) return; busy = true;
  const data = await (await fetch('/live/api/feed/${n}/' + k + '.json')).json(); k += 1;
  document.getElementById('feed').insertAdjacentHTML('beforeend', '<article class="next"><h2>' + esc(data.title) + '</h2>' + data.paragraphs.slice(0, 3).map((p) => '<p>' + esc(p) + '</p>').join('') + '</article>');
  busy = false;
  if (document.getElementById('feed-end').getBoundingClientRect().top < innerHeight + 200) more();
}
new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) more(); }).observe(document.getElementById('feed-end'));
</script>`,
      };
      break;
    }
  }
  const html = frame(seed, key, s.title, main, extra);
  void path;
  return { built: { html, api }, info: { kind, variant, title: s.title, truth: truthParagraphs.join('\n\n') } };
}

/**
 * The ad tag every page loads (its path is on EasyList): after a moment it fills a slot in the
 * sidebar and sends six beacons, 300 ms apart (on the page's own origin, as first-party
 * analytics proxies do), which keep the network busy for about two seconds.
 */
const AD_TAG = `(() => {
  setTimeout(() => {
    const aside = document.querySelector('aside');
    if (aside) aside.insertAdjacentHTML('afterbegin', '<div class="ad-slot"><small>Advertisement</small><p>Sponsored: compare energy tariffs in your area and save on your bills this winter.</p></div>');
  }, 200);
  let k = 0;
  const beacon = () => { fetch('/collect?v=1&t=' + k).catch(() => {}); if (++k < 6) setTimeout(beacon, 300); };
  beacon();
})();`;

/**
 * The third-party ad tag (served as `AD_HOSTS.tag`): after a moment an "Advertisement" box
 * between the article's second and third paragraphs (inside the body, as in-article ads are),
 * an ad frame in the sidebar, and eight analytics beacons 250 ms apart. Padded to the weight of
 * a real ad library (~100 kB, as a long comment).
 */
function thirdPartyAdTag(port: number): string {
  const origin = (host: string): string => `http://${host}:${port}`;
  return `(() => {
  setTimeout(() => {
    const paragraphs = document.querySelectorAll('article p:not(.byline)');
    const at = paragraphs[Math.min(2, paragraphs.length - 1)];
    if (at) at.insertAdjacentHTML('afterend', '<div class="ad-slot"><small>Advertisement</small><p>Sponsored: switch your broadband today and get the first three months free, with no setup fee and a router included. Offer ends Sunday; terms apply.</p></div>');
    const aside = document.querySelector('aside');
    if (aside) aside.insertAdjacentHTML('afterbegin', '<iframe src="${origin(AD_HOSTS.frame)}/safeframe/container.html" width="300" height="250" style="border:0"></iframe>');
  }, 1500);
  let k = 0;
  const beacon = () => { fetch('${origin(AD_HOSTS.analytics)}/g/collect?v=2&t=' + k, { mode: 'no-cors' }).catch(() => {}); if (++k < 8) setTimeout(beacon, 250); };
  beacon();
})();
/* ${'x'.repeat(100_000)} */`;
}

/** What the third-party hosts serve (by path; the host is not looked at): content type, latency, body. */
const THIRD_PARTY: Record<string, { type: string; delayMs: number; body: (port: number) => string }> = {
  '/tag/js/gpt.js': { type: 'text/javascript', delayMs: 600, body: thirdPartyAdTag },
  '/aax2/apstag.js': { type: 'text/javascript', delayMs: 900, body: () => `window.apstag = { init() {}, fetchBids() {} };\n/* ${'b'.repeat(150_000)} */` },
  '/p': { type: 'image/gif', delayMs: 400, body: () => 'GIF89a' },
  '/safeframe/container.html': { type: 'text/html; charset=utf-8', delayMs: 300, body: () => `<!doctype html><body style="margin:0;background:#fe8;font:14px Arial"><p>Advertisement: new cars from 199 a month. Book a test drive today.</p></body>` },
};

const HOST = '127.0.0.1';
const PAGE_PATH = /^\/live\/([a-z-]+)\/(\d+)$/;
const FEED_PATH = /^\/live\/api\/feed\/(\d+)\/(\d+)\.json$/;
/** An endless feed serves at most this many items per page (far past any scroll budget). */
const MAX_FEED_ITEMS = 10_000;

/** Serves the live family on 127.0.0.1 (one port). JSON answers come after 80–250 ms. */
export async function startLiveFamily(options: LiveFamilyOptions = {}): Promise<LiveFamily> {
  const seed = options.seed ?? 1;
  const perKind = options.perKind ?? 4;
  if (!Number.isInteger(perKind) || perKind < 1 || perKind > 1000) throw new RangeError('perKind must be an integer in 1…1000');
  const kinds = options.kinds ?? LIVE_KINDS;
  const counts: Record<string, number> = {};
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  const built = new Map<string, Built>();
  const apis = new Map<string, unknown>();
  const pages: LivePageInfo[] = [];
  for (const kind of kinds) {
    for (let n = 0; n < perKind; n++) {
      const path = `/live/${kind}/${n}`;
      const { built: page, info } = buildPage(seed, kind, n, path);
      built.set(path, page);
      for (const [p, body] of Object.entries(page.api)) apis.set(p, body);
      pages.push({ url: path, ...info });
    }
  }
  const send = (response: ServerResponse, status: number, type: string, body: string): void => {
    response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
    response.end(body);
  };
  let port = 0;
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0]!;
    counts[path] = (counts[path] ?? 0) + 1;
    if (closed) return void response.destroy();
    const page = built.get(path);
    if (page) return send(response, 200, 'text/html; charset=utf-8', page.html.replaceAll(PORT_MARK, String(port)));
    const third = THIRD_PARTY[path];
    if (third) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(response, 200, third.type, third.body(port));
      }, third.delayMs);
      timers.add(timer);
      return;
    }
    if (path === '/live/ads/gpt.js') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(response, 200, 'text/javascript', AD_TAG);
      }, 300);
      timers.add(timer);
      return;
    }
    if (path === '/collect' || path === '/g/collect') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        response.writeHead(204, { 'cache-control': 'no-store' });
        response.end();
      }, 150);
      timers.add(timer);
      return;
    }
    const json = apis.get(path);
    const feed = FEED_PATH.exec(path);
    if (json !== undefined || feed) {
      const latency = 80 + (Rng.of(seed, 'latency', path).int(0, 170));
      const body = json ?? (Number(feed![2]) < MAX_FEED_ITEMS ? story(seed, `feed/${feed![1]}/${feed![2]}`) : null);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (body === null) send(response, 404, 'application/json', 'null');
        else send(response, 200, 'application/json; charset=utf-8', JSON.stringify(body));
      }, latency);
      timers.add(timer);
      return;
    }
    if (PAGE_PATH.test(path) || path === '/') return send(response, 404, 'text/html; charset=utf-8', '<h1>Not found</h1>');
    send(response, 404, 'text/html; charset=utf-8', '<h1>Not found</h1>');
  });
  // The websocket ticker (websocket-ticker pages): a headline every 250 ms until the client or
  // the family closes. Only what the ticker needs of RFC 6455: the handshake and unmasked
  // server text frames; what the client sends is ignored.
  const sockets = new Set<Socket>();
  server.on('upgrade', (request: IncomingMessage, socket: Socket) => {
    const key = request.headers['sec-websocket-key'];
    if (closed || request.url !== '/live/ws/ticker' || typeof key !== 'string') return void socket.destroy();
    const accept = createHash('sha1').update(key + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    sockets.add(socket);
    const rng = Rng.of(seed, 'ticker');
    const bank = bankFor('en');
    const interval = setInterval(() => {
      const text = Buffer.from(`${new Date().toISOString().slice(11, 19)} ${headline(bank, rng)}`);
      // A text frame, FIN set, no mask; headlines are under 126 bytes or take the 16-bit length.
      const header = text.length < 126 ? Buffer.from([0x81, text.length]) : Buffer.from([0x81, 126, text.length >> 8, text.length & 0xff]);
      socket.write(Buffer.concat([header, text]));
    }, 250);
    const end = (): void => {
      clearInterval(interval);
      sockets.delete(socket);
    };
    socket.on('close', end);
    socket.on('error', end);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://${HOST}:${port}`;
  for (const page of pages) page.url = origin + page.url;
  return {
    origin,
    pages,
    hostAddresses: Object.fromEntries(Object.values(AD_HOSTS).map((host) => [host, HOST])),
    stats: () => ({ ...counts }),
    close: async () => {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
