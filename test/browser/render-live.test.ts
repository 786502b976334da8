/**
 * Rendering live URLs against a local server on 127.0.0.1: statuses, content types,
 * timeouts, redirects and resource blocking, each mapped to its typed RenderError.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FetchError, RenderError } from '../../src/errors.js';
import type { RenderInput, RenderSession, RenderedPage } from '../../src/render/session.js';
import type { RenderOptionsInput } from '../../src/render/options.js';
import type { SnapshotText } from '../../src/types.js';
import { expect, test } from './fixtures.js';

const PAGE = `<!doctype html><html><head><title>Live page</title></head><body>
  <p>Served over HTTP.</p>
  <img src="/pixel.gif" alt="pixel">
  <script>document.body.insertAdjacentHTML('beforeend', '<p>Script ran.</p>');</script>
</body></html>`;
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAP8AAAAAACH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

let server: Server;
let origin: string;
/** Paths the server was asked for, to prove what was (not) fetched. */
const requested: string[] = [];

function handle(request: IncomingMessage, response: ServerResponse): void {
  const path = request.url ?? '/';
  requested.push(path);
  const html = (status: number, body: string): void => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body);
  };
  if (path === '/page') return html(200, PAGE);
  if (path === '/pixel.gif') {
    response.writeHead(200, { 'content-type': 'image/gif' });
    return void response.end(PIXEL);
  }
  if (path === '/moved') {
    response.writeHead(302, { location: '/page' });
    return void response.end();
  }
  if (path === '/broken') return html(500, '<p>Internal error</p>');
  if (path === '/missing') return html(404, '<p>Not found</p>');
  if (path === '/busy') return html(429, '<p>Slow down</p>');
  if (path === '/hang') return; // never answers
  if (path === '/report.pdf') {
    response.writeHead(200, { 'content-type': 'application/pdf' });
    return void response.end('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  }
  if (path === '/blob') {
    response.writeHead(200, { 'content-type': 'application/octet-stream' });
    return void response.end(Buffer.from([0, 1, 2, 3, 4, 5]));
  }
  if (path === '/script-redirect') {
    return html(200, `<title>Old</title><p>old</p><script>
      addEventListener('load', () => setTimeout(() => location.replace('/page'), 0));</script>`);
  }
  if (path === '/loop-a' || path === '/loop-b') {
    response.writeHead(302, { location: path === '/loop-a' ? '/loop-b' : '/loop-a' });
    return void response.end();
  }
  html(404, 'unknown');
}

test.beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const urlInput = (path: string): RenderInput => ({ kind: 'url', url: origin + path, label: path });

async function render(
  session: RenderSession,
  path: string,
  options?: RenderOptionsInput,
): Promise<Omit<RenderedPage, 'screenshot'>> {
  return session.render(urlInput(path), async ({ screenshot: _unused, ...rest }) => rest, {
    navigationTimeoutMs: 5_000,
    ...options,
  });
}

async function failure(session: RenderSession, path: string, options?: RenderOptionsInput): Promise<RenderError | FetchError> {
  const error = await render(session, path, options).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error instanceof RenderError || error instanceof FetchError).toBe(true);
  return error as RenderError | FetchError;
}

const texts = (page: { snapshot: { nodes: Array<{ kind: string }> } }): string[] =>
  page.snapshot.nodes.filter((node): node is SnapshotText => node.kind === 'text').map((node) => node.text.trim());

test.describe('rendering live URLs', () => {
  test('a 200 page: status, final URL, snapshot, JavaScript on by default', async ({ session }) => {
    const page = await render(session, '/page');
    expect(page.httpStatus).toBe(200);
    expect(page.finalUrl).toBe(`${origin}/page`);
    expect(page.snapshot.meta.title).toBe('Live page');
    expect(texts(page)).toEqual(['Served over HTTP.', 'Script ran.']);
    expect(page.refusedRequests).toBe(0);
  });

  test('JavaScript can be turned off for URLs', async ({ session }) => {
    const page = await render(session, '/page', { javaScript: false });
    expect(texts(page)).toEqual(['Served over HTTP.']);
  });

  test('redirects are followed and the final URL reported', async ({ session }) => {
    const page = await render(session, '/moved');
    expect(page.finalUrl).toBe(`${origin}/page`);
    expect(page.httpStatus).toBe(200);
  });

  test('a page that moves itself on after load still yields a snapshot', async ({ session }) => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const page = await render(session, '/script-redirect');
      // Whichever document the collector saw, it saw all of one document.
      expect(['Old', 'Live page']).toContain(page.snapshot.meta.title);
      expect(page.snapshot.nodes.length).toBeGreaterThan(1);
    }
  });

  test('blocked resource types are refused and never fetched', async ({ session }) => {
    requested.length = 0;
    const page = await render(session, '/page', { blockResources: ['image'] });
    expect(page.refusedRequests).toBe(1);
    expect(requested).toEqual(['/page']);
    requested.length = 0;
    await render(session, '/page');
    expect(requested).toContain('/pixel.gif');
  });

  test('HTTP 500 and 429 are retryable status errors, 404 is not', async ({ session }) => {
    const broken = await failure(session, '/broken');
    expect(broken.code).toBe('render-http-status');
    expect(broken.retryable).toBe(true);
    expect(broken.message).toContain('500');
    expect((await failure(session, '/busy')).retryable).toBe(true);
    const missing = await failure(session, '/missing');
    expect(missing.code).toBe('render-http-status');
    expect(missing.retryable).toBe(false);
  });

  test('a server that never answers times out', async ({ session }) => {
    const started = Date.now();
    const error = await failure(session, '/hang', { navigationTimeoutMs: 1_000 });
    // The fetch guard fetches the document: a server that never answers ends at the budget.
    expect(error.code).toBe('fetch-timeout');
    expect(error.retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  test('PDF and binary responses are not HTML', async ({ session }) => {
    const pdf = await failure(session, '/report.pdf');
    expect(pdf.code).toBe('render-not-html');
    expect(pdf.message).toContain('application/pdf');
    expect(pdf.retryable).toBe(false);
    expect((await failure(session, '/blob')).code).toBe('render-not-html');
  });

  test('a redirect loop is a navigation error that retrying will not fix', async ({ session }) => {
    const error = await failure(session, '/loop-a');
    expect(error.code).toBe('fetch-too-many-redirects');
    expect(error.retryable).toBe(false);
  });

  test('a refused connection is a retryable navigation error', async ({ session }) => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await session
      .render({ kind: 'url', url: `http://127.0.0.1:${port}/`, label: 'closed port' }, async () => undefined)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).code).toBe('fetch-refused');
    expect((error as FetchError).retryable).toBe(true);
  });

  test('contexts are closed after every page, failed or not', async ({ session }) => {
    await Promise.all([
      render(session, '/page'),
      failure(session, '/broken'),
      failure(session, '/hang', { navigationTimeoutMs: 500 }),
    ]);
    expect(session.activePages).toBe(0);
  });
});
