/** Addresses that bypass the proxy: loopback only, so base-URL overrides reach the fake directly. */
export declare const LOOPBACK_NO_PROXY = "127.0.0.1,localhost,::1";
/**
 * The environment a server under test needs to reach the fake through the proxy with its
 * production URLs unchanged: proxy variables in both spellings (curl reads only lower-case
 * `http_proxy`; Python and undici read either), and the CA in every trust-store variable that
 * httpx, requests, curl, OpenSSL and Node read.
 */
export declare function proxyEnvironment(proxyUrl: string, caCertPath: string): Record<string, string>;
