import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import schema from '../../schemas/bench-config.schema.json' with { type: 'json' };
import type { EscapePolicy } from '../metrics/types.js';
import type {
  BenchConfig,
  PriceTable,
  ProtocolChoice,
  SandboxMode,
  ServerConfig,
  ServerLimits,
  ServerTimeouts,
  SweepSettings,
} from './types.js';
import { BenchError } from '../common/errors.js';
import { createAjv } from '../common/ajv.js';
import { schemaErrors } from '../common/schema-errors.js';
import { formatScenarioError, type ScenarioError } from '../scenarios/types.js';
import { parseYamlDocuments, positionOf, type YamlDocument } from '../common/yaml-source.js';
import { checkBenchConfig } from './config-checks.js';
import { configPathErrors } from './server-paths.js';

/** Resource limits a server gets in the sandbox when its config does not set them. */
export const DEFAULT_LIMITS: ServerLimits = {
  memoryMb: 2048,
  cpuSeconds: 600,
  processes: 256,
  fileSizeMb: 256,
  connections: 256,
};

/** Time limits a server gets when its config does not set them. */
export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  startupMs: 30_000,
  callMs: 90_000,
  scenarioMs: 300_000,
};
/** Poll interval while an http server starts, when not configured. */
export const DEFAULT_READY_POLL_MS = 100;

const FORMAT_HINT =
  'the bench config format is schemas/bench-config.schema.json, documented in docs/bench-config.md (example: hpe-mcp-bench.example.yml)';

let validator: ReturnType<ReturnType<typeof createAjv>['compile']> | undefined;
function validate(data: unknown) {
  validator ??= createAjv({ ownSchema: true }).compile(schema);
  return { ok: validator(data), errors: validator.errors ?? [] };
}

interface RawCommand {
  command: string;
  args?: string[];
  cwd?: string;
}
interface RawServer extends Partial<RawCommand> {
  transport: 'stdio' | 'http';
  start?: RawCommand;
  url?: string;
  readyPollMs?: number;
  env?: Record<string, string>;
  gates?: ServerConfig['gates'];
  network?: 'proxy' | 'direct';
  protocol?: ProtocolChoice;
  timeouts?: Partial<ServerTimeouts>;
  notes?: string;
  scenarioKey?: string;
  router?: { tool: string; name?: string; arguments?: string; byPrefix?: Record<string, string> };
  writable?: string[];
  limits?: Partial<ServerLimits>;
  sweep?: { args?: Record<string, Record<string, unknown>>; skip?: Record<string, string> };
}

/** A server's `sweep:` with the position of each tool and argument, for errors found later. */
function sweepSettings(raw: RawServer, document: YamlDocument, server: string): SweepSettings {
  const args = raw.sweep?.args ?? {};
  const skip = raw.sweep?.skip ?? {};
  const positions: SweepSettings['positions'] = {};
  const at = (key: string, path: string[]): void => {
    positions[key] = {
      file: document.file,
      ...positionOf(document, ['servers', server, 'sweep', ...path], 'key'),
    };
  };
  for (const [tool, values] of Object.entries(args)) {
    at(`args/${tool}`, ['args', tool]);
    for (const name of Object.keys(values)) at(`args/${tool}/${name}`, ['args', tool, name]);
  }
  for (const tool of Object.keys(skip)) at(`skip/${tool}`, ['skip', tool]);
  return { args, skip, positions };
}

