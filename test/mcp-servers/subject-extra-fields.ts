/**
 * Wire-check subject: the reference server adding fields the MCP schema allows: a vendor key on
 * the tools/list result and on every tool, `_meta` on each tool and each tools/call result, and
 * an unknown key inside a tool's inputSchema. None of it is a protocol violation.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadConfig } from '../../examples/reference-server/config.js';
import { createReferenceServer } from '../../examples/reference-server/server.js';

const transport = new StdioServerTransport();
const send = transport.send.bind(transport);
transport.send = (message) => {
  const result = (message as { result?: Record<string, unknown> }).result;
  if (result && Array.isArray(result.tools)) {
    result['x-vendor'] = { build: 'extra-fields' };
    for (const tool of result.tools as Record<string, unknown>[]) {
      tool['x-vendor-rank'] = 1;
      tool._meta = { 'example.com/owner': 'network-team' };
      (tool.inputSchema as Record<string, unknown>)['x-ui-order'] = ['site'];
    }
  } else if (result && Array.isArray(result.content)) {
    result._meta = { 'example.com/trace': 'abc123' };
    result['x-cache'] = 'miss';
  }
  return send(message);
};
await createReferenceServer(loadConfig(process.env)).connect(transport);
