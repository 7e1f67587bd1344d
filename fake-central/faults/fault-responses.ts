import { errorResponse } from '../api-error.js';
import { rateLimitHeaders } from '../rate-limit.js';
import type { FakeState } from '../state.js';
import type { FakeResponse } from '../http-types.js';

const SERVER_ERROR_CODES: Record<number, string> = {
  500: 'HPE_GL_ERROR_INTERNAL_SERVER_ERROR',
  502: 'HPE_GL_ERROR_BAD_GATEWAY',
  503: 'HPE_GL_ERROR_SERVICE_UNAVAILABLE',
  504: 'HPE_GL_ERROR_GATEWAY_TIMEOUT',
};

/**
 * 429 as SPEC.md §6–§7 describe it. `Retry-After` is always sent: without it one
 * compared server waits 60 s before retrying.
 */
export function rateLimitedResponse(state: FakeState, retryAfter: number): FakeResponse {
  const headers = rateLimitHeaders(state, 0);
  return {
    ...errorResponse(
      429,
      'HPE_GL_ERROR_TOO_MANY_REQUESTS',
      'Too Many Requests. Rate limit exceeded.',
    ),
    headers: { ...headers, 'X-RateLimit-Remaining': '0', 'Retry-After': String(retryAfter) },
  };
}

/** A 5xx in the New Central error shape. */
export function serverErrorResponse(status: number): FakeResponse {
  return errorResponse(
    status,
    SERVER_ERROR_CODES[status] ?? 'HPE_GL_ERROR_INTERNAL_SERVER_ERROR',
    status === 503 ? 'Service Unavailable' : 'Internal Server Error',
  );
}

const CLIENT_ERROR_CODES: Record<number, [string, string]> = {
  400: ['HPE_GL_ERROR_BAD_REQUEST', 'Bad Request'],
  403: ['HPE_GL_ERROR_FORBIDDEN', 'Forbidden'],
  404: ['HPE_GL_ERROR_NOT_FOUND', 'Not Found'],
  422: ['HPE_GL_ERROR_UNPROCESSABLE_ENTITY', 'Unprocessable Entity'],
};

/** A non-retryable 4xx in the New Central error shape. */
export function clientErrorResponse(status: number): FakeResponse {
  const [code, message] = CLIENT_ERROR_CODES[status] ?? ['HPE_GL_ERROR_BAD_REQUEST', 'Bad Request'];
  return errorResponse(status, code, message);
}

/** The 401 a client sees when its token has expired (it should fetch a new one and retry). */
export function tokenExpiredResponse(): FakeResponse {
  return errorResponse(401, 'HPE_GL_ERROR_UNAUTHORIZED', 'Authentication required.');
}
