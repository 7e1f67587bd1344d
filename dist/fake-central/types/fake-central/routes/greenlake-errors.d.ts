import { ApiError } from '../api-error.js';
import type { Json } from '../types.js';
/** A GreenLake error: the MRT body plus `errorDetails` (SPEC.md §6). */
export declare function glpError(status: number, errorCode: string, message: string, details: Json[]): ApiError;
/** 400 with one `issues` entry naming the offending parameter. */
export declare function glpBadRequest(description: string, subject: string, source?: string): ApiError;
/** 404 for an unknown resource id, in the device-management example's shape. */
export declare function glpNotFound(errorCode: string, id: string, source: string): ApiError;
/**
 * Runs a shared helper (filter, sort, paging) and turns its MRT-style 400 into the GLP shape,
 * naming the parameter the message starts with (`limit must be …`) or `filter`/`sort`.
 */
export declare function glpFamily<T>(fn: () => T): T;
