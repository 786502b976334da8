/**
 * The local web's faulty site and its shutdown, over plain HTTP (fetch, no browser): each fault
 * behaves as documented, the huge page streams its exact size, close() ends hanging and
 * streaming responses and leaves no open handles, and bad options are refused.
 */
import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { startLocalWeb, type LocalWeb } from '../../src/testing/local-web/index.js';

let web: LocalWeb;

test.beforeAll(async () => {
  web = await startLocalWeb({ seed: 7, articlesPerSite: 50, sites: ['dated'], faulty: { hugeBytes: 100 * 1024 * 1024, slowMs: 200 } });
});

test.afterAll(async () => {
  await web.close();
});

async function get(url: string): Promise<{ status: number; body: string; response: Response }> {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, body: await response.text(), response };
}

test('the faulty site fails as documented', async () => {
  const { urls, hugeBytes } = web.faulty!;
  expect((await get(urls.error500)).status).toBe(500);
  const unavailable = await get(urls.error503);
  expect(unavailable.status).toBe(503);
  expect(unavailable.response.headers.get('retry-after')).toBe('1');
  expect((await get(urls.notFound)).status).toBe(404);
  expect([(await get(urls.flaky)).status, (await get(urls.flaky)).status, (await get(urls.flaky)).status]).toEqual([500, 500, 200]);

  const loop = await get(urls.redirectLoop);
  expect(loop.status).toBe(302);
  const hop = new URL(loop.response.headers.get('location')!, urls.redirectLoop).href;
  expect(new URL((await get(hop)).response.headers.get('location')!, hop).href).toBe(urls.redirectLoop);
  await expect(fetch(urls.redirectLoop)).rejects.toThrow();
  const redirected = await fetch(urls.redirectOk);
  expect(redirected.url).toBe(urls.ok);
  expect(web.truth.isArticle(urls.ok)).toBe(true);
  expect(web.truth.isArticle(urls.redirectOk)).toBe(false);

  for (const url of [urls.octetStream, urls.octetStreamNoExtension]) {
    const binary = await fetch(url);
    expect(binary.headers.get('content-type')).toBe('application/octet-stream');
    expect((await binary.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }
  for (const url of [urls.png, urls.pngNoExtension]) {
    const png = await fetch(url);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await png.arrayBuffer()).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  }

  const huge = await fetch(urls.huge);
  expect(huge.headers.get('content-type')).toContain('text/html');
  expect(Number(huge.headers.get('content-length'))).toBe(hugeBytes);
  expect(hugeBytes).toBe(100 * 1024 * 1024);
  const reader = huge.body!.getReader();
  const first = await reader.read();
  expect(Buffer.from(first.value!).toString('utf8')).toMatch(/^<!doctype html>/);
  await reader.cancel();

  await expect(fetch(urls.hang, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
  const started = Date.now();
  expect((await get(urls.slow)).status).toBe(200);
  expect(Date.now() - started).toBeGreaterThanOrEqual(180);

  const home = await get(web.faulty!.homeUrl);
  for (const href of web.faulty!.badHrefs) expect(home.body).toContain(`href="${href.replace(/&/g, '&amp;').replace(/</g, '&lt;')}"`);
  expect(home.body).toContain(`href="${web.faulty!.externalUrl}"`);
  expect(web.truth.classify(web.faulty!.externalUrl)).toBeUndefined();
  for (const url of Object.values(urls)) expect(home.body).toContain(`href="${new URL(url).pathname}"`);
});

test('the huge page streams exactly its size', async () => {
  const small = await startLocalWeb({ sites: ['dated'], articlesPerSite: 10, faulty: { hugeBytes: 3 * 1024 * 1024 + 17 } });
  try {
    const response = await fetch(small.faulty!.urls.huge);
    let bytes = 0;
    for await (const chunk of response.body!) bytes += (chunk as Uint8Array).byteLength;
    expect(bytes).toBe(3 * 1024 * 1024 + 17);
  } finally {
    await small.close();
  }
});

test('close() ends hanging and streaming responses and leaves no open handles', async () => {
  const sockets = (): number => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap' || r === 'TCPServerWrap').length;
  const timeouts = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  const before = { sockets: sockets(), timeouts: timeouts() };
  const local = await startLocalWeb({ articlesPerSite: 20, latencyMs: 5_000 });
  const origins = [...local.sites.map((s) => s.origin), local.faulty!.origin];
  const hanging = fetch(local.faulty!.urls.hang).catch((error: unknown) => error);
  const delayed = fetch(local.sites[0]!.homeUrl).catch((error: unknown) => error);
  const huge = await fetch(local.faulty!.urls.huge);
  const reading = (async () => {
    for await (const _chunk of huge.body!) {
      // keep reading until close() cuts the stream
    }
  })().catch((error: unknown) => error);
  expect(sockets()).toBeGreaterThan(before.sockets);

  const started = Date.now();
  await local.close();
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(await hanging).toBeInstanceOf(Error);
  expect(await delayed).toBeInstanceOf(Error);
  expect(await reading).toBeInstanceOf(Error);

  for (const origin of origins) {
    const port = Number(new URL(origin).port);
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    expect(refused, origin).toBe(true);
  }
  await expect.poll(sockets, { timeout: 2_000 }).toBe(before.sockets);
  expect(timeouts()).toBeLessThanOrEqual(before.timeouts);
});

test('latencyMs delays every news-site response', async () => {
  const slow = await startLocalWeb({ sites: ['query'], articlesPerSite: 10, faulty: false, latencyMs: 150 });
  try {
    const started = Date.now();
    expect((await get(slow.sites[0]!.homeUrl)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  } finally {
    await slow.close();
  }
});

test('bad options are refused', async () => {
  await expect(startLocalWeb({ articlesPerSite: 0 })).rejects.toThrow(/invalid local web options/);
  await expect(startLocalWeb({ sites: ['dated', 'dated'] })).rejects.toThrow(/same name/);
  await expect(startLocalWeb({ robots: { disallow: ['search'] } })).rejects.toThrow(/invalid local web options/);
});
