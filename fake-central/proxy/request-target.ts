import type { IncomingMessage } from 'node:http';

const MAX_BODY = 5 * 1024 * 1024;

/** A request target split into what routing and the proxy need. */
export interface RequestTarget {
  host: string;
  /** Explicit port of an absolute-form target, else null. */
  port: number | null;
  path: string;
  query: URLSearchParams;
  /** True for absolute-form (`GET http://host/path`): the client is using us as its proxy. */
  absolute: boolean;
}

/** Splits origin-form (`/path?q`) or absolute-form (`http://host/path?q`, proxied) targets. */
export function parseTarget(target: string, hostHeader: string | undefined): RequestTarget {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(target);
  const url = new URL(
    absolute
      ? target
      : `http://${hostHeader ?? 'localhost'}${target.startsWith('/') ? '' : '/'}${target}`,
  );
  // URL normalises `%3A` in paths only partly; keep the raw path so both MAC spellings reach routes.
  const rawPath = absolute ? url.pathname : (target.split('?')[0] ?? '/');
  return {
    host: url.hostname.toLowerCase().replace(/^\[|\]$/g, ''),
    port: absolute && url.port !== '' ? Number(url.port) : null,
    path: rawPath,
    query: url.searchParams,
    absolute,
  };
}

/** Reads a request body (at most 5 MiB). */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
