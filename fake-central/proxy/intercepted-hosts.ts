/**
 * Hosts the proxy terminates and serves from the fake (SPEC.md §2–§3). Everything else
 * is refused and logged as a network escape.
 */
export const INTERCEPTED_HOSTS = [
  'sso.common.cloud.hpe.com',
  '*.api.central.arubanetworks.com',
  '*.api.central.arubanetworks.com.cn',
  'apigw-*.central.arubanetworks.com',
  'global.api.greenlake.hpe.com',
] as const;

// `*` stands for exactly one DNS label (or the label's tail after `apigw-`), never a dot.
const MATCHERS = INTERCEPTED_HOSTS.map(
  (pattern) =>
    new RegExp(
      `^${pattern
        .split('*')
        .map((part) => part.replace(/[.]/g, '\\.'))
        .join('[a-z0-9-]+')}$`,
    ),
);

/** Whether the proxy serves this host (case-insensitive, port and trailing dot ignored). */
export function isInterceptedHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return MATCHERS.some((m) => m.test(name));
}

/** Splits a CONNECT authority (`host:443`, `[::1]:443`) into host and port. */
export function splitAuthority(
  authority: string,
  defaultPort: number,
): { host: string; port: number } {
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(authority) ?? /^([^:]*)(?::(\d+))?$/.exec(authority);
  const host = (m?.[1] ?? authority).toLowerCase();
  const port = m?.[2] === undefined ? defaultPort : Number(m[2]);
  return { host, port };
}
