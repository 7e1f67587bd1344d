import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { createWireChecker, EXCERPT_CHARS, MAX_VIOLATIONS } from './wire-check.js';

/** A transport the test plays the server of: `deliver` is a message from the server. */
function fakeTransport() {
  const sent: JSONRPCMessage[] = [];
  const transport: Transport = {
    start: () => Promise.resolve(),
    close: () => Promise.resolve(),
    send: (message) => {
      sent.push(message);
      return Promise.resolve();
    },
  };
  const seen: JSONRPCMessage[] = [];
  return {
    transport,
    seen,
    deliver: (message: unknown) => transport.onmessage?.(message as JSONRPCMessage),
  };
}

function checked() {
  const wire = createWireChecker('2025-11-25');
  const t = fakeTransport();
  wire.watch(t.transport);
  t.transport.onmessage = (m) => t.seen.push(m);
  return { wire, ...t };
}

describe('createWireChecker', () => {
  it('checks a response against the result schema of the method asked, with the pointer', async () => {
    const { wire, transport, deliver, seen } = checked();
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    deliver({
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        serverInfo: { name: 's', version: '1' },
      },
    });
    await transport.send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    deliver({
      jsonrpc: '2.0',
      id: 2,
      result: { tools: [{ name: 'a/b~c', inputSchema: { type: 'array' } }] },
    });
    expect(seen).toHaveLength(2);
    expect(wire.protocolVersion()).toBe('2025-06-18');
    const [violation, ...rest] = wire.take();
    expect(rest).toEqual([]);
    expect(violation).toMatchObject({
      kind: 'response',
      method: 'tools/list',
      pointer: '/result/tools/0/inputSchema/type',
      excerpt: '"array"',
      revision: '2025-06-18',
      count: 1,
    });
    expect(wire.take()).toEqual([]);
  });

  it('allows what the schema allows: extra fields, _meta on a ping result, known notifications', async () => {
    const { wire, transport, deliver } = checked();
    await transport.send({ jsonrpc: '2.0', id: 'p', method: 'ping' });
    deliver({ jsonrpc: '2.0', id: 'p', result: { _meta: { x: 1 } } });
    deliver({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'info', data: 'hi', extra: 1 },
    });
    deliver({ jsonrpc: '2.0', id: 9, error: { code: -32601, message: 'no' } });
    expect(wire.take()).toEqual([]);
  });

  it('flags unknown server methods and bad params; counts repeats; cuts excerpts', async () => {
    const { wire, deliver } = checked();
    deliver({ jsonrpc: '2.0', method: 'notifications/whatever' });
    deliver({ jsonrpc: '2.0', id: 5, method: 'tools/list' });
    const bad = {
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'loud', data: 'x'.repeat(500) },
    };
    deliver(bad);
    deliver(bad);
    const found = wire.take();
    expect(found.map((v) => [v.kind, v.method, v.pointer, v.count])).toEqual([
      ['notification', 'notifications/whatever', '/method', 1],
      ['request', 'tools/list', '/method', 1],
      ['notification', 'notifications/message', '/params/level', 2],
    ]);
    const many = checked();
    for (let i = 0; i < MAX_VIOLATIONS + 10; i++)
      many.deliver({ jsonrpc: '2.0', method: `n/${i}` });
    expect(many.wire.take()).toHaveLength(MAX_VIOLATIONS);
    const long = checked();
    await long.transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    long.deliver({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'x'.repeat(400) }] } });
    const [cut] = long.wire.take();
    expect(cut?.pointer).toBe('/result/tools/0/inputSchema');
    expect(cut?.excerpt).toHaveLength(EXCERPT_CHARS);
  });

  it('hands a tools/list page on without the tools the schema refuses, and records why', async () => {
    const { wire, transport, deliver, seen } = checked();
    await transport.send({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} });
    const good = { name: 'ok', inputSchema: { type: 'object' } };
    deliver({ jsonrpc: '2.0', id: 3, result: { tools: [{ name: 'bad' }, good], nextCursor: 'c' } });
    expect(seen).toEqual([{ jsonrpc: '2.0', id: 3, result: { tools: [good], nextCursor: 'c' } }]);
    expect(wire.take().map((v) => v.pointer)).toEqual(['/result/tools/0/inputSchema']);
  });

  it('checks a 2026-07-28 session by its rules: resultType, input_required, no server requests', async () => {
    const { wire, transport, deliver } = checked();
    await transport.send({ jsonrpc: '2.0', id: 0, method: 'server/discover', params: {} });
    deliver({
      jsonrpc: '2.0',
      id: 0,
      result: { resultType: 'complete', supportedVersions: 7, capabilities: {} },
    });
    expect(wire.take().map((v) => [v.method, v.pointer])).toEqual([
      ['server/discover', '/result/supportedVersions'],
    ]);
    wire.negotiated('modern', '2026-07-28');
    expect([wire.protocolEra(), wire.protocolVersion()]).toEqual(['modern', '2026-07-28']);
    const tools = {
      resultType: 'complete',
      tools: [{ name: 'a', inputSchema: { type: 'object' } }],
    };
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    deliver({ jsonrpc: '2.0', id: 1, result: tools });
    const ask = { confirm: { method: 'elicitation/create', params: { message: 'ok?' } } };
    await transport.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} });
    deliver({
      jsonrpc: '2.0',
      id: 2,
      result: { resultType: 'input_required', inputRequests: ask },
    });
    deliver({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 1, progress: 1 },
    });
    expect(wire.take()).toEqual([]);
    await transport.send({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} });
    deliver({ jsonrpc: '2.0', id: 3, result: { tools: [] } });
    await transport.send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: {} });
    deliver({ jsonrpc: '2.0', id: 4, result: { resultType: 'input_required' } });
    await transport.send({ jsonrpc: '2.0', id: 5, method: 'tools/list', params: {} });
    deliver({ jsonrpc: '2.0', id: 5, result: { resultType: 'input_required', requestState: 's' } });
    deliver({ jsonrpc: '2.0', id: 'srv', method: 'elicitation/create', params: { message: 'x' } });
    deliver({ jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: {} });
    const found = wire.take();
    expect(found.map((v) => [v.kind, v.method, v.pointer, v.revision])).toEqual([
      ['response', 'tools/list', '/result/resultType', '2026-07-28'],
      ['response', 'tools/call', '/result', '2026-07-28'],
      ['response', 'tools/list', '/result/resultType', '2026-07-28'],
      ['request', 'elicitation/create', '/method', '2026-07-28'],
      ['notification', 'notifications/elicitation/complete', '/method', '2026-07-28'],
    ]);
    expect(found[0]?.message).toBe('every result of the 2026-07-28 revision carries resultType');
    expect(found[3]?.message).toMatch(/has no requests from server to client/);
  });
});
