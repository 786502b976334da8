// The patterns that issue 21's regexp lint flagged in src/, old against new: each rewrite must give
// the same result as the pattern it replaced. Runs every pair on 200,000 random strings over the
// characters that matter to it and prints how many differ (0 for each). `node scripts/regexp-rewrites.mjs`
// The old patterns are kept here on purpose, as the reference; they are quadratic on long runs.
/* oxlint-disable regexp/no-super-linear-move, regexp/no-super-linear-backtracking, regexp/no-dupe-disjunctions */
let seed = 7; const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
const gen = (alpha, max) => { const n = Math.floor(rnd() * max); let s = ''; for (let i = 0; i < n; i++) s += alpha[Math.floor(rnd() * alpha.length)]; return s; };
const cases = [
  ['trimEnd', (s) => s.replace(/\s+$/u, ''), (s) => s.trimEnd(), [' ', '\t', '\n', 'a', '\u00a0', '\u2028', '\ufeff', '\u3000']],
  ['title', (s) => s.split(/\s+[|–—-]\s+|\s*::\s*|\|/u), (s) => s.split(/(?<!\s)\s+[|–—-]\s+|(?<!\s)\s*::\s*|\|/u), [' ', ':', '|', '-', '—', 'a', '\n']],
  ['block', (s) => /^\s*<(p|h[2-6]|ul|ol|blockquote|pre|figure|table|div)/u.test(s), (s) => /^\s*<(pre|p|h[2-6]|ul|ol|blockquote|figure|table|div)/u.test(s), [' ', '<', 'p', 'r', 'e', 'h', '2', 'd', 'i', 'v']],
  ['dots', (s) => s.replace(/\.+$/, ''), (s) => s.replace(/(?<!\.)\.+$/, ''), ['.', 'a', '\n']],
  ['slashes', (s) => s.replace(/\/+$/, ''), (s) => s.replace(/(?<!\/)\/+$/, ''), ['/', 'a']],
  ['digits', (s) => s.replace(/\d+$/, ''), (s) => s.replace(/(?<!\d)\d+$/, ''), ['1', 'a', '\n']],
  ['prefix', (s) => /^(cat|category|section|sec|tag|topic|author|user|session|sess|page|sort|ref|campaign|client|partner|site|lang)/.test(s), (s) => /^(category|cat|section|sec|tag|topic|author|user|session|sess|page|sort|ref|campaign|client|partner|site|lang)/.test(s), ['cat', 'egory', 'x', 'sess', 'ion']],
  ['word', (s) => s.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''), (s) => s.replace(/^[^\p{L}\p{N}]+|(?<![^\p{L}\p{N}])[^\p{L}\p{N}]+$/gu, ''), ['a', '1', '.', '-', ' ', 'é']],
  ['dataset', (s) => s.replace(/^[._]+|[._]+$/g, ''), (s) => s.replace(/^[._]+|(?<![._])[._]+$/g, ''), ['.', '_', 'a']],
  ['domain', (s) => s.replace(/^\.+|\.+$/g, ''), (s) => s.replace(/^\.+|(?<!\.)\.+$/g, ''), ['.', 'a']],
  ['attrs', (s) => [...s.matchAll(/([^\s=<>"'/]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)].map((m) => [m.index, ...m]), (s) => [...s.matchAll(/(?<![^\s=<>"'/])([^\s=<>"'/]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)].map((m) => [m.index, ...m]), ['a', '=', ' ', '"', "'", '>', '<', '/']],
  ['price', (s) => s.match(/[$€£¥₹₽]\s?\d|\d[\d.,]*\s?(?:€|zł|kr|₽|руб|USD|EUR)/gu)?.length ?? 0, (s) => s.match(/[$€£¥₹₽]\s?\d|(?:(?<![\d.,])[.,]*|(?<=[$€£¥₹₽]\s?\d))\d[\d.,]*\s?(?:€|zł|kr|₽|руб|USD|EUR)/gu)?.length ?? 0, ['1', '2', '.', ',', ' ', '€', '$', 'kr', '₽', 'x']],
  ['sizes', (s) => /^\s*(\(.*\))?\s*([\d.]+)(px|vw|em|rem)\s*$/i.exec(s), (s) => /^\s*(?:(\(.*\))\s*)?([\d.]+)(px|vw|em|rem)\s*$/i.exec(s), [' ', '(', ')', '1', '.', 'px', 'vw', 'x']],
  ['token', (s) => [...s.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)/g)].map((m) => [m.index, ...m]), (s) => [...s.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)(?![a-zA-Z0-9])([^>]*)>|([^<]+)/g)].map((m) => [m.index, ...m]), ['<', '>', '/', 'a', '1', ' ', '"']],
  ['attr', (s) => [...s.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((m) => [m.index, ...m]), (s) => [...s.matchAll(/(?<![a-zA-Z-])([a-zA-Z-]+)="([^"]*)"/g)].map((m) => [m.index, ...m]), ['a', '-', '=', '"', ' ']],
  // A URL's href has no line breaks (the URL parser removes them), so '#' to the end is the same.
  ['hash', (s) => s.replace(/#.*$/, ''), (s) => s.replace(/#[^]*/, ''), ['#', 'a', '/']],
  // The head scans of inputs.ts and opt-outs.ts, cut at the last '>'.
  ['metas', (s) => [...s.matchAll(/<(link|meta)\b[^>]*>/gi)].map((m) => [m.index, ...m]), (s) => [...s.slice(0, s.lastIndexOf('>') + 1).matchAll(/<(link|meta)\b[^>]*>/gi)].map((m) => [m.index, ...m]), ['<meta', '<link', '>', ' ', 'a', '<', '"']],
];
for (const [name, before, after, alpha] of cases) {
  let diffs = 0; let example;
  for (let i = 0; i < 200000; i++) { const s = gen(alpha, 14); if (JSON.stringify(before(s)) !== JSON.stringify(after(s))) { diffs++; example ??= s; } }
  console.log(name.padEnd(8), diffs === 0 ? 'same on 200000 strings' : `${diffs} differ, e.g. ${JSON.stringify(example)}`);
}
