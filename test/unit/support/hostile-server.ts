/**
 * Hostile HTTP servers for the fetch guard's tests, on 127.0.0.1 only: each path is one way a
 * server on the open web can hurt a crawler (redirect loops, slowloris, gzip bombs, endless
 * bodies, huge headers, binary bodies).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

export interface HostileServer {
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** A gzip stream of `mb` MiB of zeros, compressed once (~1 KB per MiB). */
function gzipBomb(mb: number): Buffer {
  return zlib.gzipSync(Buffer.alloc(mb * 1024 * 1024), { level: 9 });
}

const ARTICLE = '<!doctype html><html><head><title>Fine</title></head><body><article><h1>Fine</h1><p>A fine page.</p></article></body></html>';

export async function startHostileServer(): Promise<HostileServer> {
  const bomb = gzipBomb(200);
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const trickle = (write: () => boolean): void => {
      const timer = setInterval(() => {
        if (res.destroyed || !write()) {
          clearInterval(timer);
          timers.delete(timer);
        }
      }, 200);
      timers.add(timer);
    };
    switch (true) {
      case path === '/ok':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(ARTICLE);
        return;
      case path === '/loop':
        res.writeHead(302, { location: '/loop' });
        res.end();
        return;
      case path.startsWith('/hops/'): {
        const n = Number(path.split('/')[2]);
        if (n <= 0) {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end(ARTICLE);
        } else {
          res.writeHead(301, { location: `/hops/${n - 1}` });
          res.end();
        }
        return;
      }
      case path === '/to-metadata':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
        return;
      case path === '/to-loopback-v6':
        res.writeHead(302, { location: `http://[::1]:${(server.address() as AddressInfo).port}/ok` });
        res.end();
        return;
      case path === '/to-file':
        res.writeHead(302, { location: 'file:///etc/passwd' });
        res.end();
        return;
      case path === '/slow-headers':
        // Slowloris: the status line, then one header byte every 200 ms, forever.
        res.socket!.write('HTTP/1.1 200 OK\r\n');
        trickle(() => res.socket!.write('X'));
        return;
      case path === '/slow-body':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><body><p>');
        trickle(() => res.write('a'));
        return;
      case path === '/gzip-bomb':
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
        res.end(bomb);
        return;
      case path === '/bad-gzip':
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        res.end(Buffer.from('this is not gzip at all, though the header says so'));
        return;
      case path === '/endless': {
        // No Content-Length: 64 KiB chunks as fast as the socket takes them, never ending.
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        const pump = (): void => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        pump();
        return;
      }
      case path === '/declared-huge':
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(10 * 1024 * 1024 * 1024) });
        res.write('<html>');
        return;
      case path === '/huge-headers':
        res.writeHead(200, { 'content-type': 'text/html', 'x-junk': 'j'.repeat(200 * 1024) });
        res.end(ARTICLE);
        return;
      case path === '/binary':
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
        return;
      default:
        res.writeHead(404);
        res.end();
    }
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
