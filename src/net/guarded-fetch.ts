/**
 * One HTTP(S) fetch under the fetch guard (issue 14): the scheme and every resolved address are
 * checked (see address-guard.ts), redirects are followed by hand so each hop is checked again,
 * and every limit ends the fetch with a typed `FetchError` instead of a hang or a crash:
 *
 * - `maxRedirects` hops, then 'fetch-too-many-redirects' (a loop ends the same way);
 * - `maxHeaderBytes` of response headers, then 'fetch-headers-too-large';
 * - `maxBodyBytes` of *decoded* body, then 'fetch-too-large' (a gzip bomb is stopped after
 *   that many inflated bytes, not after it filled the memory);
 * - `timeoutMs` for the whole fetch, redirects included, then 'fetch-timeout' (a server that
 *   trickles one byte a second — slowloris — is cut off at the budget, whatever it sends).
 *
 * The body comes back decoded (no Content-Encoding), ready to hand to Chromium.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { FetchError } from '../errors.js';
import { checkUrl, guardedLookup, type AddressPolicy } from './address-guard.js';

export interface FetchLimits extends AddressPolicy {
  maxRedirects: number;
  maxHeaderBytes: number;
  maxBodyBytes: number;
  timeoutMs: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  allowPrivateNetwork: false,
  /** Browsers stop at 20; news sites need 2–3 (http → https → www → canonical). */
  maxRedirects: 10,
  /** Node's own default is 16 KiB; real sites with many cookies fit well under 32 KiB. */
  maxHeaderBytes: 32 * 1024,
  /** The largest news pages weigh 2–5 MB of HTML; 16 MiB leaves room and bounds memory. */
  maxBodyBytes: 16 * 1024 * 1024,
  timeoutMs: 30_000,
};

export interface FetchRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | null;
}

export interface FetchedResponse {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** Decoded body. */
  body: Buffer;
  /** Every URL before `url`, in order. */
  redirects: string[];
}

/** Request headers never forwarded: hop-by-hop ones, and those the fetch sets itself. */
const DROPPED_REQUEST_HEADERS = new Set(['host', 'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'accept-encoding', 'content-length', 'te', 'trailer']);

/**
 * Keep-alive connection pools, one per address policy: a live page's subrequests to one host
 * reuse connections (no TCP and TLS handshake each), and a socket opened under a looser policy
 * is never reused under a stricter one. Idle sockets do not keep the process alive.
 */
const agents = new Map<string, { http: http.Agent; https: https.Agent }>();
function agentsFor(limits: FetchLimits): { http: http.Agent; https: https.Agent } {
  const key = JSON.stringify([limits.allowPrivateNetwork, limits.allowedAddresses ?? [], limits.hostAddresses ?? {}]);
  let pair = agents.get(key);
  if (!pair) {
    const options = { keepAlive: true, maxSockets: 6, timeout: 30_000, lookup: guardedLookup(limits) };
    pair = { http: new http.Agent(options), https: new https.Agent(options) };
    agents.set(key, pair);
  }
  return pair;
}

/** getaddrinfo failures: the name does not resolve (or the resolver did not answer). */
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
// ENOTFOUND is the resolver's definitive "no such name" (EAI_AGAIN is the transient failure):
// asking again does not change it.
const RETRYABLE_NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Fetches `request.url` under `limits`; throws `FetchError` for everything the guard stops. */
export async function guardedFetch(request: FetchRequest, limits: FetchLimits, signal?: AbortSignal): Promise<FetchedResponse> {
  const deadline = performance.now() + limits.timeoutMs;
  const redirects: string[] = [];
  let url = request.url;
  let method = (request.method ?? 'GET').toUpperCase();
  let body = request.body ?? null;
  for (;;) {
    const target = checkUrl(url, limits);
    const response = await fetchOnce(target, method, request.headers ?? {}, body, limits, deadline, signal);
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && response.status !== 304 && location) {
      if (redirects.length >= limits.maxRedirects) {
        throw new FetchError('fetch-too-many-redirects', `${request.url} redirected more than ${limits.maxRedirects} times (last to ${location})`, false);
      }
      redirects.push(url);
      url = new URL(location, target).href;
      // 303, and 301/302 after a POST, turn into a GET without a body (as browsers do).
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = null;
      }
      continue;
    }
    return { ...response, url, redirects };
  }
}

