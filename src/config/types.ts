import type { EscapePolicy } from '../metrics/types.js';
import type { WriteGate } from '../scenarios/types.js';

// The vocabulary of the bench config lives here, and the modules that act on a setting (servers,
// the sandbox, llm) import it from here: config depends on none of them, so no folder cycle.

/** `auto`: sandbox where the machine allows it, else run bare and say why; `on`: required; `off`: never. */
export const SANDBOX_MODES = ['auto', 'on', 'off'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

/** USD per million tokens of one model, with where the figures come from. */
export interface ModelPrice {
  input: number;
  output: number;
  cache_read: number;
  cache_write: number;
  /** Where the figures were published. */
  source: string;
  /** When they were taken from it (YYYY-MM-DD). */
  as_of: string;
}

/** Prices by exact model id. */
export type PriceTable = Record<string, ModelPrice>;

/**
 * Values a server's env, args, url and cwd may template: `${fake.url}`, `${fake.proxyUrl}`,
 * `${fake.clientId}`, `${fake.clientSecret}`, `${fake.workspaceId}`, `${fake.caCertPath}`,
 * `${port}` (a free port for HTTP servers), `${home}` and `${tmp}` (fresh per run).
 */
export type TemplateVariables = Record<string, string>;

/**
 * The `router:` of a server: planned calls to tools the server does not list go through this meta
 * tool (src/servers/client/router-adapter.ts applies it).
 */
export interface RouterConfig {
  /** The meta tool, e.g. `central_invoke_tool`. */
  tool: string;
  /** Its argument that names the inner tool, e.g. `name`. */
  nameArgument: string;
  /** Its argument that carries the inner arguments, e.g. `params`. */
  argumentsArgument: string;
  /**
   * Other meta tools by inner-tool name prefix (the longest matching prefix wins), e.g.
   * `{ greenlake_: greenlake_invoke_tool }`: nowireless4u has one router per platform.
   */
  byPrefix?: Record<string, string>;
}

/** Time limits for one server. */
export interface ServerTimeouts {
  /** Start-up: process spawn until tools/list answered. */
  startupMs: number;
  /** One tool call, elicitations included. */
  callMs: number;
  /** A whole scenario run (intent → final answer). */
  scenarioMs: number;
}

/** The `limits:` of a server (rlimits and the relay's cap in the sandbox; docs/security.md). */
export interface ServerLimits {
  /** RLIMIT_DATA per process, MiB. */
  memoryMb: number;
  /** RLIMIT_CPU per process, seconds. */
  cpuSeconds: number;
  /** RLIMIT_NPROC in the sandbox's user namespace. */
  processes: number;
  /** RLIMIT_FSIZE, MiB. */
  fileSizeMb: number;
  /** Connections to the fake open at once through the relay. */
  connections: number;
}

/** The `protocol:` setting of a server (see ServerCommon.protocol). */
export const PROTOCOL_CHOICES = ['auto', 'legacy', 'modern'] as const;
export type ProtocolChoice = (typeof PROTOCOL_CHOICES)[number];

interface ServerCommon {
  /** Extra environment (templated). The server gets only this plus the fake/proxy/CA variables and PATH/HOME/LANG. */
  env: Record<string, string>;
  /** Extra environment per write gate, set only for scenarios at that gate (e.g. a write flag). */
  gates: Partial<Record<WriteGate, Record<string, string>>>;
  /**
   * How the server reaches the fake: `proxy` keeps production URLs (HTTPS_PROXY + CA trust);
   * `direct` relies on a base-URL override in `env` (the proxy variables are still set, since
   * every compared server hard-codes the SSO token URL).
   */
  network: 'proxy' | 'direct';
  /**
   * The MCP era to speak (unset: `auto`): `auto` probes `server/discover` (2026-07-28) and falls
   * back to the 2025 `initialize`, so a dual-era server is benchmarked on 2026-07-28; `legacy`
   * the 2025 handshake only; `modern` 2026-07-28 only (a 2025-era server fails to start).
   */
  protocol?: ProtocolChoice;
  timeouts: ServerTimeouts;
  /** Free text shown in reports (adapters, modes). */
  notes?: string;
  /**
   * The name this server goes by in the scenarios (`expected_tools`, `plans`, `evidence`) when
   * it is not its own, e.g. `reference` for a re-implementation of the reference server or a
   * test subject. Runs and scoring use that entry; results keep the server's own name.
   */
  scenarioKey?: string;
  /**
   * Set only on a derived `NAME@2025-11-25` entry (src/config/era-variant.ts): the server whose
   * launch configuration it reuses in the 2025 era. Not a bench-config key.
   */
  eraOf?: string;
  /** Route planned calls to unlisted tools through a meta tool (see src/servers/client/router-adapter.ts). */
  router?: RouterConfig;
  /** Paths relative to the cwd the server may write in the sandbox (default none). */
  writable: string[];
  /** Resource limits in the sandbox, defaults filled in. */
  limits: ServerLimits;
  /** The tool sweep's `sweep:` (arguments per tool, tools skipped), with where each entry is. */
  sweep?: SweepSettings;
}

/** Where an entry of the config file is: `file:line:col` for errors found once a menu is known. */
export interface ConfigPosition {
  file: string;
  line: number;
  col: number;
}

/** A server's `sweep:` (docs/bench-config.md, Tool sweep). */
export interface SweepSettings {
  /** Tool → argument → value. */
  args: Record<string, Record<string, unknown>>;
  /** Tool → why it is not called. */
  skip: Record<string, string>;
  /** `args/<tool>`, `args/<tool>/<argument>`, `skip/<tool>` → where it is written. */
  positions: Record<string, ConfigPosition>;
}

/** A server spoken to over stdio (the harness spawns it). */
export interface StdioServerConfig extends ServerCommon {
  transport: 'stdio';
  command: string;
  args: string[];
  cwd?: string;
}

/** A server spoken to over streamable HTTP (the harness runs `start` and waits for `url`). */
export interface HttpServerConfig extends ServerCommon {
  transport: 'http';
  start: { command: string; args: string[]; cwd?: string };
  /** MCP endpoint, e.g. `http://127.0.0.1:${port}/mcp`. */
  url: string;
  /** Poll interval while waiting for the endpoint to answer. */
  readyPollMs: number;
}

export type ServerConfig = StdioServerConfig | HttpServerConfig;

/** A parsed, validated bench config file (`hpe-mcp-bench.yml`). */
export interface BenchConfig {
  /** Where it was read from (null: the built-in default for the reference server). */
  file: string | null;
  servers: Record<string, ServerConfig>;
  /** `sandbox:` (auto, on, off); the CLI flag and the action input win over it. */
  sandbox?: SandboxMode;
  /** `escapes:` (record, fail); the CLI flag and the action input win over it. */
  escapes?: EscapePolicy;
  /** Model prices over the built-in table (`prices:`), for llm and replay runs' cost. */
  prices?: PriceTable;
}
