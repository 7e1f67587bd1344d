/** Production endpoints every real Central MCP server uses (fake-central/SPEC.md §3). */
export const DEFAULT_CENTRAL_BASE_URL = 'https://us5.api.central.arubanetworks.com';
export const DEFAULT_GREENLAKE_BASE_URL = 'https://global.api.greenlake.hpe.com';
export const CENTRAL_TOKEN_URL = 'https://sso.common.cloud.hpe.com/as/token.oauth2';

const DEFAULT_POLL_INTERVAL_MS = 500;

/** Everything the server reads from its environment, parsed once. */
export interface ReferenceConfig {
  centralBaseUrl: string;
  clientId: string;
  clientSecret: string;
  greenlakeBaseUrl: string;
  /** When set, GreenLake calls use this workspace's token; otherwise the SSO token. */
  greenlakeWorkspaceId: string | null;
  /** The SSO token URL; only tests override it (CENTRAL_TOKEN_URL). */
  tokenUrl: string;
  /** REFERENCE_ENABLE_WRITES=1: write tools may run (after confirmation). */
  enableWrites: boolean;
  pollIntervalMs: number;
  /** REFERENCE_NOW: a fixed "now" for time windows (replaying a fixed-clock fixture). */
  fixedNow: Date | null;
}

/** A configuration problem; the message names the variable and the fix. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function urlVar(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a URL: "${raw}" (expected e.g. ${fallback})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** Parses the environment; throws {@link ConfigError} naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv): ReferenceConfig {
  const clientId = env.CENTRAL_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.CENTRAL_CLIENT_SECRET?.trim() ?? '';
  const missing = [
    clientId === '' ? 'CENTRAL_CLIENT_ID' : null,
    clientSecret === '' ? 'CENTRAL_CLIENT_SECRET' : null,
  ].filter((n): n is string => n !== null);
  if (missing.length > 0) {
    throw new ConfigError(
      `${missing.join(' and ')} must be set (the Central API client credentials from GreenLake).`,
    );
  }

  const pollRaw = env.REFERENCE_POLL_INTERVAL_MS?.trim();
  const pollIntervalMs = pollRaw ? Number(pollRaw) : DEFAULT_POLL_INTERVAL_MS;
  if (!Number.isInteger(pollIntervalMs) || pollIntervalMs < 0 || pollIntervalMs > 60_000) {
    throw new ConfigError(
      `REFERENCE_POLL_INTERVAL_MS must be an integer from 0 to 60000, got "${pollRaw ?? ''}"`,
    );
  }

  const nowRaw = env.REFERENCE_NOW?.trim();
  let fixedNow: Date | null = null;
  if (nowRaw) {
    fixedNow = new Date(nowRaw);
    if (Number.isNaN(fixedNow.getTime())) {
      throw new ConfigError(`REFERENCE_NOW must be an RFC 3339 timestamp, got "${nowRaw}"`);
    }
  }

  return {
    centralBaseUrl: urlVar(env, 'CENTRAL_BASE_URL', DEFAULT_CENTRAL_BASE_URL),
    clientId,
    clientSecret,
    greenlakeBaseUrl: urlVar(env, 'GREENLAKE_BASE_URL', DEFAULT_GREENLAKE_BASE_URL),
    greenlakeWorkspaceId: env.GREENLAKE_WORKSPACE_ID?.trim() || null,
    tokenUrl: urlVar(env, 'CENTRAL_TOKEN_URL', CENTRAL_TOKEN_URL),
    enableWrites: env.REFERENCE_ENABLE_WRITES?.trim() === '1',
    pollIntervalMs,
    fixedNow,
  };
}
