/**
 * Hosts the proxy terminates and serves from the fake (SPEC.md §2–§3). Everything else
 * is refused and logged as a network escape.
 */
export declare const INTERCEPTED_HOSTS: readonly ["sso.common.cloud.hpe.com", "*.api.central.arubanetworks.com", "*.api.central.arubanetworks.com.cn", "apigw-*.central.arubanetworks.com", "global.api.greenlake.hpe.com"];
/** Whether the proxy serves this host (case-insensitive, port and trailing dot ignored). */
export declare function isInterceptedHost(host: string): boolean;
/** Splits a CONNECT authority (`host:443`, `[::1]:443`) into host and port. */
export declare function splitAuthority(authority: string, defaultPort: number): {
    host: string;
    port: number;
};
