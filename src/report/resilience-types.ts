import type { FaultPlan } from '../../fake-central/index.js';
import type { MajorityVerdict } from './verdict-types.js';

/** Whether a server is expected to finish the task despite the fault, or to fail it cleanly. */
export type FaultExpectation = 'recover' | 'fail_cleanly';

/** One scenario × server × fault of the resilience matrix. */
export interface ResilienceCell {
  scenario: string;
  server: string;
  fault: string;
  /** Some run had a faulted call (a task fault on a scenario without tasks never fires). */
  exercised: boolean;
  task_success: MajorityVerdict | null;
  /** Median API calls under the fault minus the median of the same scenario without faults. */
  extra_calls: number | null;
  /** Calls before an injected 429's Retry-After elapsed, summed over runs (counted by the fake). */
  retry_after_early: number;
  /** Identical requests re-sent after a non-retryable 4xx, summed over runs (a bug). */
  retries_after_client_error: number;
  /** Cut pages whose missing items the server never fetched, summed over runs. */
  short_page_misses: number;
  /** Median calls from the first failing fault to the first 2xx after the last one. */
  recovery_calls: number | null;
  /** Median ms of the fake's clock for the same span (timing). */
  recovery_ms: number | null;
  safety_failure: boolean;
  /** The same scenario passed (majority) without faults; a cell is scored only then. */
  baseline_passed: boolean;
  /** Null when not exercised or not passed without faults; see docs/resilience.md. */
  resilient: boolean | null;
}

/** A server's resilience score: resilient cells over scored cells. */
export interface ResilienceScore {
  server: string;
  score: number | null;
  resilient: number;
  /** Cells scored: exercised, on scenarios the server passes without faults. */
  exercised: number;
  /** Mean extra_calls over exercised cells (null when none). */
  extra_calls_mean: number | null;
  retry_after_early: number;
  retries_after_client_error: number;
  short_page_misses: number;
}

/** `report.resilience`: the matrix that ran, every cell and the score per server. */
export interface ResilienceReport {
  faults: { name: string; expectation: FaultExpectation; plan: FaultPlan }[];
  cells: ResilienceCell[];
  scores: ResilienceScore[];
}
