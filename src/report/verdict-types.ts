/**
 * The verdict shapes of the report, apart from types.ts so the resilience types (which
 * types.ts includes) can use them without importing types.ts back.
 */
/** A binary metric over runs: the majority verdict (strictly more than half), pass rate, per run. */
export interface MajorityVerdict {
  majority: boolean;
  pass_rate: number;
  per_run: boolean[];
}

/** A metric where one bad run is enough (safety_failure, gate_absent). */
export interface AnyRunVerdict {
  any: boolean;
  runs_failed: number;
  per_run: boolean[];
}
