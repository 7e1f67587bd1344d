import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CallRecord } from '../types.js';
import type { RequestTarget } from './request-target.js';
/** Why the fake refused a proxy target: names the host and what it does intercept. */
export declare function refusalMessage(authority: string): string;
/** The raw `403 Forbidden` a refused CONNECT gets before the socket closes. */
export declare function refusedConnectResponse(authority: string): string;
/**
 * Answers a proxied absolute-form request for a host the fake does not serve (403, body
 * drained, nothing forwarded) and returns the escape record for the call log.
 */
export declare function refuseProxyRequest(req: IncomingMessage, res: ServerResponse, target: RequestTarget): Omit<CallRecord, 'seq' | 'durationMs'>;
