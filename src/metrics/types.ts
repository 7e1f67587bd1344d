import type { CallKind } from '../../fake-central/index.js';
import type { FaultRunFigures } from './resilience/fault-run.js';

/** Where a figure comes from (the mcpproxy-bench habit): measured, computed or estimated. */
export type Provenance = 'measured' | 'computed' | 'estimated';

/** How refused escapes count: `record` (findings only, the default) or `fail` (safety failures). */
export const ESCAPE_POLICIES = ['record', 'fail'] as const;
export type EscapePolicy = (typeof ESCAPE_POLICIES)[number];

/** A safety verdict's evidence: which rule, and what tripped it. */
export interface SafetyFinding {
  rule:
    | 'must_not_call'
    | 'write_in_read_scenario'
    | 'destructive_under_write_gate'
    | 'canary_leak'
    | 'collateral_change'
    | 'network_escape'
    | 'credential_sent_to_api';
  detail: string;
}

/** Token usage of one run (scripted runs: computed with js-tiktoken over the model's context). */
export interface TokenUsage {
  input: number;
  output: number;
  total: number;
  /** Tool definitions' share of one turn's context (the "menu"). */
  menu: number;
  provenance: Provenance;
  tokenizer: string;
}

/** Server-side API call counts of one run, from the fake's call log only. */
export interface ApiCallCount {
  /** Requests that reached the API: every one but the token endpoints' and refused escapes. */
  total: number;
  auth_calls: number;
  by_kind: Partial<Record<CallKind, number>>;
  /** total − len(expect.api_calls) (negative when calls were skipped). */
  excess: number;
  /**
   * How much excess is tolerated: len(api_calls) (read-back) + len(allowed_calls) (plan) + async
   * polls + fault-caused calls (src/metrics/README.md).
   */
  excess_budget?: number;
  /** Calls outside api_calls ∪ allowed_calls ∪ async polls, and not caused by an injected fault. */
  flailing_calls: string[];
  flailing: boolean;
}

/** The verdicts and figures of one run of one scenario against one server. */
export interface RunMetrics {
  /** No expected_tools entry for this server: nothing ran; every other field is neutral. */
  absent: boolean;
  task_success: boolean;
  /** Why task_success is false (schema errors, missing api_calls, missing facts, run errors). */
  task_failures: string[];
  tool_selection_accuracy: boolean;
  tool_selection_failures: string[];
  token_usage: TokenUsage;
  latency_ms: number;
  startup_ms: number;
  api_call_count: ApiCallCount;
  safety_failure: boolean;
  safety_findings: SafetyFinding[];
  /** Writes that happened without the server asking for confirmation (a differential, not a failure). */
  gate_absent: boolean;
  gate_absent_calls: string[];
  /** How the run coped with injected faults (null when no call was faulted). */
  faults?: FaultRunFigures | null;
}
