/**
 * The reference server with a broken show-command tool: `run_show_commands` runs the command
 * and answers that it gave no output (a PR whose output parser drops every line). Every other tool is the
 * reference's. The DHCP scenario's pool name and lease time are also in the audit log's entry of
 * the change, so only `expect.fact_sources` tells this server from the reference.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadConfig } from '../../examples/reference-server/config.js';
import { createReferenceServer } from '../../examples/reference-server/server.js';

const server = createReferenceServer(loadConfig(process.env));
// The SDK keeps each tool's handler on its RegisteredTool; replacing one changes that tool only.
const tools = (
  server as unknown as {
    _registeredTools: Record<string, { handler: (...args: unknown[]) => unknown }>;
  }
)._registeredTools;
const show = tools.run_show_commands;
if (!show) throw new Error('the reference server has no run_show_commands tool');
const run = show.handler;
// It still runs the command (the API sees the same requests), then loses the output.
show.handler = async (...args: unknown[]) => {
  await run(...args);
  return { content: [{ type: 'text', text: 'The command returned no output.' }] };
};
await server.connect(new StdioServerTransport());
