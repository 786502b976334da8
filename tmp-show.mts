import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { extractFromSnapshot } from './src/extract/from-snapshot.js';
const [corpus, id] = process.argv.slice(2);
const entry = JSON.parse(gunzipSync(readFileSync(`out/snapshots/${corpus}/${id}.json.gz`)).toString('utf8'));
const r = extractFromSnapshot(entry.snapshot);
console.log(r.kind === 'article' ? r.article.text : r);
