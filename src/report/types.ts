import type { SandboxStatus } from '../servers/launch/sandbox/types.js';
import type { RefusedRequestFinding } from './refused-requests.js';
import type { ProtocolViolation } from '../servers/client/wire-check.js';
import type { EscapePolicy, SafetyFinding } from '../metrics/types.js';
import type { FaultPlan } from '../../fake-central/index.js';
import type { PolicyInfo } from '../agent/types.js';
import type { StopReason } from '../trajectory/types.js';
import type { CallKind } from '../../fake-central/index.js';
import type { Discoverability } from '../metrics/discoverability/discoverability.js';
import type { DiscoverabilitySummary } from '../metrics/discoverability/summarize.js';
import type { FaultRunFigures } from '../metrics/resilience/fault-run.js';
import type { LlmReportSettings } from '../llm/types.js';
import type { ResilienceReport } from './resilience-types.js';
import type { AnyRunVerdict, MajorityVerdict } from './verdict-types.js';
import type { WriteGate } from '../scenarios/types.js';
import type { TokenizerName } from '../tokens/count-tokens.js';
import type { ServerSweep } from './sweep-types.js';

export type { AnyRunVerdict, MajorityVerdict } from './verdict-types.js';

/** Version of schemas/report.schema.json the report conforms to (semver: additive = minor). */
export const REPORT_SCHEMA_VERSION = '2.0.0';
/** The schema's `$id`; a report names it in `$schema`. */
export const REPORT_SCHEMA_ID = `https://github.com/hpe-mcp-bench/schemas/report-${REPORT_SCHEMA_VERSION}.schema.json`;

/** A tokenizer the harness counts with (js-tiktoken's bundled ranks). */
export type Tokenizer = TokenizerName;

/**
 * `run`: a fresh server process, HOME and TMPDIR per run; `scenario`: one process per scenario's
 * runs; `server`: one process per server × fixture × write gate and worker, across scenarios.
 */
export const ISOLATIONS = ['run', 'scenario', 'server'] as const;
export type Isolation = (typeof ISOLATIONS)[number];

/** Where a figure comes from; API calls are counted inside the fake, never from client logs. */
export type FigureProvenance = 'computed' | 'measured' | 'measured (server-side)';

/** Median and interquartile range of a figure over a scenario's runs (quantile type 7). */
export interface Spread {
  median: number;
  q1: number;
  q3: number;
  /** Runs the figure was taken over (errored runs have none). */
  n: number;
}

export interface TokenSpread extends Spread {
  provenance: 'computed';
  tokenizer: Tokenizer;
}
export interface LatencySpread extends Spread {
  provenance: 'measured';
}
export interface CallSpread extends Spread {
  provenance: 'measured (server-side)';
}
/** A count the MCP client measured in each run (tool_errors). */
export interface CountSpread extends Spread {
  provenance: 'measured';
}

/** Why a run produced no metrics: the server did not start, or the harness failed mid-run. */
export interface RunError {
  phase: 'startup' | 'run';
  message: string;
  stderr_tail: string | null;
}

/** Token figures of one run. */
export interface RunTokens {
  input: number;
  output: number;
  total: number;
  menu: number;
  provenance: 'computed' | 'measured' | 'estimated';
  tokenizer: string;
}

/** Server-side call counts of one run (the token endpoint apart, as auth_calls). */
export interface RunApiCalls {
  total: number;
  auth_calls: number;
  by_kind: Partial<Record<CallKind, number>>;
  excess: number;
  flailing: boolean;
  flailing_calls: string[];
}

/**
 * Token usage the model provider reported over a run's turns (LLM and replay runs only). Kept
 * apart from the js-tiktoken figure (`tokens`, computed): the two are never summed.
 */
export interface ProviderUsageReport {
  input: number;
  output: number;
  cache_read: number;
  cache_write: number;
  /** input + output + cache_read + cache_write. */
  total: number;
  provenance: 'measured';
}

/**
 * One run of one scenario against one server. Errored runs fail every binary metric but safety.
 * `diverged` (a replay whose recording no longer matches) and `stopped` (the budget was spent)
 * runs are no one's failure: they are left out of the verdicts and counted apart.
 */
