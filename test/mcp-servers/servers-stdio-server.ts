/**
 * A stdio MCP server for the launch tests (low-level SDK Server). Modes (argv[2]):
 * - (none)          a working server; tools/list pages two tools at a time (nextCursor)
 * - silent          reads stdin, never answers (not even initialize); argv[3] is a tag for tests
 * - garbage         answers every line with text that is not JSON-RPC
 * - exit-at-start   writes a reason on stderr and exits 2 before the handshake
 */
import { spawn } from 'node:child_process';
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
  { name: 'env', description: 'The environment this process sees.', inputSchema: object() },
  { name: 'echo', inputSchema: object({ text: { type: 'string' } }) },
  { name: 'sleep', inputSchema: object({ ms: { type: 'number' } }) },
  { name: 'crash', inputSchema: object({ code: { type: 'number' } }) },
  {
    name: 'spawn_grandchild',
    inputSchema: object({
      ignoreTerm: { type: 'boolean' },
      setsid: { type: 'boolean' },
      tag: { type: 'string' },
    }),
  },
  { name: 'confirm', inputSchema: object({ message: { type: 'string' } }) },
  { name: 'garbage_then_hang', inputSchema: object() },
  { name: 'fail', inputSchema: object() },
];
const PAGE = 2;

const text = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }],
});

async function serve(): Promise<void> {
  const server = new Server(
    { name: 'servers-stdio-test', version: '1.2.3' },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const start = Number(request.params?.cursor ?? 0);
    const next = start + PAGE;
    return {
      tools: TOOLS.slice(start, next),
      ...(next < TOOLS.length ? { nextCursor: String(next) } : {}),
    };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const args = request.params.arguments ?? {};
    switch (request.params.name) {
      case 'env':
        return text(process.env);
      case 'echo':
        return { ...text(args.text), structuredContent: { text: args.text } };
      case 'sleep':
        await new Promise((r) => setTimeout(r, Number(args.ms ?? 60_000)));
        return text('slept');
      case 'crash':
        for (let i = 1; i <= 3; i++) process.stderr.write(`fatal: boom line ${i}\n`);
        process.exit(Number(args.code ?? 3));
        break;
      case 'spawn_grandchild': {
        const script = args.ignoreTerm
          ? "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"
          : 'setInterval(() => {}, 1000)';
        // `tag` marks the grandchild's command line so a test can find it from outside a PID
        // namespace; `setsid` detaches it into its own session, as a daemonising server would.
        const tag = typeof args.tag === 'string' ? [args.tag] : [];
        const child = spawn(process.execPath, ['-e', script, ...tag], {
          stdio: 'ignore',
          detached: args.setsid === true,
        });
        return text({ pid: child.pid });
      }
      case 'confirm': {
        const result = await server.elicitInput({
          message: typeof args.message === 'string' ? args.message : 'Delete WLAN corp?',
          requestedSchema: {
            type: 'object',
            properties: {
              confirm: { type: 'boolean', title: 'Confirm' },
              reason: { type: 'string', minLength: 3 },
              note: { type: 'string' },
            },
            required: ['confirm', 'reason'],
          },
        });
        return text(result);
      }
      case 'garbage_then_hang':
        process.stdout.write('this is not json\n');
        return new Promise<CallToolResult>(() => undefined);
      case 'fail':
        return { ...text('the API said no'), isError: true };
      default:
        throw new Error(`unknown tool ${request.params.name}`);
    }
  });
  await server.connect(new StdioServerTransport());
}

const mode = process.argv[2] ?? 'normal';

if (mode === 'silent') {
  process.stderr.write(`silent server pid ${process.pid}: waiting forever\n`);
  process.stdin.resume();
  setInterval(() => undefined, 60_000);
} else if (mode === 'garbage') {
  process.stdin.on('data', () => process.stdout.write('Traceback (most recent call last): oops\n'));
  setInterval(() => undefined, 60_000);
} else if (mode === 'exit-at-start') {
  process.stderr.write('config error: CENTRAL_CLIENT_ID is not set\n');
  process.exit(2);
} else {
  await serve();
}
