import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { bodyDigest, CallLog, queryRecord } from './call-log.js';
import { dispatch, type Dispatched } from './dispatch.js';
import { FakeCentralError } from './errors.js';
import { FaultInjector } from './faults/fault-injector.js';
import type { FaultPlan } from './faults/fault-plan.js';
import { loadBundle, resolveBundleDir, type Bundle } from './fixture-store.js';
import { writeCaFile } from './proxy/ca-file.js';
import { CertificateAuthority } from './proxy/certificate-authority.js';
import { ConnectTunnels } from './proxy/connect-tunnels.js';
import { isInterceptedHost } from './proxy/intercepted-hosts.js';
import { proxyEnvironment } from './proxy/proxy-env.js';
import { refuseProxyRequest } from './proxy/refusal.js';
import { parseTarget, readBody, type RequestTarget } from './proxy/request-target.js';
import { rateLimitHeaders } from './rate-limit.js';
import { Router, type HandlerOptions } from './router.js';
import { checkState } from './state-checks/check-state.js';
import type { StateAssertion, StateCheckResult } from './state-checks/types.js';
import { allRoutes } from './all-routes.js';
import { FakeState } from './state.js';
import type { CallRecord, FakeCredentials, FakeRequest } from './types.js';

export { parseTarget } from './proxy/request-target.js';

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
  /** Fault plan for every run until setFaults() changes it (default: none). */
  faults?: FaultPlan | null;
  /** Called once per request after it is answered (the CLI logs these to stderr). */
  onRequest?: (record: CallRecord) => void;
}

/** A running fake Central/GreenLake API. */
export interface FakeCentral {
  /** Base URL for plain-HTTP clients, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** HTTP(S) proxy URL: the same port also answers CONNECT and absolute-form requests. */
  proxyUrl: string;
  /** PEM file of the per-instance CA (removed by close()). */
  caCertPath: string;
  /** The per-instance CA certificate as PEM. */
  caCert: string;
  credentials: FakeCredentials;
  bundle: { id: string; version: string; contentHash: string; now: string };
  /** Canary secret values planted in the bundle (plus the issued tokens). */
  canaries(): string[];
  /** The server-side call log since the last reset. */
  calls(): CallRecord[];
  /**
   * Evaluates state assertions (a scenario's `expect.state`) against the state as it is now,
   * and lists every change to the bundle that no assertion allowed (collateral changes).
   */
  checkState(assertions: readonly StateAssertion[]): StateCheckResult;
  /** Restores the bundle exactly and clears the call log, counters, tasks and fault counters. */
  reset(): void;
  /** Sets the fault plan for the following calls (null: none) and restarts its counters. */
  setFaults(plan: FaultPlan | null): void;
  /**
   * Environment for a server under test that keeps its production URLs: HTTPS_PROXY, HTTP_PROXY,
   * https_proxy, http_proxy, NO_PROXY/no_proxy (loopback), SSL_CERT_FILE, REQUESTS_CA_BUNDLE,
   * CURL_CA_BUNDLE, NODE_EXTRA_CA_CERTS.
   */
  serverEnv(): Record<string, string>;
  close(): Promise<void>;
}

/**
 * Boots the fake on 127.0.0.1: the API, plus an intercepting proxy on the same port. Every
 * request is answered from the in-memory state and recorded in the call log; nothing is
 * forwarded anywhere.
 */
