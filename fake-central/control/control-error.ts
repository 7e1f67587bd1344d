import { errorBody } from '../api-error.js';
import type { Item } from '../types.js';

/**
 * A refused control request. The body is the fake's own error shape (`httpStatusCode`,
 * `errorCode`, `message`, `debugId`) plus a `hint` that says how to ask instead.
 */
export class ControlError extends Error {
  override name = 'ControlError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }

  body(): Item {
    return { ...errorBody(this.status, this.code, this.message), hint: this.hint };
  }
}

/** A thrown value with a message and an optional hint (FakeCentralError, BenchError, …). */
export function hintedProblem(error: unknown): { message: string; hint: string | undefined } {
  const message = error instanceof Error ? error.message : String(error);
  const hint = (error as { hint?: unknown } | null)?.hint;
  return { message, hint: typeof hint === 'string' ? hint : undefined };
}
