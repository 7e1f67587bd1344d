import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ControlOptions, FakeCentral } from '../fake-central-api.js';
import type { Json } from '../types.js';
import { ControlError } from './control-error.js';
import { answerControl } from './control-routes.js';

/** The running control API: its own loopback port, and the bearer token every request needs. */
export interface ControlEndpoint {
  url: string;
  token: string;
  close(): Promise<void>;
}

const MAX_BODY = 1 << 20;
/**
 * A body over MAX_BODY is read on (and dropped) up to this much, so the client, still sending,
 * gets the 413 instead of a connection reset; past it the connection is cut.
 */
const DRAIN_LIMIT = 16 << 20;

function readText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
      else if (size > DRAIN_LIMIT) req.destroy();
    });
    req.on('end', () => {
      if (size <= MAX_BODY) resolve(Buffer.concat(chunks).toString('utf8'));
      else
        reject(
          new ControlError(
            413,
            'FAKE_CONTROL_TOO_LARGE',
            `the body is ${size} bytes, over 1 MiB`,
            'send a smaller plan or list of assertions',
          ),
        );
    });
    req.on('error', reject);
  });
}

function sameSecret(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may ask: a request with the bearer token, addressed to this port on loopback in origin
 * form. An absolute-form target or a foreign Host header is a proxy-style or rebinding attempt
 * and is refused before the token is looked at.
 */
function authorise(req: IncomingMessage, authority: string, token: string): void {
  const target = req.url ?? '/';
  const host = req.headers.host ?? '';
  if (
    !target.startsWith('/') ||
    (host !== authority && host !== authority.replace('127.0.0.1', 'localhost'))
  ) {
    throw new ControlError(
      403,
      'FAKE_CONTROL_FORBIDDEN',
      `the control API answers only requests to http://${authority}/ itself (got ${target.startsWith('/') ? `Host: ${host}` : target})`,
      'call the control URL the fake printed, directly, without a proxy',
    );
  }
  const auth = req.headers.authorization ?? '';
  const given = /^Bearer (\S+)$/i.exec(auth)?.[1];
  if (given === undefined || !sameSecret(given, token)) {
    throw new ControlError(
      401,
      'FAKE_CONTROL_UNAUTHORIZED',
      given === undefined ? 'no bearer token' : 'wrong bearer token',
      'send Authorization: Bearer <controlToken>, the token the fake printed with its control URL',
    );
  }
}

/**
 * Serves the control API for `fake` on its own port on 127.0.0.1: a port the fake's proxy
 * never serves (it refuses absolute-form requests to any port but its own), that a sandboxed
 * server cannot reach (the sandbox relays only the fake's API port), and that answers only
 * with the random token, which appears nowhere but in the value returned here.
 */
export async function startControlServer(
  fake: FakeCentral,
  options: ControlOptions = {},
): Promise<ControlEndpoint> {
  const token = randomBytes(24).toString('base64url');
  let authority = '';
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: Json): void => {
      const payload = JSON.stringify(body);
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(payload),
        'Cache-Control': 'no-store',
      });
      res.end(payload);
    };
    (async () => {
      authorise(req, authority, token);
      const url = new URL(req.url ?? '/', `http://${authority}`);
      const body = await readText(req);
      send(
        200,
        answerControl(
          { fake, parseFaultPlan: options.parseFaultPlan },
          { method: req.method ?? 'GET', path: url.pathname, params: url.searchParams, body },
        ),
      );
    })().catch((error: unknown) => {
      const refusal =
        error instanceof ControlError
          ? error
          : new ControlError(
              500,
              'FAKE_CONTROL_INTERNAL',
              error instanceof Error ? error.message : String(error),
              'this is a bug in the fake: please report it with the request',
            );
      if (refusal.status >= 400 && refusal.status < 500) req.resume();
      if (!res.headersSent) send(refusal.status, refusal.body());
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  authority = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `http://${authority}`,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
