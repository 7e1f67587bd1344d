import type { ControlOptions, FakeCentral } from '../fake-central-api.js';
/** The running control API: its own loopback port, and the bearer token every request needs. */
export interface ControlEndpoint {
    url: string;
    token: string;
    close(): Promise<void>;
}
/**
 * Serves the control API for `fake` on its own port on 127.0.0.1: a port the fake's proxy
 * never serves (it refuses absolute-form requests to any port but its own), that a sandboxed
 * server cannot reach (the sandbox relays only the fake's API port), and that answers only
 * with the random token, which appears nowhere but in the value returned here.
 */
export declare function startControlServer(fake: FakeCentral, options?: ControlOptions): Promise<ControlEndpoint>;
