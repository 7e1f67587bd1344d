import { mkdir, mkdtemp } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { FakeCentral } from '../../../fake-central/index.js';
import {
  expandTemplates,
  passedEnvNames,
  passedEnvVariables,
  templateVariables,
} from '../../config/template-variables.js';
import type {
  ProtocolChoice,
  SandboxMode,
  ServerConfig,
  TemplateVariables,
} from '../../config/types.js';
import { BenchError } from '../../common/errors.js';
import type { WriteGate } from '../../scenarios/types.js';
import { checkLaunchPaths, checkLaunchWritable } from './check-launch-paths.js';
import { freePort } from './free-port.js';
import { GroupStdioTransport } from './group-stdio-transport.js';
import { openSession, ProbeClosedError } from '../client/mcp-session.js';
import { withRouter } from '../client/router-adapter.js';
import { describeExit, spawnGroup, type GroupProcess } from './process-group.js';
import { withMissingModuleHint } from './sandbox/missing-module-hint.js';
import { preloadLazyModules } from './sandbox/preload-lazy-modules.js';
import { resolveSandbox } from './sandbox/probe-sandbox.js';
import type { SpawnSpec } from './sandbox/types.js';
import { wrapInSandbox, type SandboxedProcess } from './sandbox/wrap-in-sandbox.js';
import { serverEnvironment } from './server-environment.js';
import { StderrTail } from './stderr-tail.js';
import type { ServerSession } from '../types.js';
import { waitForHttp } from './wait-for-http.js';
import { trace } from '../../common/trace.js';

/** What launchServer needs: one server, the fake it talks to, and the scenario's gate. */
export interface LaunchOptions {
  name: string;
  config: ServerConfig;
  fake: FakeCentral;
  writeGate: WriteGate;
  /** A fresh directory for this run; HOME and TMPDIR are made inside it. */
  workDir: string;
  /** Relative commands and working directories resolve here (the config file's directory). */
  baseDir: string;
  /** Run the server in the sandbox (src/servers/launch/sandbox/); default `auto`. */
  sandbox?: SandboxMode;
  /** Where `${env.NAME}` values are read from (default `process.env`); nothing else is read. */
  hostEnv?: NodeJS.ProcessEnv;
}

/** A stdio server gets this long to exit on its own once its stdin is closed. */
const STDIO_GRACE_MS = 300;

// A bare name (`node`, `uvx`) is looked up on PATH; a path with a slash is relative to baseDir.
const resolveCommand = (command: string, baseDir: string): string =>
  isAbsolute(command) || !/[\\/]/.test(command) ? command : resolve(baseDir, command);

function spawnFailure(name: string, command: string, proc: GroupProcess): BenchError | undefined {
  const exit = proc.exitInfo();
  if (!exit?.error) return undefined;
  return new BenchError('server_failed', `${name} ${describeExit(exit)}`, {
    hint: `check the command "${command}" and the cwd in the bench config (a bare name is looked up on PATH)`,
  });
}

/**
 * The one place a server process starts: the resolved spec goes through wrapInSandbox (a no-op
 * when the sandbox does not apply) and then spawnGroup. The sandbox relays the fake's port
 * and, for an HTTP server, `${port}`.
 */
async function spawnServer(
  spec: SpawnSpec,
  options: LaunchOptions,
  httpPort: number | null,
  tail: StderrTail,
): Promise<SandboxedProcess> {
  const fakePorts = [...new Set([options.fake.url, options.fake.proxyUrl])].map((url) =>
    Number(new URL(url).port),
  );
  await checkLaunchPaths(options.name, spec, options.baseDir);
  const paths = checkLaunchWritable(options.name, spec, {
    ...options,
    writable: options.config.writable,
  });
  trace('spawn.prepare');
  const status = await resolveSandbox(options.sandbox ?? 'auto');
  // Before any server can touch the file system: the harness runs only code it loaded itself.
  if (status.applied) await preloadLazyModules();
  const wrapped = await wrapInSandbox(spec, {
    status,
    fakePorts,
    inPort: httpPort,
    home: spec.env.HOME ?? options.workDir,
    tmp: spec.env.TMPDIR ?? options.workDir,
    cwd: paths.cwd,
    writable: paths.writable,
    visible: [options.baseDir],
    limits: options.config.limits,
    onLimit: (message) => tail.push(Buffer.from(`${message}\n`)),
  });
  const { command, args, ...rest } = wrapped.spec;
  trace('spawn');
  const proc = wrapped.attach(spawnGroup(command, args, { ...rest, layout: wrapped.layout }));
  void proc.exited.then(() => trace('exited'));
  proc.stderr?.once('data', () => trace('server.stderr'));
  return proc;
}

