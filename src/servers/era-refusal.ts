import { McpError, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';

/** JSON-RPC error of a server that does not speak the protocol version the client asked for. */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/**
 * Why a server refused the harness's `initialize`, in words, when it refused the protocol
 * version (-32022): which revisions it speaks and which the harness's client does. A server of
 * the 2026-07-28 (stateless) era only cannot be benchmarked by this client yet
 * (docs/report-format.md, `protocol_version`). Null for any other error.
 */
export function eraRefusal(error: unknown): string | null {
  if (!(error instanceof McpError) || error.code !== UNSUPPORTED_PROTOCOL_VERSION) return null;
  const data = error.data as { supported?: unknown } | undefined;
  const supported = Array.isArray(data?.supported)
    ? data.supported.filter((v): v is string => typeof v === 'string')
    : [];
  const theirs = supported.length > 0 ? supported.join(', ') : 'another revision';
  return `it speaks only MCP ${theirs}, and this harness's client speaks ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')} (the initialize handshake of the 2025 era); a server of the 2026-07-28 era only cannot be benchmarked yet (${error.message})`;
}
