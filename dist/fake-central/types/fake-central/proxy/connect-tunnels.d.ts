import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { CertificateAuthority } from './certificate-authority.js';
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
export declare class ConnectTunnels {
    private readonly options;
    private readonly hosts;
    private readonly open;
    constructor(options: ConnectTunnelsOptions);
    /** The CONNECT host a socket was tunnelled for, or undefined for a direct connection. */
    hostOf(socket: Socket): string | undefined;
    /** The `connect` listener of the HTTP server. */
    readonly onConnect: (req: IncomingMessage, socket: Socket, head: Buffer) => void;
    /** Destroys every open tunnel (close() must not wait for idle keep-alive tunnels). */
    destroyAll(): void;
    private whenFirstBytes;
    private terminateTls;
    private servePlain;
}
