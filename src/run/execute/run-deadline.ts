import { BenchError } from '../../common/errors.js';
import type { RunUnit } from '../plan/run-unit.js';

/**
 * The whole run's wall-clock deadline. Each scenario has its own deadline (`scenarioMs`) and each
 * start-up and call theirs, but nothing bounded the run as a whole: a harness that waited on
 * something no per-scenario deadline covers stayed up until the job was killed, and then wrote
 * nothing. Past this deadline the harness starts nothing more, kills every server, writes the
 * report with what finished (marked partial) and exits.
 */
export interface RunDeadline {
  /** The deadline in ms from the start of the run. */
  readonly ms: number;
  /** Whether it was derived (and how) or given. */
  readonly source: string;
  /** True once the deadline has passed. */
  expired(): boolean;
  /** Resolves when the deadline passes (never, if it is disposed first). */
  readonly passed: Promise<void>;
  /** Stops the timer (the run ended first). */
  dispose(): void;
}

/** Closing a server (stdin, SIGTERM, SIGKILL) and resetting the fake, per run: a generous bound. */
const PER_RUN_OVERHEAD_MS = 10_000;
/** Margin over the derived worst case, for planning, tokenizer loading and report assembly. */
const MARGIN_MS = 60_000;
/**
 * GitHub-hosted jobs end at 6 hours (the default `timeout-minutes`, 360). A derived deadline past
 * that is capped below it, so the report is written before the runner kills the job.
 */
export const DERIVED_CAP_MS = (5 * 60 + 45) * 60_000;

/**
 * The worst case of the plan: every run of every unit using its whole start-up and scenario
 * deadline plus {@link PER_RUN_OVERHEAD_MS}, the units spread over the workers. A greedy queue of
 * `workers` finishes by sum/workers + the longest unit (list scheduling's bound), plus
 * {@link MARGIN_MS}; capped at {@link DERIVED_CAP_MS}.
 */
export function deriveDeadlineMs(
  units: readonly Pick<RunUnit, 'config' | 'runs'>[],
  workers: number,
): { ms: number; capped: boolean } {
  const costs = units.map(
    (u) =>
      u.runs.length *
      (u.config.timeouts.startupMs + u.config.timeouts.scenarioMs + PER_RUN_OVERHEAD_MS),
  );
  const sum = costs.reduce((a, b) => a + b, 0);
  const longest = costs.reduce((a, b) => Math.max(a, b), 0);
  const ms = Math.ceil(sum / Math.max(1, workers)) + longest + MARGIN_MS;
  return ms > DERIVED_CAP_MS ? { ms: DERIVED_CAP_MS, capped: true } : { ms, capped: false };
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Parses a deadline as a person writes it: `90s`, `45m`, `2h`, `1h30m`, or a number of seconds.
 * `option` names the flag or input in the error (`--deadline`, `input deadline`).
 */
export function parseDeadline(raw: string, option: string): number {
  const text = raw.trim();
  let ms: number | null = null;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else if (/^(\d+(ms|h|m|s))+$/.test(text)) {
    ms = 0;
    for (const [, n, unit] of text.matchAll(/(\d+)(ms|h|m|s)/g)) {
      ms += Number(n) * (UNIT_MS[unit as string] ?? 0);
    }
  }
  if (ms === null || !Number.isSafeInteger(ms) || ms < 1000 || ms > 7 * 24 * 3_600_000) {
    throw new BenchError('usage', `${option} "${raw}" is not a deadline`, {
      hint: 'give a duration between 1s and 7 days: 90s, 45m, 2h, 1h30m, or a number of seconds',
    });
  }
  return ms;
}

/** `1h30m`, `45m`, `90s`: a deadline as the messages show it. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h ? `${h}h` : '', m ? `${m}m` : '', s || (!h && !m) ? `${s}s` : ''].join('');
}

/** Starts the deadline's timer; it does not keep the process alive on its own. */
export function startDeadline(ms: number, source: string): RunDeadline {
  let expired = false;
  let timer: NodeJS.Timeout | undefined;
  const passed = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      expired = true;
      resolve();
    }, ms);
    timer.unref();
  });
  return {
    ms,
    source,
    expired: () => expired,
    passed,
    dispose: () => clearTimeout(timer),
  };
}
