/**
 * A streamable-HTTP MCP server for the launch tests (SDK McpServer + StreamableHTTPServerTransport,
 * stateful). Usage: servers-http-server.ts --port N [--delay-ms N] [--exit-at-start]
 * It listens on 127.0.0.1 only after the delay, so readiness polling is exercised.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const arg = (name: string): string | undefined => {
  const index = process.argv.indexOf(name);
  return index < 0 ? undefined : process.argv[index + 1];
};
const port = Number(arg('--port') ?? 0);
const delayMs = Number(arg('--delay-ms') ?? 0);

if (process.argv.includes('--exit-at-start')) {
  process.stderr.write('cannot bind: address already in use\n');
  process.exit(4);
}

const mcp = new McpServer({ name: 'servers-http-test', version: '0.9.0' });
mcp.registerTool('env', { description: 'The environment this process sees.' }, () => ({
  content: [{ type: 'text', text: JSON.stringify(process.env) }],
}));
mcp.registerTool('confirm', { description: 'Asks the user to confirm.' }, async () => {
  const result = await mcp.server.elicitInput({
    message: 'Reboot AP CNXXXX?',
    requestedSchema: {
      type: 'object',
      properties: { approve: { type: 'boolean' } },
      required: ['approve'],
    },
  });
  return { content: [{ type: 'text', text: JSON.stringify(result) }] };
});
mcp.registerTool('crash', { description: 'Exits mid-call.' }, () => {
  process.stderr.write('http server: fatal error in handler\n');
  process.exit(5);
});

const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
await mcp.connect(transport);

const http = createServer((req, res) => {
  if (!req.url?.startsWith('/mcp')) {
    res.writeHead(404).end();
    return;
  }
  transport.handleRequest(req, res).catch((error: unknown) => {
    process.stderr.write(`handleRequest failed: ${String(error)}\n`);
    if (!res.headersSent) res.writeHead(500).end();
  });
});
setTimeout(() => {
  http.listen(port, '127.0.0.1', () => {
    process.stdout.write(`listening on http://127.0.0.1:${port}/mcp\n`);
  });
}, delayMs);
