/**
 * Prints the explanation of one cached page: top units by score, the seed, roles.
 *   npx tsx scripts/explain-cached.ts aeb <id-prefix> [--all]
 */
import { answerHelp } from './help.js';
import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { extractFromSnapshot } from '../src/extract/from-snapshot.js';
import type { LayoutSnapshot } from '../src/types.js';

answerHelp(import.meta.url);

const [corpus = 'aeb', prefix = ''] = process.argv.slice(2);
const all = process.argv.includes('--all');
const dir = `out/snapshots/${corpus}`;
const file = readdirSync(dir).find((f) => f.startsWith(prefix));
if (!file) throw new Error('no such page');
const entry = JSON.parse(gunzipSync(readFileSync(`${dir}/${file}`)).toString('utf8')) as { snapshot: LayoutSnapshot };
const r = extractFromSnapshot(entry.snapshot);
console.log(file, r.kind, r.kind === 'none' ? r.reason : '', 'seed', r.explanation.seedOrder, 'container', r.explanation.containerId, 'nodes', entry.snapshot.nodes.length);
const units = all ? r.explanation.units : [...r.explanation.units].sort((a, b) => b.score - a.score).slice(0, 25);
for (const u of units) {
  console.log(`${String(u.order).padStart(4)} ${u.score.toFixed(3)} ${u.tag.padEnd(8)} len ${String(u.textLength).padStart(5)} ld ${u.features.linkDensity.toFixed(2)} ${u.included ? 'IN ' : '   '} ${u.role.padEnd(14)} ${u.reason.slice(0, 60).padEnd(60)} | ${u.preview.replace(/\s+/g, ' ').slice(0, 70)}`);
}
if (r.kind === 'article') console.log('\nTEXT:\n' + r.article.text.slice(0, 1500));
