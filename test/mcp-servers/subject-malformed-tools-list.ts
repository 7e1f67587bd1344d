/**
 * Wire-check subject: the reference server whose tools/list result breaks the MCP schema. The
 * first tool has no `inputSchema`, the second a number for `description` and a string for
 * `annotations`. The wire check reports each with its JSON pointer; the harness leaves those two
 * tools out of the menu and benchmarks the rest.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadConfig } from '../../examples/reference-server/config.js';
import { createReferenceServer } from '../../examples/reference-server/server.js';

const transport = new StdioServerTransport();
const send = transport.send.bind(transport);
transport.send = (message) => {
  const result = (message as { result?: { tools?: Record<string, unknown>[] } }).result;
  if (Array.isArray(result?.tools) && result.tools.length >= 2) {
    delete result.tools[0]!.inputSchema;
    result.tools[1]!.description = 42;
    result.tools[1]!.annotations = 'read-only';
  }
  return send(message);
};
await createReferenceServer(loadConfig(process.env)).connect(transport);
