/**
 * Long-run robustness benchmarks (issue 14), on AEB pages repeated and generated pages:
 *
 *   heal: Chromium is killed (SIGKILL) `--kills` times at seeded random moments during a
 *         `--pages` run; prints pages lost (must be 0), pages retried, browsers relaunched.
 *   soak: `--pages` pages through render → extract, results dropped as they are written; prints
 *         the RSS of Node and of the whole Chromium tree every `--every` pages, and Node's heap
 *         right after a forced full GC (`npm run bench:hostile` runs node with --expose-gc), so
 *         that growth of live objects shows apart from RSS noise (allocator slack, young
 *         garbage not yet collected).
 *
 *   npm run bench:hostile -- heal [--pages 500] [--kills 10] [--concurrency 2]
 *   npm run bench:hostile -- soak [--pages 10000] [--every 1000] [--concurrency 2] [--source both|aeb|generated]
 *   npm run bench:hostile -- budget [--concurrency 2] [--repeat 1]
 *
 *   budget: the hostile shapes of issue 21 item 8 (a 1,000 × 100 table, 150,000 list items, a
 *         10 MB text node, a 5 MB stylesheet, 30,000 nested divs, a comment-led page without a
 *         doctype) rendered and extracted at the session's default time budget, `--concurrency` at a time; prints each page's total time (render call to extracted result), its
 *         outcome and its cuts, so a page past budget + margin shows.
 *
 * `--source generated` takes only generated pages (small news pages, and every 100th page a
 * hostile one: a 5,000-item link list, a 100-column table, 300 levels of nesting, a 2 MB text),
 * `aeb` only the AEB pages, `both` (default) the two in turn.
 */
import { answerHelp } from './help.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { extractFromSnapshot } from '../src/extract/from-snapshot.js';
import { RenderSession } from '../src/render/session.js';
import { chromiumPids, chromiumRssBytes } from '../src/testing/process-tree.js';

answerHelp(import.meta.url);

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    pages: { type: 'string' },
    kills: { type: 'string', default: '10' },
    every: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '2' },
    aeb: { type: 'string', default: '../shared/data/aeb/html' },
    source: { type: 'string', default: 'both' },
    repeat: { type: 'string', default: '1' },
  },
});
const mode = positionals[0] ?? 'soak';
const total = Number(values.pages ?? (mode === 'heal' ? 500 : 10_000));
const concurrency = Number(values.concurrency);

/** AEB pages (gunzipped once) and one generated page per AEB page, taken in turn. */
function loadPages(): Buffer[] {
  const pages: Buffer[] = [];
  if (values.source !== 'generated') try {
    for (const name of readdirSync(values.aeb!).filter((n) => n.endsWith('.html.gz')).sort()) {
      pages.push(gunzipSync(readFileSync(join(values.aeb!, name))));
    }
  } catch {
    process.stderr.write(`no AEB pages at ${values.aeb}; generated pages only\n`);
  }
  if (values.source === 'aeb') return pages;
  const generated = Math.max(pages.length, 100);
  for (let i = 0; i < generated; i++) {
    if (i % 100 === 99) {
      pages.push(Buffer.from(hostilePage(Math.floor(i / 100))));
      continue;
    }
    const paragraphs = Array.from({ length: 5 + (i % 20) }, (_, p) => `<p>Paragraph ${p} of story ${i}: the council met on Tuesday and agreed the new budget after a long debate about roads.</p>`).join('');
    const links = Array.from({ length: 20 + (i % 50) }, (_, l) => `<li><a href="/s/${l}">Another story ${l}</a></li>`).join('');
    pages.push(Buffer.from(`<!doctype html><html><head><title>Story ${i}</title></head><body><nav><ul>${links}</ul></nav><article><h1>Story ${i}</h1>${paragraphs}</article><footer>© News</footer></body></html>`));
  }
  return pages;
}

/** A large page of one hostile shape (bench-scale.ts has the full set), the article first. */
function hostilePage(k: number): string {
  const article = '<article><h1>Council agrees budget</h1>' + '<p>The council met on Tuesday and agreed the new budget after a long debate about roads, schools and the harbour.</p>'.repeat(8) + '</article>';
  const shapes = [
    `<ul>${'<li><a href="/x">More news today</a></li>'.repeat(5_000)}</ul>`,
    `<table>${`<tr>${'<td>42.0</td>'.repeat(100)}</tr>`.repeat(100)}</table>`,
    `${'<div>'.repeat(300)}x${'</div>'.repeat(300)}`,
    `<div>${'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore '.repeat(20_000)}</div>`,
  ];
  return `<!doctype html><html><head><title>Council agrees budget</title></head><body>${article}${shapes[k % shapes.length]}</body></html>`;
}

const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);

