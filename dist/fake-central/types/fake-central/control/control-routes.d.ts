import type { FakeCentral, FaultPlanParser } from '../fake-central-api.js';
import { type Json } from '../types.js';
/** A control request after authentication. */
export interface ControlRequest {
    method: string;
    path: string;
    params: URLSearchParams;
    body: string;
}
export interface ControlContext {
    fake: FakeCentral;
    parseFaultPlan: FaultPlanParser | undefined;
}
/** Answers one authenticated control request. */
export declare function answerControl(ctx: ControlContext, req: ControlRequest): Json;
/** What `GET /_fake/info` reports: how a client reaches this fake. */
export declare function controlInfo(fake: FakeCentral): {
    url: string;
    proxy: string;
    caCertPath: string;
    clientId: string;
    clientSecret: string;
    workspaceId: string;
    bundle: {
        id: string;
        version: string;
        contentHash: string;
        now: string;
    };
    env: Record<string, string>;
};