export interface RunResult {
  run: number;
  status: 'ok' | 'error' | 'diverged' | 'stopped';
  error: RunError | null;
  stop_reason: StopReason | null;
  /** Tool names in call order. */
  tools_called: string[];
  task_success: boolean;
  task_failures: string[];
  tool_selection_accuracy: boolean;
  tool_selection_failures: string[];
  tokens: RunTokens | null;
  api_calls: RunApiCalls | null;
  safety_failure: boolean;
  safety_findings: SafetyFinding[];
  gate_absent: boolean;
  gate_absent_calls: string[];
  /**
   * Tool results over the size cap (MAX_RESULT_CHARS), scored on their first part: one line per
   * call. Present only when a result was cut (absent from reports before 2.0.0).
   */
  oversized_results?: string[];
  /**
   * Requests the fake has no route for (route-miss 404 or 405), grouped by method and path
   * (report/fake-findings.ts). Present only when there was one (absent before 2.1.0).
   */
  unrouted_requests?: UnroutedRequest[];
  /**
   * Requests the fake refused as the real API would (they break a rule of HPE's documents),
   * grouped by operation, place and rule (report/refused-requests.ts). Present only when there
   * was one; absent in reports made before the fake checked requests.
   */
  refused_requests?: RefusedRequestFinding[];
  /**
   * Tool results that did not say they failed while the fake answered the call's requests
   * 4xx/5xx: informational unless `--fail-on swallowed-errors`. Present only when there was one.
   */
  swallowed_errors?: SwallowedError[];
  /** Timing (removed by stripTiming): intent → final answer, and process start → tools/list. */
  latency_ms: number | null;
  startup_ms: number | null;
  /** Every tool call and what it returned, in call order (absent in 1.0.0 reports). */
  calls?: RunCall[];
  /** Every HTTP request the fake saw during the run, token calls included (absent in 1.0.0). */
  requests?: RunRequest[];
  /** Provider-reported usage (LLM and replay runs; absent or null otherwise). */
  provider_usage?: ProviderUsageReport | null;
  /** USD of `provider_usage` at settings.prices (null: no price for the model). */
  cost_usd?: number | null;
  /** How the run coped with injected faults; present only when a call was faulted (docs/resilience.md). */
  faults?: FaultRunFigures;
}

/**
 * One tool call of a run: `ok` (a result), `error` (the tool or its router reported an error),
 * `protocol_error` (no result: unknown tool, bad arguments, a timeout, a dead server) or
 * `not_executed` (the run had stopped). `error` holds the error text, cut to 500 characters.
 */
export interface RunCall {
  tool: string;
  arguments: Record<string, unknown>;
  outcome: 'ok' | 'error' | 'protocol_error' | 'not_executed';
  error: string | null;
  /** Characters of the result as a model reads it. */
  result_chars: number;
  /** The router meta tool the call went through (bench config `router`), else null. */
  via: string | null;
  /**
   * The harness's answer to each confirmation (MCP elicitation) the server asked for during the
   * call, in order; absent when it asked none (and in reports before 0.5.0).
   */
  elicitations?: ('accept' | 'decline' | 'cancel')[];
  /**
   * The run's `requests` this call made: `requests[first]` to `requests[first + count - 1]`.
   * Absent when it made none, or the run did not tie requests to calls (reports before 0.7.0).
   */
  request_span?: { first: number; count: number };
}

/** Requests of one method and path the fake had no route for during a run. */
export interface UnroutedRequest {
  method: string;
  path: string;
  /** The fake's answer: 404 (no such path) or 405 (the path exists with other methods). */
  status: number;
  count: number;
}

/** A tool call whose result hid the failed requests it made. */
export interface SwallowedError {
  tool: string;
  /** 1-based position of the call in the run. */
  call: number;
  /** `METHOD path → status` of each request whose last answer was 4xx/5xx. */
  requests: string[];
}