async function startHttp(
  options: LaunchOptions & { config: Extract<ServerConfig, { transport: 'http' }> },
  env: Record<string, string>,
  variables: TemplateVariables,
  tail: StderrTail,
): Promise<{
  proc: SandboxedProcess;
  transport: StreamableHTTPClientTransport;
  startedAt: number;
}> {
  const { config, baseDir, name } = options;
  const command = resolveCommand(config.start.command, baseDir);
  const cwd = resolve(baseDir, expandTemplates(config.start.cwd ?? '.', variables));
  const startedAt = performance.now();
  const args = config.start.args.map((a) => expandTemplates(a, variables));
  const port = Number(variables.port);
  const proc = await spawnServer({ command, args, cwd, env, stdin: 'ignore' }, options, port, tail);
  // An HTTP server logs on either stream; both feed the tail.
  proc.stdout?.on('data', (chunk: Buffer) => tail.push(chunk));
  proc.stderr?.on('data', (chunk: Buffer) => tail.push(chunk));
  proc.diagnostics?.on('data', (chunk: Buffer) => tail.push(chunk));
  const url = expandTemplates(config.url, variables);
  const deadline = startedAt + config.timeouts.startupMs;
  const ready = await waitForHttp(url, {
    deadline,
    pollMs: config.readyPollMs,
    exited: proc.exited,
  });
  if (ready !== 'ready') {
    await proc.terminate();
    const failure = spawnFailure(name, command, proc);
    if (failure) throw failure;
    const exit = proc.exitInfo();
    const why =
      ready === 'exited' && exit
        ? `${describeExit(exit)} before ${url} answered`
        : `did not start within ${config.timeouts.startupMs}ms (${url} never answered)`;
    const text = tail.text();
    const failed = new BenchError('server_failed', `${name} ${why}`, {
      hint: text === '' ? `${name} wrote nothing on stdout or stderr` : `output tail:\n${text}`,
    });
    throw withMissingModuleHint(failed, proc.sandboxed);
  }
  return { proc, transport: new StreamableHTTPClientTransport(new URL(url)), startedAt };
}

/**
 * Starts one server under test with an explicit environment (configured env + the gate's env +
 * the fake's proxy/CA variables + PATH, LANG and a fresh HOME and TMPDIR; nothing else of the
 * harness's), in its own process group, and returns an initialised MCP session whose tools are
 * listed. Start-up failures (spawn error, exit, silence past `startupMs`, a broken handshake)
 * throw BenchError('server_failed') with the stderr tail as the hint, after killing the group.
 */
export async function launchServer(options: LaunchOptions): Promise<ServerSession> {
  const session = await launchBare(options);
  return options.config.router ? withRouter(session, options.config.router) : session;
}

async function launchBare(options: LaunchOptions): Promise<ServerSession> {
  const { config, fake, name, baseDir } = options;
  await mkdir(options.workDir, { recursive: true });
  const home = await mkdtemp(join(options.workDir, 'home-'));
  const tmp = await mkdtemp(join(options.workDir, 'tmp-'));
  const variables = {
    ...templateVariables({ fake, port: await freePort(), home, tmp }),
    // Only the variables the config names with ${env.NAME} come from the job's environment.
    ...passedEnvVariables(name, passedEnvNames(config), options.hostEnv ?? process.env),
  };
  const env = serverEnvironment({
    config,
    writeGate: options.writeGate,
    fakeEnv: fake.serverEnv(),
    variables,
    home,
    tmp,
  });
  // A config built in code skips the loader's check; a NUL would fail in the sandbox's relay.
  const nul = Object.entries(env).find(([, value]) => value.includes('\u0000'));
  if (nul)
    throw new BenchError(
      'config_invalid',
      `server "${name}": env ${nul[0]} contains a NUL character, which no process environment can carry`,
      { hint: 'remove the \\0 from the value in the bench config' },
    );
  const tail = new StderrTail();
  const session = { name, tail, writeGate: options.writeGate, timeouts: config.timeouts };

  if (config.transport === 'http') {
    const { proc, transport, startedAt } = await startHttp(
      { ...options, config },
      env,
      variables,
      tail,
    );
    const opened = await openSession({
      ...session,
      process: proc,
      transport,
      startedAt,
      graceMs: 0,
      era: config.protocol ?? 'auto',
    });
    return { ...opened, blockedConnections: () => proc.blockedConnections() };
  }
  const command = resolveCommand(config.command, baseDir);
  const startedAt = performance.now();
  const args = config.args.map((a) => expandTemplates(a, variables));
  const cwd = resolve(baseDir, expandTemplates(config.cwd ?? '.', variables));
  const start = async (era: ProtocolChoice, tail: StderrTail): Promise<ServerSession> => {
    const proc = await spawnServer({ command, args, cwd, env, stdin: 'pipe' }, options, null, tail);
    proc.stderr?.on('data', (chunk: Buffer) => tail.push(chunk));
    proc.diagnostics?.on('data', (chunk: Buffer) => tail.push(chunk));
    try {
      const opened = await openSession({
        ...session,
        tail,
        process: proc,
        transport: new GroupStdioTransport(proc),
        // A second process's start-up counts from the first: both were paid for.
        startedAt,
        graceMs: STDIO_GRACE_MS,
        era,
      });
      return { ...opened, blockedConnections: () => proc.blockedConnections() };
    } catch (error) {
      throw spawnFailure(name, command, proc) ?? withMissingModuleHint(error, proc.sandboxed);
    }
  };
  const protocol = config.protocol ?? 'auto';
  try {
    return await start(protocol, tail);
  } catch (error) {
    // A server that exits on a request it does not know before initialize (the era probe) is
    // a 2025-era one: start it again, with a fresh stderr tail, and skip the probe. (One that
    // exits at start whatever it reads is started twice and fails with the second's exit.)
    // `protocol: modern` asked for no fallback.
    if (!(error instanceof ProbeClosedError) || protocol !== 'auto') throw error;
    return start('legacy', new StderrTail());
  }
}
