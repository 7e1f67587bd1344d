import type { Item, Json } from './types.js';
import type { FakeResponse } from './http-types.js';
/** Error body styles used by the vendor's API families (SPEC.md §6). */
export type ErrorStyle = 'mrt' | 'config' | 'glp';
/** A deterministic debugId (the real API sends a random 32-hex id). */
export declare function debugId(seed: string): string;
/** The New Central error body `{httpStatusCode, errorCode, message, debugId}`. */
export declare function errorBody(status: number, errorCode: string, message: string, seed?: string): Item;
/** A response carrying the vendor's error body. */
export declare function errorResponse(status: number, errorCode: string, message: string, extra?: Record<string, Json>): FakeResponse;
/**
 * Thrown by handlers and helpers (paging, filters, body parsing) to answer with a vendor error;
 * the dispatcher turns it into the response, so handlers stay linear.
 */
export declare class ApiError extends Error {
    name: string;
    readonly response: FakeResponse;
    constructor(status: number, errorCode: string, message: string, extra?: Record<string, Json>);
}
/** 400 in the style of the family that rejected the request. */
export declare function badRequest(message: string, style?: ErrorStyle): ApiError;
/** 404 with the generic not-found code (servers fall back to other versions on 404). */
export declare function notFound(message?: string, code?: string): ApiError;
