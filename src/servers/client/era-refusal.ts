import {
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/client';

/** JSON-RPC error of a server that does not speak the protocol version the client asked for. */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** The 2026-07-28 revisions the harness's client (SDK v2) negotiates through `server/discover`. */
export const MODERN_REVISIONS = ['2026-07-28'] as const;

/** Every revision the harness speaks, newest first. */
export const HARNESS_REVISIONS = [...MODERN_REVISIONS, ...SUPPORTED_PROTOCOL_VERSIONS];

/**
 * Why the era negotiation failed, in words, when it genuinely did: the server refused every
 * revision the harness offers (-32022, a revision newer than 2026-07-28 only, say), or the
 * v2 client's negotiation gave up (the connection closed during the `server/discover` probe).
 * Names what the server speaks (from the refusal's `data.supported`) and what the harness
 * does. Null for any other error.
 */
export function eraRefusal(error: unknown): string | null {
  const ours = HARNESS_REVISIONS.join(', ');
  if (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed) {
    return `the MCP era negotiation failed (the harness speaks ${ours}): ${error.message}`;
  }
  if (!(error instanceof ProtocolError) || error.code !== UNSUPPORTED_PROTOCOL_VERSION) return null;
  const data = error.data as { supported?: unknown } | undefined;
  const supported = Array.isArray(data?.supported)
    ? data.supported.filter((v): v is string => typeof v === 'string')
    : [];
  const theirs = supported.length > 0 ? supported.join(', ') : 'another revision';
  return `it speaks only MCP ${theirs}, and this harness speaks ${ours} (${error.message})`;
}
