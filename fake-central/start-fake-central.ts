import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { debugId } from './api-error.js';
import { credentialPlaces } from './credential-check.js';
import { bodyDigest, CallLog, queryRecord } from './call-log.js';
import { dispatch, peekRead, type Dispatched } from './dispatch.js';
import { listen } from './listen.js';
import { FaultInjector } from './faults/fault-injector.js';
import { resolveBundleDir, type Bundle } from './fixture-store.js';
import { sharedBundle } from './shared-bundles.js';
import { writeCaFile } from './proxy/ca-file.js';
import { CertificateAuthority } from './proxy/certificate-authority.js';
import { ConnectTunnels } from './proxy/connect-tunnels.js';
import { isInterceptedHost } from './proxy/intercepted-hosts.js';
import { proxyEnvironment } from './proxy/proxy-env.js';
import { refuseProxyRequest } from './proxy/refusal.js';
import { parseTarget, readBody, type RequestTarget } from './proxy/request-target.js';
import { rateLimitHeaders } from './rate-limit.js';
import { checkShortPages } from './paging.js';
import { Router, type HandlerOptions } from './router.js';
import { checkState } from './state-checks/check-state.js';
import { stateChanges } from './state-checks/state-changes.js';
import { startControlServer, type ControlEndpoint } from './control/control-server.js';
import type { FakeCentral, FakeCentralOptions } from './fake-central-api.js';
import { allRoutes } from './all-routes.js';
import { fakeAssertions } from './assertions/fake-assertions.js';
import { issuedTokens } from './routes/auth.js';
import { applyDivergences } from './divergences/apply-divergences.js';
import { parseDivergences, type DivergenceChoices } from './divergences/divergence-choices.js';
import { applySeed, type SeedSummary } from './seed/apply-seed.js';
import { parseSeed } from './seed/seed-shape.js';
import { FakeState } from './state.js';
import type { CallRecord, Json } from './types.js';
import type { FakeRequest } from './http-types.js';

/** Time a client has to send a request's headers, and the whole request (not the answer). */
export const HEADERS_TIMEOUT_MS = 5_000;
export const REQUEST_TIMEOUT_MS = 30_000;

export type {
  ControlOptions,
  FakeCentral,
  FakeCentralOptions,
  FakeStateReport,
  FaultPlanParser,
} from './fake-central-api.js';

/**
 * Boots the fake on 127.0.0.1: the API, plus an intercepting proxy on the same port. Every
 * request is answered from the in-memory state and recorded in the call log; nothing is
 * forwarded anywhere.
 */
