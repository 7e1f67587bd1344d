import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bodyDigest, CallLog, queryRecord } from './call-log.js';
import { dispatch, type Dispatched } from './dispatch.js';
import { FakeCentralError } from './errors.js';
import { loadBundle, resolveBundleDir, type Bundle } from './fixture-store.js';
import { rateLimitHeaders } from './rate-limit.js';
import { Router, type HandlerOptions } from './router.js';
import { allRoutes } from './routes/index.js';
import { FakeState } from './state.js';
import type { CallRecord, FakeCredentials, FakeRequest } from './types.js';

/** Options of {@link startFakeCentral}; everything has a deterministic default. */
export interface FakeCentralOptions {
  /** Bundle name under fixtures/central (default `site-a`) or a bundle directory. */
  fixture?: string;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  host?: string;
  /** Reject unknown query parameters where the live API does (default false). */
  strictQuery?: boolean;
  /** Polls that answer RUNNING before async tasks complete (default 0). */
  asyncRunningPolls?: number;
  /** Called once per request after it is answered (the CLI logs these to stderr). */
  onRequest?: (record: CallRecord) => void;
}

/** A running fake Central/GreenLake API. */
export interface FakeCentral {
  /** Base URL for plain-HTTP clients, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** HTTP(S) proxy URL (same port); null until interception is enabled. */
  proxyUrl: string | null;
  /** PEM file of the per-instance CA; null until interception is enabled. */
  caCertPath: string | null;
  credentials: FakeCredentials;
  bundle: { id: string; version: string; contentHash: string; now: string };
  /** Canary secret values planted in the bundle (plus the issued tokens). */
  canaries(): string[];
  /** The server-side call log since the last reset. */
  calls(): CallRecord[];
  /** Restores the bundle exactly and clears the call log, counters and tasks. */
  reset(): void;
  close(): Promise<void>;
}

const MAX_BODY = 5 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer> {
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

/** Splits origin-form (`/path?q`) or absolute-form (`http://host/path?q`, proxied) targets. */
export function parseTarget(
  target: string,
  hostHeader: string | undefined,
): { host: string; path: string; query: URLSearchParams } {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(target);
  const url = new URL(
    absolute
      ? target
      : `http://${hostHeader ?? 'localhost'}${target.startsWith('/') ? '' : '/'}${target}`,
  );
  // URL normalises `%3A` in paths only partly; keep the raw path so both MAC spellings reach routes.
  const rawPath = absolute ? url.pathname : (target.split('?')[0] ?? '/');
  return { host: url.hostname.toLowerCase(), path: rawPath, query: url.searchParams };
}

/**
 * Boots the fake on 127.0.0.1. Every request is answered from the in-memory state and recorded
 * in the call log; nothing is forwarded anywhere.
 */
export async function startFakeCentral(options: FakeCentralOptions = {}): Promise<FakeCentral> {
  const bundle: Bundle = loadBundle(resolveBundleDir(options.fixture));
  const handlerOptions: HandlerOptions = {
    strictQuery: options.strictQuery ?? false,
    asyncRunningPolls: options.asyncRunningPolls ?? 0,
  };
  const router = new Router(allRoutes);
  const log = new CallLog();
  let state = new FakeState(bundle);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const seq = log.nextSeq();
    let fakeReq: FakeRequest | undefined;
    let result: Dispatched;
    try {
      const target = parseTarget(req.url ?? '/', req.headers.host);
      const body = await readBody(req);
      fakeReq = {
        method: req.method ?? 'GET',
        host: target.host,
        rawPath: target.path,
        query: target.query,
        headers: req.headers,
        body,
      };
      result = await dispatch(router, state, handlerOptions, fakeReq);
    } catch (error) {
      result = {
        status: 400,
        kind: 'read',
        body: {
          httpStatusCode: 400,
          errorCode: 'HPE_GL_ERROR_BAD_REQUEST',
          message: `Malformed request: ${error instanceof Error ? error.message : String(error)}`,
          debugId: '0'.repeat(32),
        },
      };
    }
    const payload = result.body === undefined ? '' : JSON.stringify(result.body);
    res.sendDate = false; // responses must be byte-identical across runs
    res.writeHead(result.status, {
      ...(payload === '' ? {} : { 'Content-Type': 'application/json' }),
      'Content-Length': Buffer.byteLength(payload),
      ...rateLimitHeaders(state, seq),
      ...result.headers,
    });
    res.end(payload);
    const record: CallRecord = {
      seq,
      method: fakeReq?.method ?? req.method ?? 'GET',
      host: fakeReq?.host ?? '',
      path: fakeReq?.rawPath ?? req.url ?? '',
      query: fakeReq ? queryRecord(fakeReq.query) : {},
      status: result.status,
      kind: result.kind,
      bodyDigest: fakeReq ? bodyDigest(fakeReq.body) : null,
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
    };
    log.add(record);
    options.onRequest?.(record);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // Last resort: the handler itself never throws, but a socket may die mid-write.
      if (!res.headersSent) res.writeHead(500);
      res.end();
      void error;
    });
  });
  server.keepAliveTimeout = 30_000;
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      reject(
        error.code === 'EADDRINUSE'
          ? new FakeCentralError(
              'port_in_use',
              `Port ${options.port ?? 0} on ${host} is already in use`,
              'choose another --port, or 0 for a free one',
              error,
            )
          : error,
      );
    };
    server.once('error', onError);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const { manifest } = bundle;

  return {
    url: `http://${host}:${port}`,
    proxyUrl: null,
    caCertPath: null,
    credentials: { ...manifest.credentials },
    bundle: {
      id: manifest.id,
      version: manifest.version,
      contentHash: manifest.contentHash,
      now: manifest.now,
    },
    canaries: () => [...manifest.canaries.map((c) => c.value), manifest.credentials.clientSecret],
    calls: () => log.all(),
    reset: () => {
      state = new FakeState(bundle);
      log.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
