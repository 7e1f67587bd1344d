import { ApiError, debugId, errorResponse } from './api-error.js';
import { refuseByDocuments } from './request-rules/request-rules.js';
import { shortPagesFor } from './paging.js';
import { isAuthorized } from './routes/auth.js';
import type { HandlerOptions, Route, Router } from './router.js';
import type { FakeState, RoutedCall } from './state.js';
import type { CallKind, Json, RefusedRequest } from './types.js';
import type { FakeRequest, FakeResponse } from './http-types.js';

/** A response plus the classification the call log records for it. */
export interface Dispatched extends FakeResponse {
  kind: CallKind;
  /** The route pattern that answered, for the request log. */
  route?: string;
  /**
   * The body already serialised and UTF-8 encoded (cached reads), so a hot page is stringified
   * and encoded once: encoding a 70 kB string on every write cost more than the rest of the
   * request path together (`npm run bench:fake`, profiled).
   */
  payload?: Buffer;
  /** The call came before an earlier 429's Retry-After had elapsed (see FaultInjector). */
  retryAfterEarly?: true;
  /** A `short_page` fault cut this page: items served of the page's full length. */
  shortPage?: { served: number; of: number };
  /** Short-pages mode served this page at `size` items of `total` (paging.ts). */
  shortPages?: { size: number; total: number };
  /** No route answered this request (route-miss 404 or 405); copied to the call log. */
  unrouted?: true;
  /** The documents forbid this request: it was answered 400 and changed nothing; copied to the call log. */
  refused?: RefusedRequest;
}

