import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { eraRefusal, UNSUPPORTED_PROTOCOL_VERSION } from './era-refusal.js';

describe('eraRefusal', () => {
  it('names what a server that refused every revision speaks, and what the harness does', () => {
    const refused = new ProtocolError(
      UNSUPPORTED_PROTOCOL_VERSION,
      'Unsupported protocol version',
      {
        supported: ['2027-01-01'],
        requested: '2026-07-28',
      },
    );
    expect(eraRefusal(refused)).toMatch(
      /^it speaks only MCP 2027-01-01, and this harness speaks 2026-07-28, 2025-11-25, 2025-06-18/,
    );
  });

  it('says when the negotiation itself failed, and is null for any other error', () => {
    const failed = new SdkError(SdkErrorCode.EraNegotiationFailed, 'the connection closed');
    expect(eraRefusal(failed)).toMatch(
      /^the MCP era negotiation failed \(the harness speaks 2026-07-28, /,
    );
    expect(eraRefusal(new ProtocolError(-32601, 'Method not found'))).toBeNull();
    expect(eraRefusal(new Error('boom'))).toBeNull();
  });
});
