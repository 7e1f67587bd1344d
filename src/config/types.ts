import type { PriceTable } from '../llm/prices.js';
import type { WriteGate } from '../scenarios/types.js';

/**
 * Values a server's env, args, url and cwd may template: `${fake.url}`, `${fake.proxyUrl}`,
 * `${fake.clientId}`, `${fake.clientSecret}`, `${fake.workspaceId}`, `${fake.caCertPath}`,
 * `${port}` (a free port for HTTP servers), `${home}` and `${tmp}` (fresh per run).
 */
export type TemplateVariables = Record<string, string>;

/** Time limits for one server. */
export interface ServerTimeouts {
  /** Start-up: process spawn until tools/list answered. */
  startupMs: number;
  /** One tool call, elicitations included. */
  callMs: number;
  /** A whole scenario run (intent → final answer). */
  scenarioMs: number;
}

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
  timeouts: ServerTimeouts;
  /** Free text shown in reports (adapters, modes). */
  notes?: string;
  /**
   * The name this server goes by in the scenarios (`expected_tools`, `plans`, `evidence`) when
   * it is not its own, e.g. `reference` for a re-implementation of the reference server or a
   * test subject. Runs and scoring use that entry; results keep the server's own name.
   */
  scenarioKey?: string;
  /** Route planned calls to unlisted tools through a meta tool (see src/servers/router-adapter.ts). */
  router?: { tool: string; nameArgument: string; argumentsArgument: string };
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
  /** Model prices over the built-in table (`prices:`), for llm and replay runs' cost. */
  prices?: PriceTable;
}
