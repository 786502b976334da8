import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
const root = process.argv[2]!;
const { RenderSession } = await import(`${root}/src/render/session.ts`);
const session = await RenderSession.launch({ concurrency: 1, browser: { savedPagesOnly: true } });
const out: number[] = [];
const dir = '/tmp/shared/data/aeb/html';
for (const f of readdirSync(dir).sort().slice(0, 60)) {
  const bytes = gunzipSync(readFileSync(`${dir}/${f}`));
  out.push(await session.render({ kind: 'html', bytes, url: `https://example.com/${f}`, label: f }, async (p: any) => p.refusedRequests));
}
console.log(JSON.stringify(out));
await session.close();
