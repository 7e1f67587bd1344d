import type { Server } from 'node:http';
/** Listens on host:port; a busy port is a FakeCentralError that says what to do. */
export declare function listen(server: Server, host: string, port: number): Promise<void>;
