import type { ValidationMode } from '../../../fake-central/index.js';
import type { Secrets } from '../../common/secrets.js';
import type { SandboxMode } from '../../config/types.js';
import type { RawPolicyOptions } from '../../llm/resolve-policy.js';
import type { EscapePolicy } from '../../metrics/types.js';
import type { Isolation } from '../../report/types.js';
import type { TokenizerName } from '../../tokens/count-tokens.js';
import type { ResolveRequest } from './resolve-bench.js';
import type { OptionSpelling } from './run-options.js';
import type { SweepMode } from '../../report/sweep-types.js';

/**
 * How an entry names its options in messages: all that differs between the two. The core words
 * every message once (run-options.ts, prepareBench, the selection and policy errors) and asks
 * for the option's name: `--runs`, `--suite "x"` on the CLI; `input runs`, `input suites "x"` in
 * the action.
 */
export interface RequestNaming {
  /** An option by its CLI flag name (`runs`, `suite`, `base-url`…), as this entry spells it. */
  option: OptionSpelling;
}

/** The CLI's flag for each option is its own name. */
export const CLI_NAMING: RequestNaming = { option: (flag) => `--${flag}` };

/** CLI flags whose action input has another name (action.yml). */
export const INPUT_FOR_FLAG: Readonly<Record<string, string>> = {
  suite: 'suites',
  scenario: 'scenario-ids',
  out: 'report-dir',
};

/** The action's input for each option (action.yml). */
export const ACTION_NAMING: RequestNaming = {
  option: (flag) => `input ${INPUT_FOR_FLAG[flag] ?? flag}`,
};

/**
 * One benchmark as a person asked for it: what both entries parse their input into (the CLI's
 * flags, the action's inputs) and {@link prepareBench} turns into a run. Values are parsed
 * (numbers, enums) except those the core resolves itself (the policy, the budget, the fault plan
 * file), so their errors are worded once.
 */
export interface BenchRequest extends Omit<ResolveRequest, 'label'> {
  /** Runs per scenario. */
  runs: number;
  /** Accept fewer than 5 runs (an exploratory, non-gating report); without it that is a usage error. */
  allowFewRuns: boolean;
  /** Unset: the cores available. */
  concurrency?: number;
  /** Unset: `scenario`, or `run` under faults. */
  isolation?: Isolation;
  /** Unset: cl100k_base. */
  tokenizer?: TokenizerName;
  /** A fault plan file every fake injects (resolved against `cwd`); null: none. */
  faults: string | null;
  /** Unset: the bench config's `sandbox:`, then auto. */
  sandbox?: SandboxMode;
  /** Unset: the bench config's `escapes:`, then record. */
  escapes?: EscapePolicy;
  /** Unset: `documents` (the fakes refuse what HPE's documents forbid). */
  validation?: ValidationMode;
  /** The run's wall-clock deadline as given (`45m`, `2h`, seconds); unset: derived from the plan. */
  deadline?: string | undefined;
  /** Run the resilience matrix after the fault-free runs (docs/resilience.md). */
  resilience: boolean;
  /** The tool sweep (`--sweep`, input `sweep`); unset: `read`. */
  sweep?: SweepMode;
  /** The policy options as given (strings). */
  policy: RawPolicyOptions;
  /** `max-cost` / `max-tokens` as given. */
  budget: { maxCost?: string | undefined; maxTokens?: string | undefined };
  /** Where a model key is read from (the entry's environment, after takeSecrets). */
  env: Readonly<Record<string, string | undefined>>;
  /**
   * What the entry took out of `env` (takeSecrets): this bench's own, for the model key and the
   * leak check's harness secrets. Passed, never read from module state, so two benches in one
   * process neither see nor miss each other's.
   */
  secrets: Secrets;
  naming: RequestNaming;
}
