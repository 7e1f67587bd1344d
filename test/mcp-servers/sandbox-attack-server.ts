/**
 * A stdio MCP server that tries what a hostile server under test might against the host and the
 * harness (the private-view and limits tests of the sandbox). Every tool answers with what
 * happened (`ok`, a count, or the error code), never throws:
 * Paths may start with `~/` or `$TMPDIR/` (the server's own).
 * - open_write(path)       opens `path` for appending (creates it when missing), writes nothing
 * - write_file(path)       creates `path` and writes "planted"
 * - connect_unix(path)     connects to the Unix socket `path`
 * - scan_relays(dir?, quiet?) connects to every <dir>/hmb-sandbox-* /o* it can find (dir: /tmp)
 *                          and sends each a request (`quiet`: connects only); how many worked
 * - tamper_relay()         tries to plant snmp/snmp6 where the relay directory used to be
 *                          bound (/run/hmb-relay)
 * - connect_direct(n)      n TCP connects to 192.0.2.10:443 without the proxy (blocked, counted)
 * - alloc(mb)              allocates and touches `mb` MiB
 * - alloc_hang(mb)         the same, but a failed allocation is logged on stderr and the call is
 *                          never answered (a server wedged by running out of memory)
 * - fork_many(n)           starts `n` sleeping processes; how many started
 * - flood(count, path?)    opens `count` connections to the proxy port (or the Unix socket
 *                          `path`), each asking a CONNECT, holds them until the counts settle;
 *                          `{relayed, open}`: answered and still open, and all still open
 * - write_big(path, mb)   writes `mb` MiB to `path`, 1 MiB at a time
 * - list_fds()             its open fds and what they are (/proc/self/fd)
 * - exit(code)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { connect, type Socket } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';

const NAMES = [
  'open_write',
  'write_file',
  'connect_unix',
  'scan_relays',
  'tamper_relay',
  'connect_direct',
  'alloc',
  'alloc_hang',
  'fork_many',
  'flood',
  'write_big',
  'list_fds',
  'exit',
];
const TOOLS: Tool[] = NAMES.map((name) => ({ name, inputSchema: { type: 'object' } }));
const text = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }],
});
const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

function attemptRead(action: () => string): string {
  try {
    return action();
  } catch (error) {
    return code(error);
  }
}

function attempt(action: () => void): string {
  try {
    action();
    return 'ok';
  } catch (error) {
    return code(error);
  }
}

function connectTo(
  target: { path: string } | { port: number; host: string },
): Promise<Socket | string> {
  return new Promise((resolve) => {
    const socket = connect(target);
    socket.once('connect', () => resolve(socket));
    socket.once('error', (error) => resolve(code(error)));
  });
}

async function connectUnix(path: string): Promise<string> {
  const socket = await connectTo({ path });
  if (typeof socket === 'string') return socket;
  socket.destroy();
  return 'connected';
}

async function scanRelays(root: string, quiet: boolean): Promise<number> {
  let reached = 0;
  const dirs = (() => {
    try {
      return readdirSync(root).filter((name) => name.startsWith('hmb-sandbox-'));
    } catch {
      return [];
    }
  })();
  for (const dir of dirs) {
    for (const name of readdirSync(`${root}/${dir}`).filter((n) => n.startsWith('o'))) {
      const socket = await connectTo({ path: `${root}/${dir}/${name}` });
      if (typeof socket === 'string') continue;
      reached++;
      if (quiet) socket.destroy();
      else socket.end('GET /scan HTTP/1.1\r\nHost: x\r\n\r\n');
    }
  }
  return reached;
}

async function directConnects(count: number): Promise<string[]> {
  const outcomes: string[] = [];
  for (let i = 0; i < count; i++) {
    const socket = await connectTo({ port: 443, host: '192.0.2.10' });
    outcomes.push(typeof socket === 'string' ? socket : 'connected');
    if (typeof socket !== 'string') socket.destroy();
  }
  return outcomes;
}

function alloc(mb: number): string {
  try {
    const chunks: Buffer[] = [];
    for (let i = 0; i < mb / 64; i++) chunks.push(Buffer.alloc(64 * 1024 * 1024, 1));
    return `allocated ${chunks.length * 64} MiB`;
  } catch (error) {
    return `failed: ${(error as Error).message}`;
  }
}

async function forkMany(count: number): Promise<number> {
  const children: ChildProcess[] = [];
  let started = 0;
  for (let i = 0; i < count; i++) {
    const child = spawn('sleep', ['5'], { stdio: 'ignore' });
    const ok = await new Promise<boolean>((resolve) => {
      child.once('spawn', () => resolve(true));
      child.once('error', () => resolve(false));
    });
    if (!ok) break;
    started++;
    children.push(child);
  }
  for (const child of children) child.kill('SIGKILL');
  return started;
}

/**
 * Opens `count` connections and asks a CONNECT on each; counts, once the figures settle, the
 * connections still open that the proxy answered (relayed end to end) and all still open. Only the
 * first is bounded by the relay's cap: a connection the client sees open may be one the kernel
 * has not even queued for accept yet (when the accept queue is full Linux drops the handshake's
 * last ACK, but the client already counts the connection established), so under load "open"
 * exceeds cap + backlog without anything past the cap being relayed.
 */
