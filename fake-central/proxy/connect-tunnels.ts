import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { TLSSocket, type SecureContext } from 'node:tls';
import type { CertificateAuthority } from './certificate-authority.js';
import { isInterceptedHost, splitAuthority } from './intercepted-hosts.js';
import { refusedConnectResponse } from './refusal.js';

const TLS_HANDSHAKE = 0x16;

/** Where tunnels come from and what happens to refused ones. */
export interface ConnectTunnelsOptions {
  ca: CertificateAuthority;
  /** The fake's HTTP server: tunnelled sockets are handed to it, so one handler serves all. */
  server: Server;
  /** Called once per refused CONNECT (the call log records it as an escape). */
  onEscape: (host: string, port: number) => void;
}

/**
 * The CONNECT side of the proxy. Intercepted hosts get `200 Connection Established`, then the
 * tunnel is TLS-terminated with a leaf for the CONNECT host (or left plain when the client does
 * not start a TLS handshake) and fed back into the same HTTP server. Other hosts get 403.
 */
export class ConnectTunnels {
  private readonly hosts = new WeakMap<Socket, string>();
  private readonly open = new Set<Socket>();

  constructor(private readonly options: ConnectTunnelsOptions) {}

  /** The CONNECT host a socket was tunnelled for, or undefined for a direct connection. */
  hostOf(socket: Socket): string | undefined {
    return this.hosts.get(socket);
  }

  /** The `connect` listener of the HTTP server. */
  readonly onConnect = (req: IncomingMessage, socket: Socket, head: Buffer): void => {
    // A client that vanishes mid-tunnel must never take the fake down.
    socket.on('error', () => socket.destroy());
    const { host, port } = splitAuthority(req.url ?? '', 443);
    // `host:99999` names no port: refused as malformed, whatever the host.
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      const body = `CONNECT ${req.url ?? ''}: the port must be 1-65535\n`;
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return;
    }
    if (!isInterceptedHost(host)) {
      socket.end(refusedConnectResponse(`${host}:${port}`));
      this.options.onEscape(host, port);
      return;
    }
    this.open.add(socket);
    socket.once('close', () => this.open.delete(socket));
    this.options.ca.secureContextFor(host).then(
      (secureContext) => {
        if (socket.destroyed) return;
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        this.whenFirstBytes(socket, head, (first) => {
          if (first === TLS_HANDSHAKE) this.terminateTls(socket, host, secureContext);
          else this.servePlain(socket, host);
        });
      },
      () => socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n'),
    );
  };

  /** Destroys every open tunnel (close() must not wait for idle keep-alive tunnels). */
  destroyAll(): void {
    for (const socket of this.open) socket.destroy();
    this.open.clear();
  }

  private whenFirstBytes(socket: Socket, head: Buffer, then: (first: number) => void): void {
    if (head.length > 0) {
      socket.unshift(head);
      then(head[0] ?? 0);
      return;
    }
    const onData = (chunk: Buffer): void => {
      socket.pause();
      socket.off('data', onData);
      socket.unshift(chunk);
      then(chunk[0] ?? 0);
    };
    socket.on('data', onData);
  }

  private terminateTls(socket: Socket, host: string, secureContext: SecureContext): void {
    const tls = new TLSSocket(socket, {
      isServer: true,
      secureContext,
      // HTTP/1.1 only: clients offering h2 as well settle on http/1.1.
      ALPNProtocols: ['http/1.1'],
    });
    tls.on('error', () => tls.destroy());
    this.hosts.set(tls, host);
    this.options.server.emit('connection', tls);
  }

  private servePlain(socket: Socket, host: string): void {
    this.hosts.set(socket, host);
    this.options.server.emit('connection', socket);
    socket.resume();
  }
}
