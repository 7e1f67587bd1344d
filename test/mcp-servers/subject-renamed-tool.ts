/**
 * The reference server with one tool renamed (`get_client_events` → `get_client_event_log`): the
 * tool menu a model is sent changes, so a replay of a session recorded against the reference
 * server diverges at turn 0. Otherwise identical.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadConfig } from '../../examples/reference-server/config.js';
import { createReferenceServer } from '../../examples/reference-server/server.js';

const server = createReferenceServer(loadConfig(process.env));
// The SDK's RegisteredTool.update({ name }) moves the tool to the new name.
const tools = (
  server as unknown as {
    _registeredTools: Record<string, { update: (u: { name: string }) => void }>;
  }
)._registeredTools;
tools.get_client_events?.update({ name: 'get_client_event_log' });
await server.connect(new StdioServerTransport());
