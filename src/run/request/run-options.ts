import { VALIDATION_MODES } from '../../../fake-central/index.js';
import { BenchError } from '../../common/errors.js';
import { SANDBOX_MODES } from '../../config/types.js';
import { ESCAPE_POLICIES } from '../../metrics/types.js';
import { MIN_GATING_RUNS } from '../../report/build-report.js';
import { ISOLATIONS } from '../../report/types.js';
import { TOKENIZERS } from '../../tokens/count-tokens.js';

/**
 * How an entry spells an option, given its CLI flag name (`runs` → `--runs` on the CLI,
 * `input runs` in the action). Every rule below words its message once and asks for this.
 */
export type OptionSpelling = (flag: string) => string;

/** The core's own spelling, for a caller of runBench with no entry in front. */
export const CORE_SPELLING: OptionSpelling = (flag) => flag;

/**
 * The counted run options and their bounds, in one place: the CLI's flags, the action's inputs
 * and the core (prepareBench, checkOptions) all check them here. Above the maxima a bench is a
 * mistake, not a measurement: 1,000 runs per scenario already pin a pass rate to about ±3 % and
 * take hours; a worker per server process beyond 64 only queues them on the machine's cores
 * (and `--runs 100000000` planned 1.6 GB of work before printing anything).
 */
export const RUN_COUNTS = {
  runs: {
    min: 1,
    max: 1000,
    what: 'runs per scenario',
    hint: `${MIN_GATING_RUNS} runs gate a PR; 1,000 already pin a pass rate to about ±3 %`,
  },
  concurrency: {
    min: 1,
    max: 64,
    what: 'parallel workers',
    hint: 'leave it unset for one worker per core',
  },
} as const;

export type CountOption = keyof typeof RUN_COUNTS;

/** A counted option's value, checked against its bounds; `shown` is the value as given. */
export function checkCount(
  name: CountOption,
  value: number,
  spell: OptionSpelling,
  shown: string = String(value),
): number {
  const { min, max, what, hint } = RUN_COUNTS[name];
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new BenchError(
      'usage',
      `${spell(name)} ${JSON.stringify(shown)} is not a whole number from ${min} to ${max} (${what})`,
      { hint },
    );
  }
  return value;
}

/** A counted option as an entry reads it (text: a flag's or an input's value). */
export function parseCount(name: CountOption, raw: string, spell: OptionSpelling): number {
  const text = raw.trim();
  return checkCount(name, /^\d+$/.test(text) ? Number(text) : Number.NaN, spell, raw);
}

/** Fewer than 5 runs make a report that cannot gate or be published: only when asked for. */
export function checkGatingRuns(runs: number, allowFewRuns: boolean, spell: OptionSpelling): void {
  if (runs < MIN_GATING_RUNS && !allowFewRuns) {
    throw new BenchError(
      'usage',
      `${spell('runs')} ${runs} is fewer than ${MIN_GATING_RUNS}; a report needs at least ${MIN_GATING_RUNS} runs per scenario to gate a PR or be published`,
      {
        hint: `add ${spell('allow-few-runs')} for an exploratory run (the report says gating_eligible: false)`,
      },
    );
  }
}

/** The run options that take one of a list of values, in one place like the counts. */
export const RUN_CHOICES = {
  isolation: ISOLATIONS,
  tokenizer: TOKENIZERS,
  sandbox: SANDBOX_MODES,
  escapes: ESCAPE_POLICIES,
  validation: VALIDATION_MODES,
} as const;

export type ChoiceOption = keyof typeof RUN_CHOICES;
export type Choice<N extends ChoiceOption> = (typeof RUN_CHOICES)[N][number];

/** A choice option's value as given (surrounding blanks ignored), or a usage error listing them. */
export function checkChoice<N extends ChoiceOption>(
  name: N,
  raw: string,
  spell: OptionSpelling,
): Choice<N> {
  const valid: readonly string[] = RUN_CHOICES[name];
  const value = raw.trim();
  if (valid.includes(value)) return value as Choice<N>;
  throw new BenchError(
    'usage',
    `${spell(name)} ${JSON.stringify(raw)} is not one of: ${valid.join(', ')}`,
  );
}
