/**
 * The reference server with every tool answering 1.5 s late (a planted slowdown: a retry loop's
 * back-off left in, a synchronous lookup added): the same calls and answers, only later. Larger
 * than the noise band of the reference server's latency on a busy machine, so the gate must
 * still see it.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadConfig } from '../../examples/reference-server/config.js';
import { createReferenceServer } from '../../examples/reference-server/server.js';

export const SLOWDOWN_MS = 1500;

const server = createReferenceServer(loadConfig(process.env));
// The SDK keeps each tool's handler on its RegisteredTool; wrapping it delays the answer only.
const tools = (
  server as unknown as {
    _registeredTools: Record<string, { handler: (...args: unknown[]) => unknown }>;
  }
)._registeredTools;
for (const tool of Object.values(tools)) {
  const answer = tool.handler;
  tool.handler = async (...args: unknown[]) => {
    await new Promise((resolve) => setTimeout(resolve, SLOWDOWN_MS));
    return answer(...args);
  };
}
await server.connect(new StdioServerTransport());
