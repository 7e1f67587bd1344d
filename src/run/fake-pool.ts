import { resolve } from 'node:path';
import {
  FakeCentralError,
  startFakeCentral,
  type FakeCentral,
  type FaultPlan,
} from '../../fake-central/index.js';
import { BenchError } from '../common/errors.js';

/**
 * One worker's fakes: at most one per fixture bundle, started on first use and kept for the
 * worker's lifetime. The caller resets a fake before every run; workers never share one.
 */
export class FakePool {
  readonly #fakes = new Map<string, Promise<FakeCentral>>();

  constructor(
    private readonly root: string,
    private readonly faults: FaultPlan | null,
  ) {}

  /** The fake serving `fixture` (`fixtures/central/<bundle>`, relative to the bench root). */
  get(fixture: string): Promise<FakeCentral> {
    const dir = resolve(this.root, fixture);
    let fake = this.#fakes.get(dir);
    if (!fake) {
      // The live API rejects unknown query parameters on network-monitoring, -notifications and
      // -services with 400 (network-config ignores them): nowireless4u CHANGELOG.md:19,300
      // @91fe984, confirmed against a live tenant. A run holds servers to that.
      // A bundle edited (or swapped) since validation is a clear error, not a stack trace.
      fake = startFakeCentral({ fixture: dir, faults: this.faults, strictQuery: true }).catch(
        (error: unknown) => {
          if (!(error instanceof FakeCentralError)) throw error;
          throw new BenchError(error.code, error.message, {
            ...(error.hint === undefined ? {} : { hint: error.hint }),
            cause: error,
          });
        },
      );
      this.#fakes.set(dir, fake);
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
