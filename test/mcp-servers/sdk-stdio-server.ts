/**
 * A stdio MCP server on the official TypeScript SDK, the counterpart of fastmcp-stdio-server.py
 * for the stdio tests. Tools:
 * - big(size)       returns one text block of `size` bytes
 * - chatty(count)   sends `count` log notifications, then returns how many it sent
 * - fd_flags()      the `flags:` of /proc/self/fdinfo/{0,1,2}, e.g. {"1": 2}
 */
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';

const number = (name: string): Tool['inputSchema'] => ({
  type: 'object',
  properties: { [name]: { type: 'number' } },
});
const TOOLS: Tool[] = [
  { name: 'big', inputSchema: number('size') },
  { name: 'chatty', inputSchema: number('count') },
  { name: 'fd_flags', inputSchema: { type: 'object', properties: {} } },
];
const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

function fdFlags(): Record<string, number> {
  const flags = [0, 1, 2].map((fd) => {
    const info = readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8');
    return [String(fd), parseInt(/flags:\s*([0-7]+)/.exec(info)?.[1] ?? '-1', 8)];
  });
  return Object.fromEntries(flags) as Record<string, number>;
}

const server = new Server(
  { name: 'sdk-stdio-test', version: '1.0.0' },
  { capabilities: { tools: {}, logging: {} } },
);
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
  const args = request.params.arguments ?? {};
  switch (request.params.name) {
    case 'big': {
      const size = Number(args.size);
      return text('0123456789abcdef'.repeat(Math.ceil(size / 16)).slice(0, size));
    }
    case 'chatty': {
      const count = Number(args.count);
      for (let index = 0; index < count; index++) {
        await server.sendLoggingMessage({ level: 'info', data: `notification ${index}` });
      }
      return text(`sent ${count}`);
    }
    case 'fd_flags':
      return text(JSON.stringify(fdFlags()));
    default:
      throw new Error(`unknown tool ${request.params.name}`);
  }
});
await server.connect(new StdioServerTransport());
