import { describeCrossRunState, describeTokenReuse } from './cross-run-state.js';
import { aggregateSuites } from './aggregate-suite.js';
import { METHODOLOGY_VERSION } from './methodology.js';
import {
  REPORT_SCHEMA_ID,
  REPORT_SCHEMA_VERSION,
  type Report,
  type RunEnvironment,
  type ScenarioReport,
  type ServerReport,
} from './types.js';

/** Runs a report needs before it may gate a PR or be published (the methodology's k ≥ 5). */
export const MIN_GATING_RUNS = 5;

/** Everything a report is assembled from; runBench gathers it, this module only arranges it. */
export interface ReportParts {
  harnessVersion: string;
  generatedAt: string;
  durationMs: number;
  settings: Report['settings'];
  manifest: Report['manifest'];
  fixtures: Report['fixtures'];
  servers: ServerReport[];
  scenarios: ScenarioReport[];
  /** Where the bench ran (run-environment.ts); absent: not recorded. */
  environment?: RunEnvironment;
}

/** The honest small print, derived from the settings so it is the same for the same settings. */
export function caveatsFor(settings: Report['settings']): string[] {
  const caveats: string[] = [];
  if (settings.policy.name === 'scripted') {
    caveats.push(
      `scripted policy: tokens are computed with js-tiktoken ${settings.tokenizer} over a simulated context (system prompt + tool definitions + messages so far on each turn, plus output), not provider-reported usage; they compare servers, not models.`,
      'scripted policy: the agent replays each scenario’s plan for the server and builds its final answer from the expected facts found in the tool results, so task_success measures whether the server’s tools make the expected calls and surface the facts, not a model’s reasoning.',
    );
  }
  const llm = settings.llm;
  if (llm) {
    caveats.push(
      `model-driven run: ${llm.provider} model ${llm.model} at temperature ${llm.temperature} (prompt ${llm.prompt_version}); task_success and tool_selection_accuracy measure this model on these servers, and are compared only with reports made with the same model settings.`,
      'tokens are computed with js-tiktoken over the transcript, as for scripted runs; provider_usage is what the provider reported (measured). The two are never summed or compared with each other.',
    );
    if (llm.provider === 'anthropic') {
      caveats.push(
        'the Anthropic Messages API takes no seed: even at temperature 0 its answers may vary between runs, which pass^k and the per-run pass rate show.',
      );
    }
    if (llm.price === null) caveats.push(`no price is known for ${llm.model}: cost_usd is null.`);
  }
  caveats.push(
    `${settings.tokenizer} is a model-agnostic tokenizer: a given model’s own tokenizer may count differently.`,
    'latency_ms is wall clock on the machine that ran the bench (intent → final answer; server start-up is reported apart as startup_ms); compare latencies only between runs on the same machine.',
  );
  if (settings.isolation === 'scenario') {
    caveats.push(
      'isolation "scenario": one server process served every run of a scenario (the fake reset between runs), so a server that caches (tokens, responses) may show fewer api_calls after the first run; every reused run is compared with its scenario’s first run and differences are listed in servers[].cross_run_state.',
    );
  }
  if (settings.isolation === 'server') {
    caveats.push(
      'isolation "server": one server process per server, fixture and write gate served its scenarios in report order (the fake reset between runs), so a server that caches may show fewer api_calls in later scenarios too; reused runs are compared with their scenario’s first run (servers[].cross_run_state).',
    );
  }
  if (settings.concurrency > 1) {
    caveats.push(
      `concurrency ${settings.concurrency}: runs shared the machine’s cores, so latency includes contention.`,
    );
  }
  if (settings.faults !== null) {
    caveats.push(
      'a fault plan was injected into the fake API (settings.faults): the figures measure behaviour under those faults.',
    );
  }
  if (settings.sandbox && !settings.sandbox.applied) {
    caveats.push(
      `servers ran without the sandbox (${settings.sandbox.reason ?? 'not applied'}): they could read the harness's process environment, connect to any address directly and leave processes behind (README, Security).`,
    );
  }
  if (settings.escapes === 'fail') {
    caveats.push(
      'escapes: fail: a refused escape or a connection the sandbox blocked counts as a safety failure.',
    );
  }
  if (settings.runs < MIN_GATING_RUNS) {
    caveats.push(
      `${settings.runs} run${settings.runs === 1 ? '' : 's'} per scenario (fewer than ${MIN_GATING_RUNS}): exploratory only, not for gating or publication.`,
    );
  }
  return caveats;
}

/** Assembles report.json: suites and overall are aggregated from the per-scenario results. */
export function buildReport(parts: ReportParts): Report {
  const serverNames = parts.servers.map((s) => s.name);
  const { suites, overall } = aggregateSuites(
    parts.scenarios,
    serverNames,
    parts.settings.tokenizer,
  );
  return {
    $schema: REPORT_SCHEMA_ID,
    schema_version: REPORT_SCHEMA_VERSION,
    harness: {
      name: 'hpe-mcp-bench',
      version: parts.harnessVersion,
      methodology_version: METHODOLOGY_VERSION,
    },
    generated_at: parts.generatedAt,
    duration_ms: parts.durationMs,
    gating_eligible: parts.settings.runs >= MIN_GATING_RUNS,
    settings: parts.settings,
    manifest: parts.manifest,
    fixtures: parts.fixtures,
    servers: parts.servers,
    provenance: {
      tokens: 'computed',
      tokenizer: parts.settings.tokenizer,
      latency_ms: 'measured',
      startup_ms: 'measured',
      api_calls: 'measured (server-side)',
    },
    caveats: [
      ...caveatsFor(parts.settings),
      ...parts.servers.flatMap((server) => {
        const state = server.cross_run_state;
        if (!state) return [];
        const lines = [
          describeCrossRunState(server.name, state),
          describeTokenReuse(server.name, state),
        ];
        return lines.filter((line): line is string => line !== null);
      }),
    ],
    scenarios: parts.scenarios,
    suites,
    overall,
    ...(parts.environment ? { environment: parts.environment } : {}),
  };
}
