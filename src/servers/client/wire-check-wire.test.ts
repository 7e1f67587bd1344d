import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { createWireChecker, EXCERPT_CHARS, NOTIFICATION_FLOOD } from './wire-check.js';

/** A watched transport the test plays the server of. */
function checked() {
  const wire = createWireChecker('2025-11-25');
  const transport: Transport & { onGarbage?: (line: string) => void } = {
    start: () => Promise.resolve(),
    close: () => Promise.resolve(),
    send: () => Promise.resolve(),
  };
  wire.watch(transport);
  transport.onmessage = () => undefined;
  const deliver = (message: unknown) => transport.onmessage?.(message as JSONRPCMessage);
  return { wire, transport, deliver };
}

const call = (id: number, name = 'slow') =>
  ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name } }) as const;
const done = (id: number) => ({ jsonrpc: '2.0', id, result: { content: [] } });
const log = {
  jsonrpc: '2.0',
  method: 'notifications/message',
  params: { level: 'info', data: 'x' },
};

describe('the wire check of the wire itself', () => {
  it('reports a second response (result or error) to an answered request, once with its count', async () => {
    const { wire, transport, deliver } = checked();
    await transport.send(call(7));
    deliver(done(7));
    expect(wire.take()).toEqual([]);
    deliver(done(7));
    deliver({ jsonrpc: '2.0', id: 7, error: { code: -1, message: 'again' } });
    const [second, ...rest] = wire.take();
    expect(rest).toEqual([]);
    expect(second).toMatchObject({
      kind: 'response',
      method: 'tools/call',
      pointer: '/id',
      count: 2,
    });
    expect(second?.message).toBe(
      'a second response to request 7 (tools/call), which was already answered',
    );
  });

  it('counts non-JSON-RPC stdout lines as one violation with the first line, cut', () => {
    const { wire, transport } = checked();
    transport.onGarbage?.('x'.repeat(1000));
    for (let i = 0; i < 99_999; i++) transport.onGarbage?.(`line ${i}`);
    const found = wire.take();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: 'message', method: null, count: 100_000 });
    expect(found[0]?.message).toBe(
      '100000 line(s) on stdout that are not JSON-RPC messages (the excerpt is the first)',
    );
    expect(found[0]?.excerpt).toHaveLength(EXCERPT_CHARS);
    transport.onGarbage?.('later');
    expect(wire.take()[0]).toMatchObject({ count: 1, excerpt: 'later' });
  });

  it(`flags more than ${NOTIFICATION_FLOOD} notifications during one tools/call, not ${NOTIFICATION_FLOOD}`, async () => {
    const { wire, transport, deliver } = checked();
    await transport.send(call(1, 'calm'));
    for (let i = 0; i < NOTIFICATION_FLOOD; i++) deliver(log);
    deliver(done(1));
    // Between calls nothing is counted against a call.
    for (let i = 0; i < NOTIFICATION_FLOOD + 5; i++) deliver(log);
    expect(wire.take()).toEqual([]);
    await transport.send(call(2, 'noisy'));
    for (let i = 0; i < NOTIFICATION_FLOOD + 1; i++) deliver(log);
    deliver(done(2));
    deliver(log);
    const found = wire.take();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      kind: 'notification',
      method: 'tools/call',
      count: NOTIFICATION_FLOOD + 1,
      message: `${NOTIFICATION_FLOOD + 1} notifications during one tools/call of "noisy" (more than ${NOTIFICATION_FLOOD})`,
    });
  });
});