/** The held-out hostile shapes of issue 21 item 8, each after a short article. */
function budgetPages(): Array<{ name: string; html: string }> {
  const article = '<article><h1>Council agrees budget</h1>' + '<p>The council met on Tuesday and agreed the new budget after a long debate about roads, schools and the harbour.</p>'.repeat(8) + '</article>';
  const wrap = (body: string, head = ''): string => `<!doctype html><html><head><title>Council agrees budget</title>${head}</head><body>${article}${body}</body></html>`;
  const rule = (k: number): string => `.c${k} .d${k % 97} > span:not(.x${k % 13}) { color: #${(k % 4096).toString(16).padStart(3, '0')}; margin: ${k % 17}px }\n`;
  let css = '';
  for (let k = 0; css.length < 5_000_000; k++) css += rule(k);
  return [
    { name: 'table 1,000 x 100', html: wrap(`<table>${`<tr>${'<td>42.0</td>'.repeat(100)}</tr>`.repeat(1_000)}</table>`) },
    { name: 'wide 150,000 li', html: wrap(`<ul>${'<li><a href="/x">More news today</a></li>'.repeat(75_000)}</ul>`) },
    { name: 'text 10 MB', html: wrap(`<div>${'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore '.repeat(100_000)}</div>`) },
    { name: 'stylesheet 5 MB', html: wrap(`<div class="c1"><div class="d1"><span>styled</span></div></div>`, `<style>${css}</style>`) },
    { name: 'deep 30,000 div', html: wrap(`${'<div>\n'.repeat(30_000)}x${'</div>'.repeat(30_000)}`) },
    { name: 'comments, no doctype 5 MB', html: `<!-- generated by an old CMS -->\n<html><head><title>Council agrees budget</title></head><body>${`<!-- block start --><nav><a href="/a">Home</a> <a href="/b">News</a></nav><!-- block end -->\n`.repeat(55_000)}${article}</body></html>` },
  ];
}

async function budget(): Promise<void> {
  const pages = budgetPages();
  const repeat = Number(values.repeat);
  const session = await RenderSession.launch({ concurrency });
  console.log('page\tKB\ttotal_ms\toutcome\tcuts');
  const jobs = Array.from({ length: repeat }, () => pages).flat();
  const started = performance.now();
  let next = 0;
  // `--concurrency` pages in flight, each timed from its own render call (as `extract` times a page).
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      const { name, html } = jobs[i]!;
      const bytes = Buffer.from(html);
      const t0 = performance.now();
      let outcome: string;
      let cuts = '';
      try {
        outcome = await session.render({ kind: 'html', bytes, url: `http://saved.invalid/budget-${i}.html`, label: name }, async (p) => {
          cuts = p.cuts.map((c) => `${c.kind}:${c.tag}×${c.count}`).join(' ');
          return extractFromSnapshot(p.snapshot).kind;
        });
      } catch (error) {
        outcome = (error as { code?: string }).code ?? 'internal';
      }
      console.log(`${name}\t${Math.round(bytes.length / 1024)}\t${Math.round(performance.now() - t0)}\t${outcome}\t${cuts || '-'}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await session.close();
  console.log(`${jobs.length} pages at concurrency ${concurrency} · ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  if (mode === 'budget') return budget();
  const pages = loadPages();
  const others = new Set(chromiumPids());
  const session = await RenderSession.launch({ concurrency });
  const kills = mode === 'heal' ? Number(values.kills) : 0;
  // Kill after these many finished pages, spread evenly, each plus a seeded delay of 0–300 ms.
  const killAt = new Set(Array.from({ length: kills }, (_, k) => Math.round(((k + 0.5) * total) / kills)));
  let seed = 11;
  let killed = 0;
  let done = 0;
  let failed = 0;
  let articles = 0;
  const failures = new Map<string, number>();
  const started = performance.now();
  const every = Number(values.every);
  /** A full collection, when node runs with --expose-gc (the npm script does). */
  const gc = (globalThis as { gc?: () => void }).gc;
  if (mode === 'soak') {
    if (!gc) process.stderr.write('node runs without --expose-gc: heap_after_gc_mb is "-" (use npm run bench:hostile)\n');
    console.log('pages\tseconds\tnode_rss_mb\tnode_heap_mb\theap_after_gc_mb\tchromium_rss_mb');
  }
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < total) {
      const i = next++;
      const bytes = pages[i % pages.length]!;
      try {
        const kind = await session.render({ kind: 'html', bytes, url: `http://saved.invalid/${i}.html`, label: String(i) }, async (p) => extractFromSnapshot(p.snapshot).kind);
        if (kind === 'article') articles++;
      } catch (error) {
        failed++;
        const code = (error as { code?: string }).code ?? 'internal';
        failures.set(code, (failures.get(code) ?? 0) + 1);
      }
      done++;
      if (killAt.has(done)) {
        seed = (seed * 48271) % 2147483647;
        setTimeout(() => {
          const victim = chromiumPids().find((pid) => !others.has(pid));
          if (victim === undefined) return;
          others.add(victim);
          process.kill(victim, 'SIGKILL');
          killed++;
        }, seed % 300);
      }
      if (mode === 'soak' && done % every === 0) {
        const m = process.memoryUsage();
        let afterGc = '-';
        if (gc) {
          gc();
          afterGc = mb(process.memoryUsage().heapUsed);
        }
        console.log(`${done}\t${((performance.now() - started) / 1000).toFixed(0)}\t${mb(m.rss)}\t${mb(m.heapUsed)}\t${afterGc}\t${mb(chromiumRssBytes())}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await session.close();
  const seconds = (performance.now() - started) / 1000;
  const failureList = [...failures].map(([c, n]) => `${c}×${n}`).join(', ') || 'none';
  if (mode === 'heal') {
    console.log(`pages ${total} · kills ${killed} · relaunches ${session.health.relaunches} · retried ${session.health.retried} · failed (lost) ${failed} [${failureList}] · articles ${articles} · ${seconds.toFixed(0)} s`);
  } else {
    console.log(`pages ${total} · failed ${failed} [${failureList}] · articles ${articles} · ${seconds.toFixed(0)} s · ${(total / seconds).toFixed(1)} pages/s`);
  }
}

await main();
