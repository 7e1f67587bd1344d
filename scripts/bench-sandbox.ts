/**
 * `npm run bench:sandbox` — what the server sandbox costs per run start (a benchmark, not a test).
 *
 * Starts the reference server (the dist bundle when built, as `run` does) through launchServer N
 * times bare (`sandbox: off`) and N times sandboxed (`sandbox: on`), alternating so load drifts
 * hit both alike. Per start it records `startupMs` (process spawn → initialize → tools/list, as
 * reports show it), the whole launchServer call (work dirs, the relay's sockets, the sandbox
 * set-up) and close(); then one tool call that reaches the fake through the proxy
 * (`list_devices`: token + API request, through the relay when sandboxed). Prints medians and
 * the load average before and after.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startFakeCentral } from '../fake-central/index.js';
import { defaultBenchConfig, REFERENCE_SERVER } from '../src/config/default-config.js';
import type { ServerConfig } from '../src/config/types.js';
import { quantile } from '../src/report/quantile.js';
import { launchServer } from '../src/servers/launch/launch-server.js';
import { resolveSandbox } from '../src/servers/launch/sandbox/probe-sandbox.js';
import { packageRoot } from '../src/common/package-root.js';

const { values } = parseArgs({ options: { n: { type: 'string', default: '15' } } });
const n = Number(values.n);
const root = packageRoot();
const config = defaultBenchConfig(root).servers[REFERENCE_SERVER] as ServerConfig;
const status = await resolveSandbox('on');
const fake = await startFakeCentral();
const tmp = await mkdtemp(join(tmpdir(), 'bench-sandbox-'));

type Mode = 'off' | 'on';
const samples: Record<
  Mode,
  { startup: number[]; launch: number[]; call: number[]; close: number[] }
> = {
  off: { startup: [], launch: [], call: [], close: [] },
  on: { startup: [], launch: [], call: [], close: [] },
};

async function once(mode: Mode, i: number): Promise<void> {
  const started = performance.now();
  const session = await launchServer({
    name: REFERENCE_SERVER,
    config,
    fake,
    writeGate: 'read',
    workDir: join(tmp, `${mode}-${i}`),
    baseDir: root,
    sandbox: mode,
  });
  const launched = performance.now();
  const outcome = await session.callTool({ name: 'list_devices', arguments: {} }, () => {});
  const called = performance.now();
  if (outcome.protocolError !== undefined || outcome.isError) {
    throw new Error(`list_devices failed (${mode}): ${JSON.stringify(outcome).slice(0, 300)}`);
  }
  await session.close();
  const s = samples[mode];
  s.startup.push(session.startupMs);
  s.launch.push(launched - started);
  s.call.push(called - launched);
  s.close.push(performance.now() - called);
}

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadBefore = load();
try {
  // One warm-up each (file caches, tsx/bundle load), not counted.
  await once('off', -1);
  await once('on', -1);
  for (const mode of ['off', 'on'] as const)
    for (const key of Object.keys(samples[mode])) samples[mode][key as 'call'] = [];
  for (let i = 0; i < n; i++) {
    for (const mode of i % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
      await once(mode, i);
    }
  }
} finally {
  await fake.close();
  await rm(tmp, { recursive: true, force: true });
}

const median = (xs: number[]): number => quantile(xs, 0.5);
const row = (label: string, key: 'startup' | 'launch' | 'call' | 'close'): string => {
  const off = median(samples.off[key]);
  const on = median(samples.on[key]);
  return `| ${label} | ${off.toFixed(0)} | ${on.toFixed(0)} | ${on - off >= 0 ? '+' : ''}${(on - off).toFixed(0)} |`;
};
console.log(
  `sandbox: ${status.tool ?? 'none'}; reference server: ${config.transport === 'stdio' ? config.args.join(' ') : ''}`,
);
console.log(
  `N = ${n} starts each (alternating), medians in ms; load average before ${loadBefore}, after ${load()}`,
);
console.log('');
console.log('| per run start | bare | sandboxed | difference |');
console.log('| --- | ---: | ---: | ---: |');
console.log(row('startupMs (spawn → tools/list)', 'startup'));
console.log(row('launchServer (work dirs, relay, spawn, handshake)', 'launch'));
console.log(row('first tool call (token + API request via the proxy)', 'call'));
console.log(row('close()', 'close'));
