/**
 * A stdio MCP server (official TypeScript SDK) that breaks the wire in the ways a real server
 * gone wrong does, for the wire check's end-to-end test:
 * - 100,000 non-JSON lines on stdout before the handshake (a debug build's chatter);
 * - every tools/list response written twice (a second response to one request id);
 * - an `initialize` request of its own to the client once it is initialized;
 * - tool `chatty(count)`: `count` log notifications during the call, then the answer.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';

const GARBAGE_LINES = 100_000;
const original = process.stdout.write.bind(process.stdout);
const write = (text: string): boolean => original(text);
// The SDK's stdio transport writes each message as one string: a tools/list answer goes twice.
process.stdout.write = (chunk: string | Uint8Array, ...rest: never[]) => {
  if (typeof chunk === 'string' && chunk.includes('"result":{"tools":[')) write(chunk);
  return original(chunk, ...rest);
};

write(Array.from({ length: GARBAGE_LINES }, (_, i) => `debug: warming cache ${i}\n`).join(''));

const server = new Server(
  { name: 'hostile-wire', version: '1.0.0' },
  { capabilities: { tools: {}, logging: {} } },
);
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [
    { name: 'chatty', inputSchema: { type: 'object', properties: { count: { type: 'number' } } } },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
  const count = Number(request.params.arguments?.count ?? 0);
  for (let index = 0; index < count; index++) {
    await server.sendLoggingMessage({ level: 'info', data: `step ${index}` });
  }
  return { content: [{ type: 'text', text: `sent ${count}` }] };
});
server.oninitialized = () => {
  write(
    `${JSON.stringify({ jsonrpc: '2.0', id: 'server-init-1', method: 'initialize', params: {} })}\n`,
  );
};
await server.connect(new StdioServerTransport());
