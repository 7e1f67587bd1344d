import { resolve } from 'node:path';
import {
  FakeCentralError,
  startFakeCentral,
  type FakeCentral,
  type FaultPlan,
  type ValidationMode,
} from '../../../fake-central/index.js';
import { BenchError } from '../../common/errors.js';

/** How a run's fakes treat requests HPE's documents forbid unless told otherwise (`--validation`). */
export const RUN_FAKE_VALIDATION: ValidationMode = 'documents';

/**
 * One worker's fakes: at most one per fixture bundle and `copy`, started on first use and kept
 * for the worker's lifetime. The caller resets a fake before every run; workers never share one.
 * Two copies of a bundle let a worker start the next scenario's server against one while the
 * current scenario's runs use the other (execute-bench.ts): no call of either lands in the
 * other's log.
 */
export class FakePool {
  readonly #fakes = new Map<string, Promise<FakeCentral>>();

  constructor(
    private readonly root: string,
    private readonly faults: FaultPlan | null,
    private readonly validation: ValidationMode = RUN_FAKE_VALIDATION,
  ) {}

  /** The fake serving `fixture` (`fixtures/central/<bundle>`, relative to the bench root). */
  get(fixture: string, copy: 0 | 1 = 0): Promise<FakeCentral> {
    const dir = resolve(this.root, fixture);
    const key = `${copy}:${dir}`;
    let fake = this.#fakes.get(key);
    if (!fake) {
      // A run holds servers to what the live API refuses: the fake checks requests against
      // HPE's documents (validation `documents`, fake-central/SPEC.md §9) unless told lenient.
      // A bundle edited (or swapped) since validation is a clear error, not a stack trace.
      fake = startFakeCentral({
        fixture: dir,
        faults: this.faults,
        validation: this.validation,
      }).catch((error: unknown) => {
        if (!(error instanceof FakeCentralError)) throw error;
        throw new BenchError(error.code, error.message, {
          ...(error.hint === undefined ? {} : { hint: error.hint }),
          cause: error,
        });
      });
      this.#fakes.set(key, fake);
    }
    return fake;
  }

  /** Closes every fake this pool started (those that failed to start are skipped). */
  async close(): Promise<void> {
    const started = await Promise.allSettled(this.#fakes.values());
    this.#fakes.clear();
    await Promise.all(
      started.map((s) => (s.status === 'fulfilled' ? s.value.close() : Promise.resolve())),
    );
  }
}