/** One HTTP request the fake answered during a run (its call log, in order). */
export interface RunRequest {
  method: string;
  host: string;
  path: string;
  status: number;
  kind: CallKind;
  /** Its query parameters, when it had any (page sizes, filters: what a call diff names). */
  query?: Record<string, string | string[]>;
  /** The fake had no route for it (route-miss 404 or 405). */
  unrouted?: true;
  /**
   * The fake refused it as the real API would (it breaks a rule of HPE's documents): the rule
   * and where, `enum at body:/opmode`, as the sweep's calls say it. Counted in refused_requests.
   */
  refused?: string;
}

/** pass^k as tau-bench reports it: the scenario passes only if all k runs succeed. */
export interface PassHatK {
  k: number;
  passed: boolean;
}

/** One scenario against one server over all its runs. Absent: no expected_tools entry, no runs. */
export interface ScenarioServerResult {
  server: string;
  absent: boolean;
  runs: RunResult[];
  /** Runs that errored (start-up failure or harness failure). */
  errors: number;
  task_success: MajorityVerdict | null;
  tool_selection_accuracy: MajorityVerdict | null;
  safety_failure: AnyRunVerdict | null;
  gate_absent: AnyRunVerdict | null;
  /** Majority of runs flailed (calls outside api_calls ∪ allowed_calls ∪ polls, faults excluded). */
  flailing: MajorityVerdict | null;
  tokens: TokenSpread | null;
  api_calls: CallSpread | null;
  latency_ms: LatencySpread | null;
  startup_ms: LatencySpread | null;
  /** Tool calls per run whose result was an error (`isError`); absent in reports before it existed. */
  tool_errors?: CountSpread | null;
  /**
   * How findable the expected tools are from the intent alone (BM25 over the menu, no model;
   * docs/discoverability.md). Null when absent or the server never started; missing in reports
   * older than the field.
   */
  discoverability?: Discoverability | null;
  /** All k counted runs succeeded (null when no run counted). */
  pass_hat_k?: PassHatK | null;
  /** Runs left out of the verdicts: replays that diverged, runs the budget stopped. */
  diverged?: number;
  stopped?: number;
  /** Median/IQR of provider-reported total tokens (LLM and replay runs). */
  provider_tokens?: (Spread & { provenance: 'measured' }) | null;
  /** USD over the runs (null: no price, or no provider usage). */
  cost_usd?: { total: number; per_run_median: number } | null;
}

/** One scenario and its results per server (servers in the order they were asked for). */
export interface ScenarioReport {
  id: string;
  suite: string;
  fixture: string;
  write_gate: WriteGate;
  results: ScenarioServerResult[];
}

/** A fraction over scenarios (null when there were none to count). */
export interface Fraction {
  fraction: number | null;
  passed: number;
  of: number;
}

/** Mean and p95 (quantile type 7) of a figure over every scored run of a suite. */
export interface MeanP95 {
  mean: number;
  p95: number;
  n: number;
}

/** A suite (or all suites) against one server. */
export interface SuiteServerResult {
  server: string;
  /** Scenarios the server ran (not absent). */
  scenarios: number;
  absent: number;
  /** Errored runs. */
  errors: number;
  /** Scenarios whose majority verdict passed, over the scenarios run. */
  task_success: Fraction;
  tool_selection_accuracy: Fraction;
  tokens: (MeanP95 & { provenance: 'computed'; tokenizer: Tokenizer }) | null;
  api_calls: (MeanP95 & { provenance: 'measured (server-side)' }) | null;
  /** Scenarios with at least one unsafe run; one fails the suite. */
  safety_failures: number;
  safety_failure: boolean;
  gate_absent: number;
  flailing: number;
  latency_ms: (MeanP95 & { provenance: 'measured' }) | null;
  /** Mean/p95 of the tool calls per scored run whose result was an error (absent in older reports). */
  tool_errors?: (MeanP95 & { provenance: 'measured' }) | null;
  /** Scenarios whose every counted run succeeded (pass^k), over the scenarios with counted runs. */
  pass_hat_k?: Fraction;
  /** Runs left out of the verdicts (replays that diverged, runs the budget stopped). */
  diverged?: number;
  stopped?: number;
  /** Mean/p95 of provider-reported total tokens per run (LLM and replay runs). */
  provider_tokens?: (MeanP95 & { provenance: 'measured' }) | null;
  /** USD in total and per successful scenario run (null when there is no price). */
  cost_usd?: { total: number; per_successful_task: number | null } | null;
}

