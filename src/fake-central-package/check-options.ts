import {
  didYouMean,
  FakeCentralError,
  type FakeCentralOptions,
  type FaultPlan,
} from '../../fake-central/index.js';
import { parseFaultPlan } from '../resilience/load-fault-plan.js';

/** Every option startFakeCentral takes, and what each must be. */
const OPTIONS: Record<keyof FakeCentralOptions, string> = {
  fixture: 'a bundle name under fixtures/central or a bundle directory (a string)',
  port: 'a whole number 0–65535 (0: a free port)',
  host: 'a host name or address (a string)',
  validation: '"documents" (the default) or "lenient"',
  asyncRunningPolls: 'a whole number 0–1000',
  faults: 'a fault plan ({faults: [...]}) or null',
  shortPages: 'a whole number of pages 2–100, or null (full pages)',
  onRequest: 'a function',
  onAnswer: 'a function',
  control: 'true, false or {parseFaultPlan}',
};
const KNOWN = Object.keys(OPTIONS);

const shown = (value: unknown): string =>
  typeof value === 'number' || typeof value === 'bigint'
    ? String(value)
    : (JSON.stringify(value) ?? String(value));

const wholeIn = (value: unknown, min: number, max: number): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

const FITS: Record<keyof FakeCentralOptions, (value: unknown) => boolean> = {
  fixture: (v) => typeof v === 'string' && v !== '',
  port: (v) => wholeIn(v, 0, 65535),
  host: (v) => typeof v === 'string' && v !== '',
  validation: (v) => v === 'documents' || v === 'lenient',
  asyncRunningPolls: (v) => wholeIn(v, 0, 1000),
  faults: () => true, // checked by the fault-plan validator below
  shortPages: (v) => v === null || wholeIn(v, 2, 100),
  onRequest: (v) => typeof v === 'function',
  onAnswer: (v) => typeof v === 'function',
  control: (v) =>
    typeof v === 'boolean' || (typeof v === 'object' && v !== null && !Array.isArray(v)),
};

/**
 * A fault plan given as an object, checked by the same validator as `--faults` files and the
 * control API (ranges included: a latency of 1e12 ms is refused, not cut to 1 ms by the timer).
 */
export function checkedFaultPlan(plan: unknown, where: string): FaultPlan | null {
  if (plan === null) return null;
  if (typeof plan !== 'object' || Array.isArray(plan))
    throw new FakeCentralError(
      'fault_plan_invalid',
      `${where}: a fault plan is an object ({faults: [...]}) or null, got ${shown(plan)}`,
    );
  try {
    return parseFaultPlan(JSON.stringify(plan), where);
  } catch (error) {
    throw new FakeCentralError(
      'fault_plan_invalid',
      error instanceof Error ? error.message : String(error),
      (error as { hint?: string }).hint,
    );
  }
}

/**
 * The options of the npm export's startFakeCentral checked before anything starts: each known
 * key's type and range, an unknown key named with a did-you-mean (`{fixtur: …}` was ignored),
 * the fault plan through the plan validator. Throws a TypeError naming the option, or
 * FakeCentralError `fault_plan_invalid` for the plan.
 */
export function checkOptions(options: unknown): FakeCentralOptions {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new TypeError(`startFakeCentral: options must be an object, got ${shown(options)}`);
  for (const [key, value] of Object.entries(options)) {
    if (key === 'strictQuery')
      throw new TypeError(
        'startFakeCentral: option strictQuery is gone: requests are checked against HPE\'s documents by default (unknown query parameters included); pass validation: "lenient" to let them through',
      );
    if (!(key in OPTIONS))
      throw new TypeError(
        `startFakeCentral: unknown option "${key}"; ${didYouMean(key, KNOWN)}the options are ${KNOWN.join(', ')}`,
      );
    const name = key as keyof FakeCentralOptions;
    if (value !== undefined && !FITS[name](value))
      throw new TypeError(
        `startFakeCentral: option ${key} is ${shown(value)}; it must be ${OPTIONS[name]}`,
      );
  }
  const given = options as FakeCentralOptions;
  return given.faults === undefined
    ? given
    : { ...given, faults: checkedFaultPlan(given.faults, 'startFakeCentral option faults') };
}