export async function startFakeCentral(options: FakeCentralOptions = {}): Promise<FakeCentral> {
  const bundle: Bundle = loadBundle(resolveBundleDir(options.fixture));
  const handlerOptions: HandlerOptions = {
    strictQuery: options.strictQuery ?? false,
    asyncRunningPolls: options.asyncRunningPolls ?? 0,
  };
  const router = new Router(allRoutes);
  const log = new CallLog();
  let faultPlan = options.faults ?? null;
  const freshState = (): FakeState => {
    const fresh = new FakeState(bundle);
    fresh.faults = faultPlan ? new FaultInjector(faultPlan) : null;
    return fresh;
  };
  let state = freshState();
  const ca = await CertificateAuthority.create();
  const host = options.host ?? '127.0.0.1';
  let ownAuthority = '';

  function record(
    entry: Omit<CallRecord, 'seq' | 'durationMs'>,
    seq: number,
    started: number,
    atMs = log.elapsed(),
  ) {
    const full: CallRecord = {
      seq,
      ...entry,
      atMs,
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
    };
    log.add(full);
    options.onRequest?.(full);
  }

  /** Absolute-form targets are proxy requests: served only for intercepted hosts or ourselves. */
  function isServedTarget(target: RequestTarget): boolean {
    return isInterceptedHost(target.host) || `${target.host}:${target.port ?? 80}` === ownAuthority;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const atMs = log.elapsed();
    const seq = log.nextSeq();
    const method = req.method ?? 'GET';
    const tunnelHost = tunnels.hostOf(req.socket);
    let fakeReq: FakeRequest | undefined;
    let result: Dispatched;
    try {
      const target = parseTarget(req.url ?? '/', req.headers.host);
      if (tunnelHost === undefined && target.absolute && !isServedTarget(target)) {
        record(refuseProxyRequest(req, res, target), seq, started, atMs);
        return;
      }
      const body = await readBody(req);
      fakeReq = {
        method,
        host: tunnelHost ?? target.host,
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
    const payload =
      result.payload ?? (result.body === undefined ? '' : JSON.stringify(result.body));
    res.sendDate = false; // responses must be byte-identical across runs
    res.writeHead(result.status, {
      ...(payload === '' ? {} : { 'Content-Type': 'application/json' }),
      'Content-Length': Buffer.byteLength(payload),
      ...rateLimitHeaders(state, seq),
      ...result.headers,
    });
    res.end(payload);
    record(
      {
        method: fakeReq?.method ?? method,
        host: fakeReq?.host ?? '',
        path: fakeReq?.rawPath ?? req.url ?? '',
        query: fakeReq ? queryRecord(fakeReq.query) : {},
        status: result.status,
        kind: result.kind,
        bodyDigest: fakeReq ? bodyDigest(fakeReq.body) : null,
        ...(result.fault === undefined ? {} : { fault: result.fault }),
        ...(result.retryAfterEarly ? { retryAfterEarly: true as const } : {}),
        ...(result.shortPage ? { shortPage: result.shortPage } : {}),
        ...(result.unrouted ? { unrouted: true as const } : {}),
      },
      seq,
      started,
      atMs,
    );
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // Last resort: the handler itself never throws, but a socket may die mid-write.
      if (!res.headersSent) res.writeHead(500);
      res.end();
      void error;
    });
  });
  const tunnels = new ConnectTunnels({
    ca,
    server,
    onEscape: (escapeHost) => {
      const seq = log.nextSeq();
      const entry = { method: 'CONNECT', host: escapeHost, path: '', query: {}, status: 403 };
      record({ ...entry, kind: 'escape', bodyDigest: null }, seq, performance.now());
    },
  });
  server.on('connect', tunnels.onConnect);
  server.keepAliveTimeout = 30_000;
  server.on('clientError', (_error, socket: Socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await listen(server, host, options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  ownAuthority = `${host}:${port}`;
  const caFile = writeCaFile(ca.certPem);
  const { manifest } = bundle;
  const url = `http://${host}:${port}`;

  return {
    url,
    proxyUrl: url,
    caCertPath: caFile.path,
    caCert: ca.certPem,
    credentials: { ...manifest.credentials },
    bundle: {
      id: manifest.id,
      version: manifest.version,
      contentHash: manifest.contentHash,
      now: manifest.now,
    },
    canaries: () => [...manifest.canaries.map((c) => c.value), manifest.credentials.clientSecret],
    calls: () => log.all(),
    checkState: (assertions) =>
      checkState({ bundle: bundle.files, touched: state.touched() }, assertions),
    reset: () => {
      state = freshState();
      log.clear();
    },
    setFaults: (plan) => {
      faultPlan = plan;
      state.faults = plan ? new FaultInjector(plan) : null;
    },
    serverEnv: () => proxyEnvironment(url, caFile.path),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        tunnels.destroyAll();
        caFile.remove();
      }),
  };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      reject(
        error.code === 'EADDRINUSE'
          ? new FakeCentralError(
              'port_in_use',
              `Port ${port} on ${host} is already in use`,
              'choose another --port, or 0 for a free one',
              error,
            )
          : error,
      );
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}
