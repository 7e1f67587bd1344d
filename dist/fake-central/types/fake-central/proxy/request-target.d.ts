import type { IncomingMessage } from 'node:http';
/** A request target split into what routing and the proxy need. */
export interface RequestTarget {
    host: string;
    /** Explicit port of an absolute-form target, else null. */
    port: number | null;
    path: string;
    query: URLSearchParams;
    /** True for absolute-form (`GET http://host/path`): the client is using us as its proxy. */
    absolute: boolean;
}
/** Splits origin-form (`/path?q`) or absolute-form (`http://host/path?q`, proxied) targets. */
export declare function parseTarget(target: string, hostHeader: string | undefined): RequestTarget;
/** Reads a request body (at most 5 MiB). */
export declare function readBody(req: IncomingMessage): Promise<Buffer>;
