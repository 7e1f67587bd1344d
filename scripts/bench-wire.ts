/**
 * `npm run bench:wire` — what the wire check (src/servers/client/wire-check.ts) costs per message.
 *
 * Starts the fake and the bundled reference server (from source), takes its real tools/list and
 * one real tools/call result (list_clients), and times createWireChecker's check of each, as the
 * session's transport delivers them, over `--rounds` rounds: the median µs per message, beside
 * the machine's load average. A golden-suite run's overhead is then the message count (one
 * tools/list per session, one response per call) times these figures.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { startFakeCentral } from '../fake-central/index.js';
import { defaultBenchConfig } from '../src/config/default-config.js';
import { packageRoot } from '../src/common/package-root.js';
import { launchServer } from '../src/servers/launch/launch-server.js';
import { createWireChecker } from '../src/servers/client/wire-check.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '2000' } } });
const rounds = Number(values.rounds);
const root = packageRoot();
const fake = await startFakeCentral({ fixture: join(root, 'fixtures/central/site-a') });
const workDir = await mkdtemp(join(tmpdir(), 'bench-wire-'));
const config = defaultBenchConfig(root).servers.reference;
if (!config) throw new Error('no reference server in the built-in config');
const session = await launchServer({
  name: 'reference',
  config,
  fake,
  writeGate: 'read',
  workDir,
  baseDir: root,
  sandbox: 'off',
});
const call = await session.callTool({ name: 'list_clients', arguments: {} }, () => undefined);
await session.close();
await fake.close();
await rm(workDir, { recursive: true, force: true });

const messages: { label: string; method: string; result: unknown }[] = [
  {
    label: `tools/list (${session.tools.length} tools)`,
    method: 'tools/list',
    result: { tools: session.tools },
  },
  {
    label: `tools/call (${JSON.stringify(call.content).length} chars)`,
    method: 'tools/call',
    result: { content: call.content, isError: call.isError },
  },
];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${rounds} rounds`,
);
for (const m of messages) {
  const wire = createWireChecker('2025-11-25');
  const transport = { send: () => Promise.resolve() } as unknown as Transport;
  wire.watch(transport);
  transport.onmessage = () => undefined;
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    await transport.send({ jsonrpc: '2.0', id: i, method: m.method });
    const message = { jsonrpc: '2.0', id: i, result: m.result } as JSONRPCMessage;
    const start = performance.now();
    transport.onmessage?.(message);
    times.push((performance.now() - start) * 1000);
  }
  const found = wire.take().length;
  console.log(
    `${m.label}: median ${median(times).toFixed(1)} µs per message (${found} violations)`,
  );
}