async function flood(count: number, path: string | undefined): Promise<string> {
  const proxy = new URL(process.env.HTTPS_PROXY ?? 'http://127.0.0.1:9');
  const target = path ? { path } : { port: Number(proxy.port), host: '127.0.0.1' };
  const answered = new Set<Socket>();
  const ask =
    'CONNECT sso.common.cloud.hpe.com:443 HTTP/1.1\r\nHost: sso.common.cloud.hpe.com:443\r\n\r\n';
  const sockets = Array.from({ length: count }, () => {
    const socket = connect(target);
    socket.on('error', () => {});
    socket.once('connect', () => socket.write(ask));
    // Flowing from the start, so that a connection the other end closes is seen as closed.
    socket.on('data', () => answered.add(socket));
    return socket;
  });
  const isOpen = (socket: Socket) => !socket.destroyed && socket.readyState === 'open';
  const counts = () => ({
    relayed: [...answered].filter(isOpen).length,
    open: sockets.filter(isOpen).length,
  });
  // Until the counts settle (a loaded machine takes a while to refuse thousands), at most 30 s.
  let last = '';
  let now = counts();
  for (let waited = 0, stable = 0; waited < 30_000 && stable < 3; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    now = counts();
    const key = JSON.stringify(now);
    stable = key === last && waited >= 2000 ? stable + 1 : 0;
    last = key;
  }
  for (const socket of sockets) socket.destroy();
  return JSON.stringify(now);
}

const server = new Server(
  { name: 'sandbox-attack', version: '1.0.0' },
  { capabilities: { tools: {} } },
);
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
  const args = (request.params.arguments ?? {}) as Record<
    string,
    string | number | boolean | undefined
  >;
  // `~/x` and `$TMPDIR/x` are the server's own HOME and TMPDIR.
  const path = String(args.path ?? '')
    .replace(/^~\//, `${process.env.HOME}/`)
    .replace(/^\$TMPDIR\//, `${process.env.TMPDIR}/`);
  switch (request.params.name) {
    case 'open_write':
      return text(attempt(() => closeSync(openSync(path, 'a'))));
    case 'write_file':
      return text(attempt(() => writeFileSync(path, 'planted\n')));
    case 'connect_unix':
      return text(await connectUnix(path));
    case 'list_fds':
      return text(
        Object.fromEntries(
          readdirSync('/proc/self/fd').map((fd) => [
            fd,
            attemptRead(() => readlinkSync(`/proc/self/fd/${fd}`)),
          ]),
        ),
      );
    case 'scan_relays':
      return text(String(await scanRelays(String(args.dir ?? '/tmp'), args.quiet === true)));
    case 'tamper_relay':
      return text(
        ['snmp', 'snmp6'].map((name) => attempt(() => mkdirSync(`/run/hmb-relay/${name}`))),
      );
    case 'connect_direct':
      return text(await directConnects(Number(args.count ?? 1)));
    case 'alloc_hang': {
      const outcome = alloc(Number(args.mb));
      if (outcome.startsWith('failed: ')) {
        process.stderr.write(`RangeError: ${outcome.slice('failed: '.length)}\n`);
        return new Promise<CallToolResult>(() => {});
      }
      return text(outcome);
    }
    case 'alloc':
      return text(alloc(Number(args.mb)));
    case 'fork_many':
      return text(String(await forkMany(Number(args.count))));
    case 'flood':
      return text(await flood(Number(args.count), args.path as string | undefined));
    case 'write_big':
      return text(
        attempt(() => {
          const fd = openSync(path, 'w');
          for (let i = 0; i < Number(args.mb); i++) writeSync(fd, Buffer.alloc(1024 * 1024, 1));
          closeSync(fd);
        }),
      );
    case 'exit':
      setTimeout(() => process.exit(Number(args.code ?? 0)), 50);
      return text('exiting');
    default:
      return text(`unknown tool ${request.params.name}`);
  }
});
await server.connect(new StdioServerTransport());
