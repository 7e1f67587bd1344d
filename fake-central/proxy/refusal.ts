import type { IncomingMessage, ServerResponse } from 'node:http';
import { queryRecord } from '../call-log.js';
import type { CallRecord } from '../types.js';
import { INTERCEPTED_HOSTS } from './intercepted-hosts.js';
import type { RequestTarget } from './request-target.js';

/** Why the fake refused a proxy target: names the host and what it does intercept. */
export function refusalMessage(authority: string): string {
  return (
    `fake-central refused ${authority}: the proxy serves only ${INTERCEPTED_HOSTS.join(', ')} ` +
    `and forwards nothing off this machine. The attempt is logged as a network escape.\n`
  );
}

/** The raw `403 Forbidden` a refused CONNECT gets before the socket closes. */
export function refusedConnectResponse(authority: string): string {
  const body = refusalMessage(authority);
  return (
    'HTTP/1.1 403 Forbidden\r\n' +
    'Content-Type: text/plain; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}

/**
 * Answers a proxied absolute-form request for a host the fake does not serve (403, body
 * drained, nothing forwarded) and returns the escape record for the call log.
 */
export function refuseProxyRequest(
  req: IncomingMessage,
  res: ServerResponse,
  target: RequestTarget,
): Omit<CallRecord, 'seq' | 'durationMs'> {
  req.resume();
  const authority = target.port === null ? target.host : `${target.host}:${target.port}`;
  res
    .writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' })
    .end(refusalMessage(authority));
  return {
    method: req.method ?? 'GET',
    host: target.host,
    path: target.path,
    query: queryRecord(target.query),
    status: 403,
    kind: 'escape',
    bodyDigest: null,
  };
}