export async function startFakeCentral(options: FakeCentralOptions = {}): Promise<FakeCentral> {
  const startBundle: Bundle = sharedBundle(resolveBundleDir(options.fixture));
  let bundle = startBundle;
  // The bundle as served: `bundle` with this test's seed applied (the same object without one).
  let served = startBundle;
  let seeded: SeedSummary = {};
  // The deviations' behaviours picked until the next reset (SPEC.md §13); none: the defaults.
  let divergences: DivergenceChoices = {};
  // reset(fixture) may switch bundles many times (a test suite); each loads once.
  const bundles = new Map<string, Bundle>([[startBundle.dir, startBundle]]);
  const handlerOptions: HandlerOptions = {
    validation: options.validation ?? 'documents',
    asyncRunningPolls: options.asyncRunningPolls ?? 0,
  };
  const router = new Router(allRoutes);
  const log = new CallLog();
  let faultPlan = options.faults ?? null;
  let shortPages = checkShortPages(options.shortPages ?? null);
  const freshState = (): FakeState => {
    const fresh = new FakeState(served);
    fresh.faults = faultPlan ? new FaultInjector(faultPlan) : null;
    fresh.shortPages = shortPages;
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
        seq,
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
          debugId: debugId(`${state.bundle.manifest.id}:debug:${seq}`),
        },
      };
    }
    // Anything but a token request that carries the client secret (credential-check.ts).
    const credentialSent =
      fakeReq && result.kind !== 'auth'
        ? credentialPlaces(fakeReq, state.bundle.manifest.credentials.clientSecret)
        : [];
    const payload =
      result.payload ?? Buffer.from(result.body === undefined ? '' : JSON.stringify(result.body));
    res.sendDate = false; // responses must be byte-identical across runs
    res.writeHead(result.status, {
      ...(payload.length === 0 ? {} : { 'Content-Type': 'application/json' }),
      'Content-Length': payload.length,
      ...rateLimitHeaders(state, seq),
      ...result.headers,
    });
    res.end(payload);
    // What was sent, parsed back: the body object may share state a later write changes.
    if (options.onAnswer && result.body !== undefined && payload.length > 0)
      options.onAnswer(seq, JSON.parse(payload.toString('utf8')) as Json);
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
        ...(result.shortPages ? { shortPages: result.shortPages } : {}),
        ...(result.unrouted ? { unrouted: true as const } : {}),
        ...(result.refused ? { refused: result.refused } : {}),
        ...(credentialSent.length > 0 ? { credentialSent } : {}),
      },
      seq,
      started,
      atMs,
    );
  }

  // A connection whose first request's headers do not arrive within HEADERS_TIMEOUT_MS is cut.
  // Node's own headersTimeout did not close 300 such connections on Node 20 (checked every 30 s,
  // and not at all under that many): a timer per connection does.
  const awaitingHeaders = new WeakMap<Socket, NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    clearTimeout(awaitingHeaders.get(req.socket));
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
  server.on('connect', (req: IncomingMessage) => clearTimeout(awaitingHeaders.get(req.socket)));
  server.on('connect', tunnels.onConnect);
  server.keepAliveTimeout = 30_000;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), HEADERS_TIMEOUT_MS);
    timer.unref();
    awaitingHeaders.set(socket, timer);
    socket.once('close', () => clearTimeout(timer));
  });
  server.on('clientError', (_error, socket: Socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await listen(server, host, options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  ownAuthority = `${host}:${port}`;
  const caFile = writeCaFile(ca.certPem);
  const url = `http://${host}:${port}`;
  let control: ControlEndpoint | undefined;

  const fake: FakeCentral = {
    // They read the fake only through calls(), state() and checkState(), late-bound.
    ...fakeAssertions({
      calls: () => fake.calls(),
      state: () => fake.state(),
      checkState: (assertions) => fake.checkState(assertions),
    }),
    url,
    proxyUrl: url,
    caCertPath: caFile.path,
    caCert: ca.certPem,
    get credentials() {
      return { ...bundle.manifest.credentials };
    },
    get bundle() {
      const { manifest } = bundle;
      const { id, version, contentHash, now } = manifest;
      return { id, version, contentHash, now };
    },
    canaries: () => [
      ...bundle.manifest.canaries.map((c) => c.value),
      bundle.manifest.credentials.clientSecret,
      ...issuedTokens(state),
    ],
    calls: () => log.all(),
    peek: async (target) => {
      const served = await peekRead(router, state, handlerOptions, target);
      return served === null ? null : { status: served.status, body: served.body };
    },
    checkState: (assertions) =>
      checkState({ bundle: served.files, touched: state.touched() }, assertions),
    reset: (fixture, settings = {}) => {
      // Everything is checked before anything changes: a bad seed leaves the fake as it was.
      const seed = parseSeed(settings.seed);
      const choices = parseDivergences(settings.divergences);
      let next = startBundle;
      if (fixture !== undefined) {
        const dir = resolveBundleDir(fixture);
        next = bundles.get(dir) ?? sharedBundle(dir);
        bundles.set(dir, next);
      }
      const applied = applySeed(next, seed);
      bundle = next;
      served = applyDivergences(applied.bundle, next, choices);
      seeded = applied.seeded;
      divergences = choices;
      handlerOptions.validation = settings.validation ?? options.validation ?? 'documents';
      state = freshState();
      log.clear();
    },
    seed: (edits) => {
      const applied = applySeed(served, parseSeed(edits));
      served = applied.bundle;
      for (const [file, n] of Object.entries(applied.seeded))
        seeded[file] = (seeded[file] ?? 0) + n;
      state = freshState();
      log.clear();
      return { ...seeded };
    },
    state: () => {
      const { id, version, contentHash } = bundle.manifest;
      return {
        bundle: { id, version, contentHash },
        ...(Object.keys(seeded).length === 0 ? {} : { seeded: { ...seeded } }),
        ...(Object.keys(divergences).length === 0 ? {} : { divergences: { ...divergences } }),
        changes: stateChanges(served.files, state.touched()),
      };
    },
    setFaults: (plan) => {
      // Built before anything changes: a plan the injector refuses leaves the one in force.
      const injector = plan ? new FaultInjector(plan) : null;
      faultPlan = plan;
      state.faults = injector;
    },
    setShortPages: (pages) => {
      shortPages = checkShortPages(pages);
      state.shortPages = shortPages;
    },
    serverEnv: () => proxyEnvironment(url, caFile.path),
    close: async () => {
      await control?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        tunnels.destroyAll();
        caFile.remove();
      });
    },
  };
  if (options.control) {
    try {
      control = await startControlServer(fake, options.control === true ? {} : options.control);
    } catch (error) {
      await fake.close();
      throw error;
    }
    fake.control = { url: control.url, token: control.token };
  }
  return fake;
}
