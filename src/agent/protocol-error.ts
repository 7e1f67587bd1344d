/**
 * What a protocol error says about the server: it `answered` (a JSON-RPC error such as an
 * unknown tool or invalid arguments — the run goes on and the policy sees the error), the call
 * `timed_out`, or the server is `dead` (connection closed, transport failure).
 */
export type ProtocolFailure = 'answered' | 'timed_out' | 'dead';

// The SDK's McpError renders as "MCP error <code>: <message>"; -32000 is its ConnectionClosed
// and -32001 its RequestTimeout. Every other code came back from a live server.
const MCP_ERROR = /MCP error (-?\d+)/;

/** Classifies a `ToolCallOutcome.protocolError` message. */
export function classifyProtocolError(message: string): ProtocolFailure {
  const code = MCP_ERROR.exec(message)?.[1];
  if (code === '-32000') return 'dead';
  if (code === '-32001') return 'timed_out';
  if (code !== undefined) return 'answered';
  return /timed? ?out/i.test(message) ? 'timed_out' : 'dead';
}