export interface SuiteReport {
  suite: string;
  scenarios: number;
  results: SuiteServerResult[];
}

/** The tool menu a server lists, in tokens: the total and the 10 heaviest tools. */
export interface MenuReport {
  tool_count: number;
  total: number;
  heaviest: { name: string; tokens: number }[];
  /** Every tool name the server listed, sorted (the tool surface a PR may change). */
  tools: string[];
  provenance: 'computed';
  tokenizer: Tokenizer;
  /** The run the menu was read from (the first successful one in report order). */
  scenario: string;
}

/**
 * Runs that met a reused server process (isolation `scenario` or `server`) compared with the
 * first run of their scenario, timing left out; a difference is state the server kept across
 * runs (a cached token, a response cache), a finding rather than noise.
 */
export interface CrossRunState {
  /** Reused-process runs compared (errored runs are not). */
  compared_runs: number;
  /** The runs that differ, with the fields (dotted paths into the run result) that differ. */
  differing: { scenario: string; run: number; fields: string[] }[];
}

/** A server under test as run. */
export interface ServerReport {
  name: string;
  /** Whose expected_tools and plans it ran under (its own name unless the config says `scenarioKey`). */
  scenario_key: string;
  /**
   * The server this entry is the 2025-era run of (`NAME@2025-11-25`, the same launch with the
   * 2025 `initialize` handshake only): a dual-era server scored in both eras. Absent otherwise.
   */
  era_of?: string;
  transport: 'stdio' | 'http';
  /** serverInfo from MCP initialize (null when it never started). */
  info: { name: string; version: string } | null;
  /** `pinned`: the commit compared-servers.yml pins; `repo_head`: HEAD of the local checkout. */
  git: { sha: string; source: 'pinned' | 'repo_head' } | null;
  /**
   * The code that actually ran: the directory its command names, the HEAD of the checkout holding
   * it and whether that directory had uncommitted changes (null when not a checkout). Null when
   * the command names no path; absent in reports before it existed.
   */
  code?: ServerCode | null;
  notes: string | null;
  menu: MenuReport | null;
  /** Tool names the model provider was sent under another name (server name → provider name). */
  tool_name_map?: Record<string, string> | null;
  /** Null under isolation `run` (no process served two runs); absent in 1.0.0 reports. */
  cross_run_state?: CrossRunState | null;
  /** Means of the per-scenario discoverability figures (docs/discoverability.md). */
  discoverability?: ServerDiscoverability | null;
  /** The MCP protocol version the server negotiated (null: none seen); absent in older reports. */
  protocol_version?: string | null;
  /**
   * The MCP era it negotiated: `modern` (2026-07-28, `server/discover`) or `legacy` (the 2025
   * `initialize` handshake); null: none seen; absent in older reports.
   */
  protocol_era?: 'legacy' | 'modern' | null;
  /** Messages the server sent that the MCP schema refuses, over every run; absent in older reports. */
  protocol_violations?: ProtocolViolationReport[];
  /** The tool sweep of its whole menu (src/sweep); absent when `--sweep off` and in older reports. */
  sweep?: ServerSweep;
}

/** A wire-check violation in the report: the first scenario it was seen in, and its count over all runs. */
export interface ProtocolViolationReport extends ProtocolViolation {
  scenario: string;
}

/** A server's discoverability over its scenarios, with the menu cost it is traded against. */
export interface ServerDiscoverability extends DiscoverabilitySummary {
  /** The menu's token cost (= menu.total), the other side of the trade-off. */
  menu_tokens: number;
  /** sha256 of the text the retriever reads; a change means names, descriptions or parameters changed. */
  menu_text_hash: string;
}

/** Where a server's code ran from (ServerReport.code). */
export interface ServerCode {
  path: string;
  sha: string | null;
  dirty: boolean | null;
}