/** A schema-valid server entry with every default filled in. */
function normalise(raw: RawServer, sweep?: SweepSettings): ServerConfig {
  const common = {
    env: raw.env ?? {},
    gates: raw.gates ?? {},
    network: raw.network ?? 'proxy',
    ...(raw.protocol === undefined || raw.protocol === 'auto' ? {} : { protocol: raw.protocol }),
    timeouts: { ...DEFAULT_TIMEOUTS, ...raw.timeouts },
    writable: raw.writable ?? [],
    limits: { ...DEFAULT_LIMITS, ...raw.limits },
    ...(sweep === undefined ? {} : { sweep }),
    ...(raw.notes === undefined ? {} : { notes: raw.notes }),
    ...(raw.scenarioKey === undefined ? {} : { scenarioKey: raw.scenarioKey }),
    ...(raw.router === undefined
      ? {}
      : {
          router: {
            tool: raw.router.tool,
            nameArgument: raw.router.name ?? 'name',
            argumentsArgument: raw.router.arguments ?? 'arguments',
            ...(raw.router.byPrefix === undefined ? {} : { byPrefix: raw.router.byPrefix }),
          },
        }),
  };
  if (raw.transport === 'http' && raw.start && raw.url !== undefined) {
    return {
      ...common,
      transport: 'http',
      start: {
        command: raw.start.command,
        args: raw.start.args ?? [],
        ...(raw.start.cwd === undefined ? {} : { cwd: raw.start.cwd }),
      },
      url: raw.url,
      readyPollMs: raw.readyPollMs ?? DEFAULT_READY_POLL_MS,
    };
  }
  return {
    ...common,
    transport: 'stdio',
    command: raw.command ?? '',
    args: raw.args ?? [],
    ...(raw.cwd === undefined ? {} : { cwd: raw.cwd }),
  };
}

function fail(errors: ScenarioError[]): never {
  const sorted = [...errors].sort((a, b) => a.line - b.line || a.col - b.col);
  throw new BenchError('config_invalid', sorted.map(formatScenarioError).join('\n'), {
    hint: FORMAT_HINT,
  });
}

/**
 * Parses a bench config text (`file` names it in errors). Every problem — YAML syntax, schema,
 * unknown `${…}` templates, fields of the other transport — is collected and thrown at once as
 * BenchError('config_invalid'), one `file:line:col: /pointer: message (hint)` line each.
 */
export function parseBenchConfig(file: string, text: string): BenchConfig {
  const { documents, errors } = parseYamlDocuments(file, text);
  if (errors.length > 0) fail(errors);
  const [document, extra] = documents;
  if (!document) {
    const hint = 'list the servers to run under servers:';
    fail([{ file, line: 1, col: 1, pointer: '', message: 'the file is empty', hint }]);
  }
  if (extra) {
    const { line, col } = extra.lineCounter.linePos(extra.doc.range[0]);
    fail([{ file, line, col, pointer: '', message: 'expected one YAML document' }]);
  }
  const result = validate(document.data);
  const problems = [
    ...(result.ok ? [] : schemaErrors(result.errors, document)),
    ...checkBenchConfig(document, text),
  ];
  if (problems.length > 0) fail(problems);
  // Only a valid config's paths are resolved: each names the path and what it resolves to.
  const pathProblems = configPathErrors(document, file);
  if (pathProblems.length > 0) fail(pathProblems);
  const data = document.data as {
    servers: Record<string, RawServer>;
    prices?: PriceTable;
    sandbox?: SandboxMode;
    escapes?: EscapePolicy;
  };
  return {
    file,
    servers: Object.fromEntries(
      Object.entries(data.servers).map(([name, raw]) => [
        name,
        normalise(raw, raw.sweep === undefined ? undefined : sweepSettings(raw, document, name)),
      ]),
    ),
    ...(data.sandbox === undefined ? {} : { sandbox: data.sandbox }),
    ...(data.escapes === undefined ? {} : { escapes: data.escapes }),
    ...(data.prices === undefined ? {} : { prices: data.prices }),
  };
}

/**
 * Reads and validates a bench config file (`hpe-mcp-bench.yml`). Templates are checked here
 * and expanded at launch; relative commands and directories resolve against the file's
 * directory then. Throws BenchError('config_invalid') naming `file` as given.
 */
export async function loadBenchConfig(file: string): Promise<BenchConfig> {
  let text: string;
  try {
    text = await readFile(resolve(file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'not found' : `cannot be read (${code ?? String(error)})`;
    throw new BenchError('config_invalid', `${file}: bench config file ${reason}`, {
      hint: 'pass --config FILE, or copy hpe-mcp-bench.example.yml to hpe-mcp-bench.yml',
    });
  }
  return parseBenchConfig(file, text);
}