function parseBody(req: FakeRequest): Json | undefined {
  if (req.body.length === 0) return undefined;
  const type = String(req.headers['content-type'] ?? '');
  const text = req.body.toString('utf8');
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text) as Json;
  } catch (error) {
    throw new ApiError(
      400,
      'HPE_GL_ERROR_BAD_REQUEST',
      `Malformed JSON request body: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * Routes one request through auth, the documents' request rules and its handler. Never throws:
 * every failure becomes a vendor-shaped response, so a bad request can't take the fake down.
 */
export async function dispatch(
  router: Router,
  state: FakeState,
  options: HandlerOptions,
  req: FakeRequest,
): Promise<Dispatched> {
  const path = req.rawPath === '' ? '/' : req.rawPath;
  const found = router.match(req.method, path);
  if (found === null) {
    return ownDebugId(state, req, {
      ...errorResponse(404, 'HPE_GL_ERROR_NOT_FOUND', `Not Found: ${req.method} ${path}`),
      kind: readOrWrite(req.method),
      unrouted: true,
    });
  }
  if ('allowed' in found) {
    return ownDebugId(state, req, {
      ...errorResponse(
        405,
        'HPE_GL_ERROR_METHOD_NOT_ALLOWED',
        `Method ${req.method} not allowed on ${path}`,
      ),
      headers: { Allow: [...new Set(found.allowed)].join(', ') },
      kind: readOrWrite(req.method),
      unrouted: true,
    });
  }
  const { route, params } = found;
  const authorized = route.kind === 'auth' || isAuthorized(state, req);
  // The fault seam: the run's fault plan may answer instead of the route, or delay it.
  const injected = state.faults
    ? await state.faults.beforeRoute({ req, route, state, authorized })
    : undefined;
  const early = injected?.retryAfterEarly ? { retryAfterEarly: true as const } : {};
  if (injected?.response) {
    return {
      ...injected.response,
      kind: route.kind,
      route: route.pattern,
      fault: injected.fault,
      ...early,
    };
  }
  // Short-pages mode: the paging helpers cut this request's pages (and say so on the mark); such
  // an answer is neither cached nor served from the cache.
  const short =
    state.shortPages !== null && req.method === 'GET' && route.kind === 'read'
      ? shortPagesFor(req.query, state.shortPages)
      : undefined;
  const answered = await cachedRead(
    route,
    authorized && injected?.fault === undefined && short === undefined,
    state,
    req,
    () => runRoute(route, params, authorized, state, options, req),
  );
  const result = short?.served ? { ...answered, shortPages: short.served } : answered;
  const shaped = shortPage(state, { req, route, state, authorized }, result);
  if (injected?.fault === undefined) return { ...shaped, ...early };
  const fault = shaped.fault === undefined ? injected.fault : `${injected.fault}+${shaped.fault}`;
  return { ...shaped, fault, ...early };
}

/** A read answered 200 that a `short_page` fault cuts (see faults/short-page.ts). */
function shortPage(state: FakeState, call: RoutedCall, result: Dispatched): Dispatched {
  if (!state.faults || result.status !== 200 || call.req.method !== 'GET') return result;
  if (call.route.kind !== 'read') return result;
  const cut = state.faults.afterRoute(call, result.body);
  if (cut === undefined) return result;
  // The cached payload is the full page: drop it so the cut body is what gets sent.
  const { payload: _full, ...rest } = result;
  const fault = rest.fault === undefined ? 'short_page' : `${rest.fault}+short_page`;
  return { ...rest, body: cut.body, fault, shortPage: { served: cut.served, of: cut.of } };
}

/**
 * Plain reads are pure functions of the state and the URL, so a 200 answer is reused until the
 * next state-changing request (the cache lives in the state's views). Polls and writes are never
 * cached; neither is anything a fault shaped or an unauthenticated request.
 */
async function cachedRead(
  route: Route,
  eligible: boolean,
  state: FakeState,
  req: FakeRequest,
  run: () => Promise<Dispatched>,
): Promise<Dispatched> {
  if (!eligible || req.method !== 'GET' || route.kind !== 'read') return run();
  const key = `response\u0000${req.rawPath}\u0000${req.query.toString()}`;
  const hit = state.peekView<Dispatched>(key);
  if (hit) return hit;
  const result = await run();
  if (result.status !== 200) return result;
  // Serialise now: the body may share objects with the state, which later writes mutate.
  const cached: Dispatched = {
    ...result,
    payload:
      result.payload ?? Buffer.from(result.body === undefined ? '' : JSON.stringify(result.body)),
  };
  state.view(key, () => cached);
  return cached;
}

async function runRoute(
  route: Route,
  params: Record<string, string>,
  authorized: boolean,
  state: FakeState,
  options: HandlerOptions,
  req: FakeRequest,
): Promise<Dispatched> {
  try {
    if (!authorized) {
      return {
        ...errorResponse(401, 'HPE_GL_ERROR_UNAUTHORIZED', 'Authentication required.'),
        kind: route.kind,
        route: route.pattern,
      };
    }
    let parsed: { value: Json | undefined } | undefined;
    const body = (): Json | undefined => (parsed ??= { value: parseBody(req) }).value;
    if (options.validation === 'documents') {
      // Before the handler: a refused request changes nothing (no state, task or cache drop).
      const refused = refuseByDocuments({
        method: req.method,
        rawPath: req.rawPath,
        query: req.query,
        contentType: String(req.headers['content-type'] ?? ''),
        body,
        debugSeed: `${state.bundle.manifest.id}:debug:${req.seq ?? 0}`,
      });
      if (refused)
        return {
          ...refused.response,
          kind: route.kind,
          route: route.pattern,
          refused: refused.refused,
        };
    }
    // Handlers mutate lists in place; any non-read request drops the cached list views.
    if (req.method !== 'GET' && req.method !== 'HEAD') state.invalidateViews();
    const response = await route.handler({
      req,
      params,
      query: req.query,
      state,
      options,
      body,
    });
    return { ...response, kind: response.kind ?? route.kind, route: route.pattern };
  } catch (error) {
    if (error instanceof ApiError)
      return ownDebugId(state, req, { ...error.response, kind: route.kind, route: route.pattern });
    const message = error instanceof Error ? error.message : String(error);
    return {
      ...errorResponse(
        500,
        'HPE_GL_ERROR_INTERNAL_SERVER_ERROR',
        `fake-central handler failed: ${message}`,
      ),
      kind: route.kind,
      route: route.pattern,
    };
  }
}

/**
 * Gives an error answer the `debugId` of this request: the live API sends a fresh id with every
 * error, so two 404s must not share one (a client that logs or dedupes by it would merge them).
 * Seeded like a refusal's (bundle + call-log sequence), so a rerun after reset is byte-identical.
 */
function ownDebugId(state: FakeState, req: FakeRequest, response: Dispatched): Dispatched {
  const body = response.body;
  if (req.seq === undefined || body === null || typeof body !== 'object' || Array.isArray(body))
    return response;
  if (typeof body.debugId !== 'string') return response;
  const id = debugId(`${state.bundle.manifest.id}:debug:${req.seq}`);
  return { ...response, body: { ...body, debugId: id } };
}

function readOrWrite(method: string): CallKind {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

/**
 * A plain read served off the record (FakeCentral.peek): as an authorised client, with no fault
 * plan and no cache entry. Read routes are pure functions of the state and the URL, so serving
 * one here changes nothing a server under test could see. Null for anything but a routed read.
 */
export async function peekRead(
  router: Router,
  state: FakeState,
  options: HandlerOptions,
  target: string,
): Promise<Dispatched | null> {
  const queryStart = target.indexOf('?');
  const rawPath = queryStart === -1 ? target : target.slice(0, queryStart);
  const query = new URLSearchParams(queryStart === -1 ? '' : target.slice(queryStart + 1));
  const found = router.match('GET', rawPath);
  if (found === null || 'allowed' in found || found.route.kind !== 'read') return null;
  const req: FakeRequest = {
    method: 'GET',
    host: '',
    rawPath,
    query,
    headers: {},
    body: Buffer.alloc(0),
  };
  return runRoute(found.route, found.params, true, state, options, req);
}