function fetchOnce(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: Buffer | null,
  limits: FetchLimits,
  deadline: number,
  signal: AbortSignal | undefined,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const remainingMs = deadline - performance.now();
  if (remainingMs <= 0) return Promise.reject(timeoutError(url, limits));
  const forwarded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!DROPPED_REQUEST_HEADERS.has(name.toLowerCase())) forwarded[name] = value;
  forwarded['accept-encoding'] = 'gzip, deflate, br';
  if (body) forwarded['content-length'] = String(body.length);
  const transport = url.protocol === 'https:' ? https : http;

  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, value?: { status: number; headers: IncomingHttpHeaders; body: Buffer }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) {
        req.destroy();
        reject(error);
      } else resolve(value!);
    };
    const timer = setTimeout(() => finish(timeoutError(url, limits)), remainingMs);
    timer.unref();
    const onAbort = (): void => finish(new FetchError('fetch-timeout', `The fetch of ${url.href} was cancelled`, true));
    signal?.addEventListener('abort', onAbort, { once: true });

    const req = transport.request(url, {
      method,
      headers: forwarded,
      lookup: guardedLookup(limits),
      maxHeaderSize: limits.maxHeaderBytes,
      agent: url.protocol === 'https:' ? agentsFor(limits).https : agentsFor(limits).http,
    });
    req.on('error', (error: NodeJS.ErrnoException) => finish(networkError(url, error)));
    req.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const declared = Number(response.headers['content-length']);
      const encoding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase().trim();
      if (encoding === 'identity' && Number.isFinite(declared) && declared > limits.maxBodyBytes) {
        return finish(tooLarge(url, limits, `declares ${declared} bytes`));
      }
      // Redirects: the body does not matter, and reading it would only cost time.
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        return finish(null, { status, headers: response.headers, body: Buffer.alloc(0) });
      }
      const decoder = decoderFor(encoding);
      const chunks: Buffer[] = [];
      let size = 0;
      const sink = decoder ?? response;
      sink.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBodyBytes) {
          finish(tooLarge(url, limits, encoding === 'identity' ? 'sent more' : `inflates (${encoding}) past it`));
          decoder?.destroy();
          return;
        }
        chunks.push(chunk);
      });
      sink.on('end', () => finish(null, { status, headers: response.headers, body: Buffer.concat(chunks, size) }));
      if (decoder) {
        pipeline(response, decoder, (error) => {
          if (error && !settled) finish(new FetchError('fetch-decode', `The ${encoding} body of ${url.href} could not be decoded: ${error.message}`, false, { cause: error }));
        });
      } else {
        response.on('error', (error) => finish(networkError(url, error)));
      }
    });
    req.end(body ?? undefined);
  });
}

/** A streaming decoder for a Content-Encoding; null for identity (and for encodings we do not know, passed as they are). */
function decoderFor(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  // Chunks stay small, so a bomb is caught after ~one chunk past the limit.
  const chunkSize = 64 * 1024;
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip({ chunkSize });
    case 'deflate':
      return zlib.createInflate({ chunkSize });
    case 'br':
      return zlib.createBrotliDecompress({ chunkSize });
    default:
      return null;
  }
}

function timeoutError(url: URL, limits: FetchLimits): FetchError {
  return new FetchError('fetch-timeout', `${url.href} did not finish within ${limits.timeoutMs} ms`, true);
}

function tooLarge(url: URL, limits: FetchLimits, what: string): FetchError {
  return new FetchError('fetch-too-large', `${url.href} is larger than the limit of ${limits.maxBodyBytes} bytes (it ${what})`, false);
}

function networkError(url: URL, error: NodeJS.ErrnoException): FetchError {
  if (error instanceof FetchError) return error;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return new FetchError('fetch-headers-too-large', `${url.href} sent response headers larger than the limit`, false, { cause: error });
  }
  const code = error.code ?? '';
  // DNS and refused connections have codes of their own, so a crawl can say in words why its
  // seeds failed (and `status` count them by kind) without reading messages.
  const kind = DNS_CODES.has(code) ? 'fetch-dns' : code === 'ECONNREFUSED' ? 'fetch-refused' : 'fetch-network';
  return new FetchError(kind, `Could not fetch ${url.href}: ${code || error.message}`, RETRYABLE_NET_CODES.has(code), { cause: error });
}

/**
 * `guardedFetch` behind the WHATWG `fetch` signature, for code written against `fetch` (the
 * robots.txt cache): same checks and limits; the body comes back whole and decoded.
 */
export function guardedFetchFunction(limits: FetchLimits): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const response = await guardedFetch({ url, method: init?.method ?? 'GET', headers }, limits, init?.signal ?? undefined);
    const empty = response.status === 204 || response.status === 205 || response.status === 304;
    const outHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined || name === 'content-encoding' || name === 'content-length') continue;
      for (const v of Array.isArray(value) ? value : [value]) outHeaders.append(name, v);
    }
    return new Response(empty ? null : new Uint8Array(response.body), { status: response.status, headers: outHeaders });
  }) as typeof fetch;
}
