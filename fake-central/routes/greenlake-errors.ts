import { ApiError } from '../api-error.js';
import { isItem } from '../json.js';
import type { Json } from '../types.js';

/** A GreenLake error: the MRT body plus `errorDetails` (SPEC.md §6). */
export function glpError(
  status: number,
  errorCode: string,
  message: string,
  details: Json[],
): ApiError {
  return new ApiError(status, errorCode, message, { errorDetails: details });
}

/** 400 with one `issues` entry naming the offending parameter. */
export function glpBadRequest(
  description: string,
  subject: string,
  source = 'query.parameter',
): ApiError {
  return glpError(400, 'HPE_GL_ERROR_BAD_REQUEST', 'Bad Request', [
    { type: 'hpe.greenlake.bad_request', issues: [{ description, source, subject }] },
  ]);
}

/** 404 for an unknown resource id, in the device-management example's shape. */
export function glpNotFound(errorCode: string, id: string, source: string): ApiError {
  return glpError(404, errorCode, 'Not Found', [
    {
      type: 'hpe.greenlake.metadata',
      source,
      metadata: { id: `ResourceId [${id}] not found` },
    },
  ]);
}

/**
 * Runs a shared helper (filter, sort, paging) and turns its MRT-style 400 into the GLP shape,
 * naming the parameter the message starts with (`limit must be …`) or `filter`/`sort`.
 */
export function glpFamily<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (!(error instanceof ApiError) || error.response.status !== 400) throw error;
    if (isItem(error.response.body) && 'errorDetails' in error.response.body) throw error;
    const message = error.message;
    const subject = /^Invalid sort/.test(message)
      ? 'sort'
      : /^Invalid filter/.test(message)
        ? 'filter'
        : (/^([\w-]+) must/.exec(message)?.[1] ?? 'query');
    throw glpBadRequest(message, subject);
  }
}
