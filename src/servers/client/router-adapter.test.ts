import { describe, expect, it } from 'vitest';
import type { ToolCallOutcome, ToolCallRequest } from '../../trajectory/types.js';
import { withRouter } from './router-adapter.js';
import type { ServerSession } from '../types.js';

function stub(
  tools: string[],
  answer: ToolCallOutcome = { content: [{ type: 'text', text: 'ok' }], isError: false },
): { session: ServerSession; sent: ToolCallRequest[] } {
  const sent: ToolCallRequest[] = [];
  const session: ServerSession = {
    serverInfo: { name: 'nw', version: '1' },
    tools: tools.map((name) => ({ name, inputSchema: { type: 'object' } })),
    startupMs: 1,
    callTool: (request) => {
      sent.push(request);
      return Promise.resolve(answer);
    },
    stderrTail: () => '',
    close: () => Promise.resolve(),
  };
  return { session, sent };
}

const router = { tool: 'central_invoke_tool', nameArgument: 'name', argumentsArgument: 'params' };

describe('withRouter', () => {
  it('sends unlisted tools through the router tool and listed ones directly', async () => {
    const { session, sent } = stub(['central_invoke_tool', 'central_list_tools']);
    const routed = withRouter(session, router);
    await routed.callTool(
      { name: 'central_get_clients', arguments: { site_id: '1' } },
      () => undefined,
    );
    await routed.callTool({ name: 'central_list_tools', arguments: {} }, () => undefined);
    expect(sent).toEqual([
      {
        name: 'central_invoke_tool',
        arguments: { name: 'central_get_clients', params: { site_id: '1' } },
      },
      { name: 'central_list_tools', arguments: {} },
    ]);
  });

  it('calls directly when the server does not list the router tool (so errors stay honest)', async () => {
    const { session, sent } = stub(['central_get_clients']);
    await withRouter(session, router).callTool({ name: 'nope', arguments: {} }, () => undefined);
    expect(sent).toEqual([{ name: 'nope', arguments: {} }]);
  });

  it('sends a tool through the meta tool of its longest matching prefix', async () => {
    const { session, sent } = stub(['central_invoke_tool', 'greenlake_invoke_tool']);
    const routed = withRouter(session, {
      ...router,
      byPrefix: { greenlake_: 'greenlake_invoke_tool', greenlake_x_: 'nope_invoke_tool' },
    });
    await routed.callTool(
      { name: 'greenlake_get_subscriptions_v1_subscriptions', arguments: {} },
      () => undefined,
    );
    await routed.callTool({ name: 'central_get_alerts', arguments: {} }, () => undefined);
    expect(sent.map((r) => [r.name, r.arguments.name])).toEqual([
      ['greenlake_invoke_tool', 'greenlake_get_subscriptions_v1_subscriptions'],
      ['central_invoke_tool', 'central_get_alerts'],
    ]);
  });

  // nowireless4u's envelope around its router's not_found answer (meta_tools.py:494-500 and
  // response_envelope.py:316-330 @91fe984).
  const notFound = {
    ok: false,
    status: 404,
    data: {
      status: 'not_found',
      message: "central has no tool named 'greenlake_get_x'.",
      hint: 'Call central_list_tools to see available tools.',
    },
    message: "central has no tool named 'greenlake_get_x'.",
    tool: 'central_invoke_tool',
    platform: 'central',
  };

  it.each([
    [
      'a not_found envelope (text)',
      { content: [{ type: 'text', text: JSON.stringify(notFound) }], isError: false },
      true,
      true,
    ],
    [
      'a not_found envelope (structured)',
      { content: [], structuredContent: notFound, isError: false },
      true,
      true,
    ],
    [
      'a bare forbidden answer',
      {
        content: [{ type: 'text', text: '{"status":"forbidden","message":"writes are disabled"}' }],
        isError: false,
      },
      true,
      false,
    ],
    [
      'an ok envelope',
      {
        content: [{ type: 'text', text: '{"ok":true,"status":200,"data":{"items":[]}}' }],
        isError: false,
      },
      false,
      false,
    ],
    [
      'a record whose own status is a word',
      {
        content: [{ type: 'text', text: '{"ok":true,"data":{"status":"Active"}}' }],
        isError: false,
      },
      false,
      false,
    ],
    ['plain text', { content: [{ type: 'text', text: 'done' }], isError: false }, false, false],
    [
      'an isError result',
      { content: [{ type: 'text', text: 'boom' }], isError: true },
      true,
      false,
    ],
  ] as [string, ToolCallOutcome, boolean, boolean][])(
    'judges %s: error %s, unknown tool %s',
    async (_label, answer, isError, unknownTool) => {
      const { session } = stub(['central_invoke_tool'], answer);
      const outcome = await withRouter(session, router).callTool(
        { name: 'greenlake_get_x', arguments: {} },
        () => undefined,
      );
      expect(outcome.isError).toBe(isError);
      expect(outcome.routed).toEqual({ tool: 'central_invoke_tool', unknownTool });
    },
  );

  it('leaves a direct call as the server answered it', async () => {
    const { session } = stub(['central_invoke_tool', 'health'], {
      content: [{ type: 'text', text: JSON.stringify(notFound) }],
      isError: false,
    });
    const outcome = await withRouter(session, router).callTool(
      { name: 'health', arguments: {} },
      () => undefined,
    );
    expect(outcome.isError).toBe(false);
    expect(outcome.routed).toBeUndefined();
  });
});
