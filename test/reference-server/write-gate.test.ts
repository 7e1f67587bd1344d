import type {
  ClientCapabilities,
  ElicitRequestFormParams,
  ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { confirmWrite, type ElicitingServer } from '../../examples/reference-server/write-gate.js';

function stub(caps: ClientCapabilities | undefined, answer: ElicitResult | Error) {
  const asked: ElicitRequestFormParams[] = [];
  const server: ElicitingServer = {
    getClientCapabilities: () => caps,
    elicitInput: (params) => {
      asked.push(params);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  return { server, asked };
}

const REQUEST = { tool: 'delete_wlan', summary: "delete SSID 'Guest'", destructive: true };
const FORM: ClientCapabilities = { elicitation: { form: {} } };

function text(decision: Awaited<ReturnType<typeof confirmWrite>>): string {
  if (decision.proceed) return '';
  const first = decision.result.content[0];
  return first?.type === 'text' ? first.text : '';
}

describe('confirmWrite', () => {
  it('refuses when writes are disabled, without asking', async () => {
    const { server, asked } = stub(FORM, { action: 'accept', content: { confirm: true } });
    const decision = await confirmWrite(server, false, REQUEST);
    expect(decision.proceed).toBe(false);
    expect(text(decision)).toContain('writes are disabled; set REFERENCE_ENABLE_WRITES=1');
    expect(decision.proceed ? null : decision.result.isError).toBe(true);
    expect(asked).toHaveLength(0);
  });

  it.each<[string, ClientCapabilities | undefined]>([
    ['no capabilities', undefined],
    ['no elicitation', { sampling: {} }],
    ['url-only elicitation', { elicitation: { url: {} } }],
  ])('refuses (safe default) when the client has %s', async (_label, caps) => {
    const { server, asked } = stub(caps, { action: 'accept', content: { confirm: true } });
    const decision = await confirmWrite(server, true, REQUEST);
    expect(decision.proceed).toBe(false);
    expect(text(decision)).toContain('does not support elicitation');
    expect(asked).toHaveLength(0);
  });

  it('proceeds only on accept with confirm true', async () => {
    const { server, asked } = stub(FORM, { action: 'accept', content: { confirm: true } });
    expect(await confirmWrite(server, true, REQUEST)).toEqual({ proceed: true });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toContain("delete SSID 'Guest'");
    expect(asked[0]?.message).toContain('DESTRUCTIVE');
    expect(asked[0]?.requestedSchema).toMatchObject({
      type: 'object',
      properties: { confirm: { type: 'boolean' } },
      required: ['confirm'],
    });
  });

  it('treats a bare `elicitation: {}` capability as form support', async () => {
    const { server } = stub({ elicitation: {} }, { action: 'accept', content: { confirm: true } });
    expect((await confirmWrite(server, true, REQUEST)).proceed).toBe(true);
  });

  it.each<[string, ElicitResult, string]>([
    ['decline', { action: 'decline' }, 'declined'],
    ['cancel', { action: 'cancel' }, 'cancelled'],
    [
      'accept with confirm false',
      { action: 'accept', content: { confirm: false } },
      'did not confirm',
    ],
    ['accept without content', { action: 'accept' }, 'did not confirm'],
  ])('does not proceed on %s', async (_label, answer, word) => {
    const { server } = stub(FORM, answer);
    const decision = await confirmWrite(server, true, REQUEST);
    expect(decision.proceed).toBe(false);
    expect(text(decision)).toContain(word);
    expect(text(decision)).toContain('No change was made');
    expect(decision.proceed ? null : decision.result.structuredContent).toEqual({
      changed: false,
      reason: 'not_confirmed',
    });
  });

  it('does not proceed when the elicitation request itself fails', async () => {
    const { server } = stub(FORM, new Error('Request timed out'));
    const decision = await confirmWrite(server, true, REQUEST);
    expect(decision.proceed).toBe(false);
    expect(text(decision)).toContain('confirmation failed (Request timed out)');
  });
});