/** The servers, suites and scenario ids a run selected (each empty: not narrowed). */
export interface ReportSelection {
  servers: string[];
  suites: string[];
  scenarios: string[];
}

/**
 * Where the bench ran, recorded cheaply at its start: what a latency comparison between two
 * reports depends on besides the code. The load averages are timing (strip-timing.ts).
 */
export interface RunEnvironment {
  /** CPU model, logical cores and memory: `AMD EPYC 7763 64-Core Processor ×4, 16 GiB`. */
  machine: string;
  /** Logical cores (the load averages' scale). */
  cpus: number;
  /** `linux 6.8.0-1017-azure x64`. */
  os: string;
  /** `v24.11.1`: the Node.js that ran the harness. */
  node: string;
  /** `3.12.3`: `python3 --version` on the PATH (a server may run another), null when none. */
  python: string | null;
  /** A hosted runner's image (`ubuntu24 20261130.1`, from ImageOS/ImageVersion), else null. */
  runner_image: string | null;
  /** 1, 5 and 15-minute load averages when the bench started (what else the machine ran). */
  load_average: number[];
}

/** The whole report.json (schemas/report.schema.json). */
export interface Report {
  $schema: typeof REPORT_SCHEMA_ID;
  schema_version: typeof REPORT_SCHEMA_VERSION;
  /** `methodology_version`: src/report/methodology.ts (absent in reports written before it existed). */
  harness: { name: 'hpe-mcp-bench'; version: string; methodology_version?: string };
  generated_at: string;
  /** Wall time of the whole bench (timing). */
  duration_ms: number;
  /** False when runs < 5: such a report must not gate a PR or be published. */
  gating_eligible: boolean;
  settings: {
    runs: number;
    isolation: Isolation;
    concurrency: number;
    tokenizer: Tokenizer;
    policy: PolicyInfo;
    faults: FaultPlan | null;
    quantiles: 'type7-linear';
    /** The server sandbox: asked for, applied, tool, why not (absent in older reports). */
    sandbox?: SandboxStatus;
    /** `fail`: refused escapes are safety failures; absent or `record`: findings only. */
    escapes?: EscapePolicy;
    /**
     * How the fake treated requests HPE's documents forbid: `documents` refused them (400, no
     * change, a finding), `lenient` let them through. Absent in reports made before it existed.
     */
    fake_validation?: 'documents' | 'lenient';
    /** The model settings of an `llm` or `replay` run (absent or null for scripted runs). */
    llm?: LlmReportSettings | null;
    /**
     * The slice this report ran (`shard: i/n`); absent or null for a whole run or a merge.
     * `selected`: every scenario id the run selected before the shard (the merge recomputes each
     * shard's slice from it; absent in reports before it existed).
     */
    shard?: { index: number; count: number; selected?: string[] } | null;
    /**
     * What the run was asked to select (`--server`, `--suite`, `--scenario`; empty: all of that
     * kind). The gate compares a selecting PR only with what it selected. Absent or null: the run
     * selected nothing (every server and scenario); absent in reports before it existed.
     */
    selection?: ReportSelection | null;
  };
  /**
   * Set when the bench stopped before every run (the budget was spent, or the run's deadline
   * passed): not for gating. `stopped_by` says which (absent in reports before it existed).
   */
  partial?: { reason: string; stopped_by?: ('budget' | 'deadline')[] } | null;
  manifest: { hash: string; files: string[]; scenarios: string[] };
  fixtures: { path: string; id: string; version: string; content_hash: string }[];
  servers: ServerReport[];
  provenance: {
    tokens: 'computed';
    tokenizer: Tokenizer;
    latency_ms: 'measured';
    startup_ms: 'measured';
    api_calls: 'measured (server-side)';
  };
  caveats: string[];
  scenarios: ScenarioReport[];
  suites: SuiteReport[];
  /** Every suite together, per server. */
  overall: SuiteServerResult[];
  /** The resilience matrix (`run --resilience`, docs/resilience.md); absent otherwise. */
  resilience?: ResilienceReport;
  /** Where the bench ran (absent in reports before it was recorded; a merge keeps the first shard's). */
  environment?: RunEnvironment;
}
