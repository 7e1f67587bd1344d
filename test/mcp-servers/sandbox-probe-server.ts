/**
 * A stdio MCP server that tries what an untrusted server under test might (the sandbox tests):
 * - read_environs     reads /proc/<ppid>/environ, /proc/1/environ and every /proc/<pid>/environ
 *                     it can see; returns what it read and the pids it saw
 * - connect_direct    opens a TCP connection (or sends a UDP datagram) to `host:port` itself,
 *                     without the proxy; returns the outcome (`connected` or the error code)
 * - connect_proxy     asks the proxy in HTTPS_PROXY for a CONNECT tunnel to `host:443`;
 *                     returns the status line
 * - spawn_detached    starts a setsid() grandchild carrying `tag` in its command line, unref'd
 * - exit              exits with `code`
 */
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';

const object = (properties: Record<string, object> = {}): Tool['inputSchema'] => ({
  type: 'object',
  properties,
});
const TOOLS: Tool[] = [
  { name: 'read_environs', inputSchema: object() },
  {
    name: 'connect_direct',
    inputSchema: object({
      host: { type: 'string' },
      port: { type: 'number' },
      udp: { type: 'boolean' },
    }),
  },
  { name: 'connect_proxy', inputSchema: object({ host: { type: 'string' } }) },
  { name: 'spawn_detached', inputSchema: object({ tag: { type: 'string' } }) },
  { name: 'exit', inputSchema: object({ code: { type: 'number' } }) },
];

const text = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }],
});

function readEnvirons(): { read: Record<string, string>; pids: string[] } {
  const pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  const read: Record<string, string> = {};
  for (const pid of new Set([String(process.ppid), '1', ...pids])) {
    try {
      read[pid] = readFileSync(`/proc/${pid}/environ`, 'utf8');
    } catch (error) {
      read[pid] = `unreadable: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
    }
  }
  return { read, pids };
}

function connectDirect(host: string, port: number, udp: boolean): Promise<string> {
  if (udp) {
    return new Promise((resolve) => {
      const socket = createSocket(host.includes(':') ? 'udp6' : 'udp4');
      socket.send('probe', port, host, (error) => {
        socket.close();
        resolve(error ? ((error as NodeJS.ErrnoException).code ?? error.message) : 'sent');
      });
    });
  }
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

function connectProxy(host: string): Promise<string> {
  const proxy = new URL(process.env.HTTPS_PROXY ?? 'http://127.0.0.1:9');
  return new Promise((resolve) => {
    const socket = connect(Number(proxy.port), proxy.hostname);
    let reply = '';
    socket.once('connect', () =>
      socket.write(`CONNECT ${host}:443 HTTP/1.1\r\nHost: ${host}:443\r\n\r\n`),
    );
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n')) {
        socket.destroy();
        resolve(reply.slice(0, reply.indexOf('\r\n')));
      }
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const server = new Server(
  { name: 'sandbox-probe', version: '1.0.0' },
  { capabilities: { tools: {} } },
);
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
  const args = request.params.arguments ?? {};
  switch (request.params.name) {
    case 'read_environs':
      return text(readEnvirons());
    case 'connect_direct':
      return text(
        await connectDirect(String(args.host), Number(args.port ?? 443), args.udp === true),
      );
    case 'connect_proxy':
      return text(await connectProxy(String(args.host)));
    case 'spawn_detached': {
      const child = spawn(
        process.execPath,
        ['-e', 'setInterval(() => {}, 1000)', String(args.tag)],
        {
          stdio: 'ignore',
          detached: true,
        },
      );
      child.unref();
      return text({ pid: child.pid });
    }
    case 'exit':
      setTimeout(() => process.exit(Number(args.code ?? 0)), 50);
      return text('exiting');
    default:
      throw new Error(`unknown tool ${request.params.name}`);
  }
});
await server.connect(new StdioServerTransport());
