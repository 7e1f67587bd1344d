import { describe, expect, it } from 'vitest';
import type { ToolCallRequest } from '../agent/types.js';
import { withRouter } from './router-adapter.js';
import type { ServerSession } from './types.js';

function stub(tools: string[]): { session: ServerSession; sent: ToolCallRequest[] } {
  const sent: ToolCallRequest[] = [];
  const session: ServerSession = {
    serverInfo: { name: 'nw', version: '1' },
    tools: tools.map((name) => ({ name, inputSchema: { type: 'object' } })),
    startupMs: 1,
    callTool: (request) => {
      sent.push(request);
      return Promise.resolve({ content: [{ type: 'text', text: 'ok' }], isError: false });
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
});
