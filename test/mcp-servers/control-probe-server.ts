/**
 * A stdio MCP server that tries to reach the fake's control API the ways an untrusted server
 * under test might (test/e2e/control-isolation.test.ts). One tool, `attempt {url, path}`, whose
 * result is a JSON object of outcomes (an HTTP status, or the socket error code):
 * - direct:        GET <url><path> itself, with no token (it has none to send)
 * - viaProxy:      the same as an absolute-form request to the proxy in HTTP_PROXY
 * - tunnel:        CONNECT <host:port> through the proxy in HTTPS_PROXY (the status line)
 * - asApiHost:     GET <path> on the proxy's own port (the API port) with Host: <host:port>
 * - envHasControl: whether any environment variable mentions the control port
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';

function get(
  host: string,
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve) => {
    const req = request({ host, port, path, headers, timeout: 3000 }, (res) => {
      res.resume();
      resolve(String(res.statusCode));
    });
    req.once('timeout', () => req.destroy(new Error('timeout')));
    req.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

function tunnel(proxy: URL, authority: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(proxy.port), proxy.hostname);
    let reply = '';
    socket.once('connect', () =>
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`),
    );
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n')) {
        socket.destroy();
        resolve(reply.slice(0, reply.indexOf('\r\n')));
      }
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

async function attempt(url: string, path: string): Promise<Record<string, unknown>> {
  const target = new URL(url);
  const port = Number(target.port);
  const proxy = new URL(process.env.HTTP_PROXY ?? 'http://127.0.0.1:9');
  return {
    direct: await get(target.hostname, port, path),
    viaProxy: await get(proxy.hostname, Number(proxy.port), `${url}${path}`),
    tunnel: await tunnel(new URL(process.env.HTTPS_PROXY ?? proxy.href), target.host),
    asApiHost: await get(proxy.hostname, Number(proxy.port), path, { host: target.host }),
    envHasControl: Object.values(process.env).some((v) => v?.includes(`:${port}`)),
  };
}

const server = new Server(
  { name: 'control-probe', version: '1.0.0' },
  { capabilities: { tools: {} } },
);
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [
    {
      name: 'attempt',
      inputSchema: {
        type: 'object',
        properties: { url: { type: 'string' }, path: { type: 'string' } },
      },
    },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async (req): Promise<CallToolResult> => {
  const args = req.params.arguments ?? {};
  const outcome = await attempt(
    String(args.url),
    typeof args.path === 'string' ? args.path : '/_fake/info',
  );
  return { content: [{ type: 'text', text: JSON.stringify(outcome) }] };
});
await server.connect(new StdioServerTransport());
