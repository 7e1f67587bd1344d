import type { FinalAnswer } from '../trajectory/types.js';

/**
 * A replayed run whose rebuilt request no longer matches the recording (the server's menu or a
 * tool result changed): the run stops with `diverged`, which is not the server's failure.
 */
export class PolicyDivergedError extends Error {
  constructor(
    readonly turn: number,
    detail: string,
  ) {
    super(`diverged at turn ${turn}: ${detail}`);
    this.name = 'PolicyDivergedError';
  }
}

/** The run's budget (cost or tokens) is spent: the run stops with `budget`, the bench stops. */
export class BudgetExceededError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BudgetExceededError';
  }
}

/**
 * A scripted plan step could not take an argument from an earlier call's result: the run stops
 * with `failed_lookup` and is scored on `answer` (the facts the results so far hold).
 */
export class LookupFailedError extends Error {
  constructor(
    message: string,
    readonly answer: FinalAnswer,
  ) {
    super(message);
    this.name = 'LookupFailedError';
  }
}
