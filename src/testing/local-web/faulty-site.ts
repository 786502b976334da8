/**
 * The faulty site: one origin whose pages fail in every way a crawler must survive — a 500,
 * a 503 with Retry-After, a page that fails twice then works, a response that never comes, a
 * slow one, a redirect loop, binary files (with and without a telling extension), a 100 MB
 * page streamed in chunks, and a home page full of hrefs that must never be fetched
 * (`javascript:`, `mailto:`, `data:`, `file:`, malformed, out of scope).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface FaultyOptions {
  /** Size of the huge page. Default 100 MiB. */
  hugeBytes: number;
  /** How long `/slow` waits before answering. Default 5000 ms. */
  slowMs: number;
  /** How many times `/flaky` answers 500 before it answers 200. Default 2. */
  flakyFailures: number;
}

export const DEFAULT_FAULTY_OPTIONS: FaultyOptions = { hugeBytes: 100 * 1024 * 1024, slowMs: 5000, flakyFailures: 2 };

/** Paths of the faults, by name. */
export const FAULT_PATHS = {
  ok: '/ok.html',
  error500: '/error/500',
  error503: '/error/503',
  notFound: '/error/404',
  flaky: '/flaky',
  hang: '/hang',
  slow: '/slow',
  redirectLoop: '/loop/a',
  redirectOk: '/redirect/ok',
  octetStream: '/files/report.bin',
  octetStreamNoExtension: '/download',
  png: '/image.png',
  pngNoExtension: '/pixel',
  huge: '/huge.html',
} as const;

export type FaultName = keyof typeof FAULT_PATHS;

/** Hrefs on the faulty home page that a crawler must not fetch (each lands in bad links). */
export const BAD_HREFS: readonly string[] = [
  'javascript:void(0)',
  'javascript:alert(1)',
  'mailto:desk@faulty.example.invalid',
  'data:text/html,<p>inline</p>',
  'file:///etc/passwd',
  'tel:+441632960000',
  'ftp://ftp.example.invalid/file.txt',
  'http://[::1',
  'http://exa mple.invalid/story',
  'http://',
  'https://%zz/',
];

/** A link to another site: out of the crawl's scope; `.invalid` never resolves anyway. */
export const EXTERNAL_HREF = 'http://external.example.invalid/news/2024/01/01/story.html';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const HUGE_CHUNK_BYTES = 64 * 1024;

const OK_ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The faulty site still has one good story</title>
<style>body{font:16px/1.6 Georgia,serif;max-width:700px;margin:24px auto}</style></head><body>
<header><a href="/">Faulty Times</a></header><main><article><h1>The faulty site still has one good story</h1>
<p class="byline">By Test Desk</p>
${Array.from({ length: 6 }, (_, i) => `<p>This is paragraph ${i + 1} of the only article on the faulty site. A crawler that reaches it has survived every broken page linked from the home page, recorded each failure with its reason, and gone on with its work as a careful crawler should.</p>`).join('\n')}
</article></main></body></html>`;

function homePage(): string {
  const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const faults = Object.entries(FAULT_PATHS).map(([name, path]) => `<li><a href="${path}">${name}</a></li>`).join('\n');
  const bad = BAD_HREFS.map((href) => `<li><a href="${escape(href)}">bad link</a></li>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Faulty Times</title></head><body>
<h1>Faulty Times</h1><ul class="faults">\n${faults}\n</ul>
<ul class="bad">\n${bad}\n</ul>
<p><a href="${EXTERNAL_HREF}">A story elsewhere</a></p></body></html>
`;
}

/** The `/huge.html` body: an HTML head, then filler paragraphs in fixed chunks, exactly `bytes` long. */
async function* hugeBody(bytes: number): AsyncGenerator<Buffer> {
  const head = Buffer.from('<!doctype html><html><head><meta charset="utf-8"><title>Huge page</title></head><body>\n');
  const filler = Buffer.from('<p>This page goes on and on and on so that a crawler must refuse to read all of it.</p>\n');
  const chunk = Buffer.alloc(HUGE_CHUNK_BYTES);
  for (let at = 0; at < HUGE_CHUNK_BYTES; at += filler.length) filler.copy(chunk, at);
  let left = bytes;
  const first = head.subarray(0, Math.min(head.length, left));
  left -= first.length;
  yield first;
  while (left > 0) {
    const part = chunk.subarray(0, Math.min(HUGE_CHUNK_BYTES, left));
    left -= part.length;
    yield part;
  }
}

/** Request handling for the faulty site; `later` schedules a timer that `close()` can cancel. */
export function createFaultyHandler(options: FaultyOptions, later: (ms: number, fn: () => void) => void) {
  const flakyCounts = new Map<string, number>();

  return function handle(request: IncomingMessage, response: ServerResponse): void {
    const path = new URL(request.url ?? '/', 'http://faulty.invalid').pathname;
    const html = (status: number, body: string, headers: Record<string, string> = {}): void => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(body), ...headers });
      response.end(body);
    };
    const binary = (type: string, body: Buffer): void => {
      response.writeHead(200, { 'content-type': type, 'content-length': body.length });
      response.end(body);
    };
    switch (path) {
      case '/':
        return html(200, homePage());
      case '/robots.txt':
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        return void response.end('User-agent: *\nDisallow:\n');
      case FAULT_PATHS.ok:
        return html(200, OK_ARTICLE);
      case FAULT_PATHS.error500:
        return html(500, '<h1>Internal Server Error</h1>');
      case FAULT_PATHS.error503:
        return html(503, '<h1>Service Unavailable</h1>', { 'retry-after': '1' });
      case FAULT_PATHS.notFound:
        return html(404, '<h1>Not Found</h1>');
      case FAULT_PATHS.flaky: {
        const seen = (flakyCounts.get(path) ?? 0) + 1;
        flakyCounts.set(path, seen);
        return seen <= options.flakyFailures ? html(500, '<h1>Try again</h1>') : html(200, OK_ARTICLE);
      }
      case FAULT_PATHS.hang:
        return; // never answers; close() destroys the socket
      case FAULT_PATHS.slow:
        return later(options.slowMs, () => html(200, OK_ARTICLE));
      case '/loop/a':
      case '/loop/b':
        response.writeHead(302, { location: path === '/loop/a' ? '/loop/b' : '/loop/a', 'content-length': 0 });
        return void response.end();
      case FAULT_PATHS.redirectOk:
        response.writeHead(301, { location: FAULT_PATHS.ok, 'content-length': 0 });
        return void response.end();
      case FAULT_PATHS.octetStream:
      case FAULT_PATHS.octetStreamNoExtension:
        return binary('application/octet-stream', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31) & 0xff)));
      case FAULT_PATHS.png:
      case FAULT_PATHS.pngNoExtension:
        return binary('image/png', PNG);
      case FAULT_PATHS.huge:
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': options.hugeBytes });
        if (request.method === 'HEAD') return void response.end();
        // A client that stops reading (or close()) ends the pipeline with an error; nothing to do then.
        pipeline(Readable.from(hugeBody(options.hugeBytes)), response).catch(() => undefined);
        return;
      default:
        return html(404, '<h1>Not Found</h1>');
    }
  };
}
