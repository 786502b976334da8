import { gunzipSync } from 'node:zlib';
import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'parse5';
function walk(n: any, f: (n: any) => void) { f(n); for (const c of n.childNodes ?? []) walk(c, f); if (n.content) walk(n.content, f); }
const text = (n: any): string => { let s = ''; walk(n, (x) => { if (x.nodeName === '#text') s += x.value; }); return s; };
const attr = (n: any, k: string) => n.attrs?.find((a: any) => a.name === k)?.value ?? null;
function parseHTML(h: string) {
  const root = parse(h);
  const els: any[] = []; walk(root, (x) => { if (x.tagName) els.push(x); });
  return { document: {
    querySelector(sel: string) { return this.querySelectorAll(sel)[0]; },
    querySelectorAll(sel: string) {
      const m = sel.match(/^(\w+)(?:\[(\w+)="([^"]+)"\])?$/)!;
      return els.filter((e) => e.tagName === m[1] && (!m[2] || attr(e, m[2]) === m[3])).map((e) => ({ textContent: text(e), getAttribute: (k: string) => attr(e, k) }));
    },
  } };
}
const dir = '/work/shared/data/wcxb-dev';
const norm = (s: string | null | undefined) => (s ?? '').normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const after = new Map<string, string | null>();
for (const l of readFileSync('/tmp/meta-pages.jsonl', 'utf8').split('\n').filter(Boolean)) { const r = JSON.parse(l); after.set(r.id, r.after?.title ?? null); }
const counts: Record<string, number> = {};
let n = 0;
const out: string[] = [];
for (const f of readdirSync(`${dir}/ground-truth`)) {
  const id = f.replace('.json', '');
  const gt = JSON.parse(readFileSync(`${dir}/ground-truth/${f}`, 'utf8'));
  const truth = norm(gt.ground_truth.title);
  if (!truth) continue;
  n++;
  let html = '';
  try { html = gunzipSync(readFileSync(`${dir}/html/${id}.html.gz`)).toString('utf8'); } catch { continue; }
  const { document } = parseHTML(html);
  const meta = (sel: string) => document.querySelector(sel)?.getAttribute('content') ?? null;
  const title = document.querySelector('title')?.textContent ?? null;
  const h1s = [...document.querySelectorAll('h1')].map((h: any) => h.textContent);
  const segs = (title ?? '').split(/\s[|\-–—:·•»]\s|\s[|·•»]|[|·•»]\s/);
  const src: Record<string, boolean> = {
    title: norm(title) === truth,
    titleSeg: segs.some((s) => norm(s) === truth),
    og: norm(meta('meta[property="og:title"]')) === truth,
    tw: norm(meta('meta[name="twitter:title"]')) === truth,
    h1first: norm(h1s[0]) === truth,
    h1any: h1s.some((h) => norm(h) === truth),
    ours: norm(after.get(id)) === truth,
  };
  src.any = Object.values(src).some(Boolean);
  for (const [k, v] of Object.entries(src)) if (v) counts[k] = (counts[k] ?? 0) + 1;
  if (!src.ours && src.any) out.push(`${id} ${Object.entries(src).filter(([, v]) => v).map(([k]) => k).join(',')} | truth ${gt.ground_truth.title} | ours ${after.get(id)}`);
}
console.log(n, Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, (v / n).toFixed(3)])));
console.log(out.length); console.log(out.slice(0, 60).join('\n'));
