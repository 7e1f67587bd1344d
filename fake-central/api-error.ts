import { createHash } from 'node:crypto';
import type { Item, Json } from './types.js';
import type { FakeResponse } from './http-types.js';

/** Error body styles used by the vendor's API families (SPEC.md §6). */
export type ErrorStyle = 'mrt' | 'config' | 'glp';

/** A deterministic debugId (the real API sends a random 32-hex id). */
export function debugId(seed: string): string {
  return createHash('md5').update(seed).digest('hex');
}

/** The New Central error body `{httpStatusCode, errorCode, message, debugId}`. */
export function errorBody(
  status: number,
  errorCode: string,
  message: string,
  seed = message,
): Item {
  return {
    httpStatusCode: status,
    errorCode,
    message,
    debugId: debugId(`${status}:${errorCode}:${seed}`),
  };
}

/** A response carrying the vendor's error body. */
export function errorResponse(
  status: number,
  errorCode: string,
  message: string,
  extra: Record<string, Json> = {},
): FakeResponse {
  return { status, body: { ...errorBody(status, errorCode, message), ...extra } };
}

/**
 * Thrown by handlers and helpers (paging, filters, body parsing) to answer with a vendor error;
 * the dispatcher turns it into the response, so handlers stay linear.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly response: FakeResponse;

  constructor(
    status: number,
    errorCode: string,
    message: string,
    extra: Record<string, Json> = {},
  ) {
    super(message);
    this.response = errorResponse(status, errorCode, message, extra);
  }
}

/** 400 in the style of the family that rejected the request. */
export function badRequest(message: string, style: ErrorStyle = 'mrt'): ApiError {
  switch (style) {
    case 'config':
      return new ApiError(400, 'ERR_AP001', message);
    case 'glp':
      return new ApiError(400, 'HPE_GL_ERROR_BAD_REQUEST', message);
    case 'mrt':
      return new ApiError(400, 'HPE_GL_ERROR_BAD_REQUEST', message);
  }
}

/** 404 with the generic not-found code (servers fall back to other versions on 404). */
export function notFound(message = 'Not Found', code = 'HPE_GL_ERROR_NOT_FOUND'): ApiError {
  return new ApiError(404, code, message);
}
