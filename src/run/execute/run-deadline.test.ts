import { describe, expect, it } from 'vitest';
import { BenchError } from '../../common/errors.js';
import type { ServerConfig } from '../../config/types.js';
import {
  DERIVED_CAP_MS,
  deriveDeadlineMs,
  formatDuration,
  parseDeadline,
  startDeadline,
} from './run-deadline.js';

const unit = (runs: number, startupMs: number, scenarioMs: number) => ({
  runs: Array.from({ length: runs }, (_, i) => i + 1),
  config: { timeouts: { startupMs, scenarioMs, callMs: 1000 } } as unknown as ServerConfig,
});

describe('parseDeadline', () => {
  it.each([
    ['90', 90_000],
    ['90s', 90_000],
    ['45m', 2_700_000],
    ['2h', 7_200_000],
    ['1h30m', 5_400_000],
    ['1500ms', 1500],
    [' 10m ', 600_000],
  ])('%s is %i ms', (raw, ms) => expect(parseDeadline(raw, '--deadline')).toBe(ms));

  it.each(['soon', '-5', '0', '500ms', '1.5h', '8d', '10 m', '9999h', ''])(
    'refuses %j naming the option and the forms',
    (raw) => {
      const error = (() => {
        try {
          parseDeadline(raw, 'input deadline');
        } catch (e) {
          return e;
        }
        return null;
      })() as BenchError;
      expect(error).toBeInstanceOf(BenchError);
      expect(error.code).toBe('usage');
      expect(error.message).toBe(`input deadline "${raw}" is not a deadline`);
      expect(error.hint).toContain('90s, 45m, 2h, 1h30m');
    },
  );
});

describe('deriveDeadlineMs', () => {
  it('bounds a greedy queue: the sum over the workers plus the longest unit plus a margin', () => {
    // Per run: start-up + scenario + 10 s closing. Units of 2×(1+5+10) s = 32 s and 1×16 s.
    const units = [unit(2, 1000, 5000), unit(2, 1000, 5000), unit(1, 1000, 5000)];
    expect(deriveDeadlineMs(units, 2)).toEqual({ ms: 40_000 + 32_000 + 60_000, capped: false });
    expect(deriveDeadlineMs(units, 1)).toEqual({ ms: 80_000 + 32_000 + 60_000, capped: false });
  });

  it("is capped below GitHub's six-hour job limit", () => {
    const units = Array.from({ length: 64 }, () => unit(5, 30_000, 300_000));
    expect(deriveDeadlineMs(units, 2)).toEqual({ ms: DERIVED_CAP_MS, capped: true });
    expect(DERIVED_CAP_MS).toBeLessThan(6 * 3_600_000);
  });
});

describe('formatDuration', () => {
  it.each([
    [6000, '6s'],
    [90_000, '1m30s'],
    [5_400_000, '1h30m'],
    [DERIVED_CAP_MS, '5h45m'],
    [0, '0s'],
  ])('%i ms is %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
});

describe('startDeadline', () => {
  it('expires after its time, and not before', async () => {
    const deadline = startDeadline(50, 'given');
    expect(deadline.expired()).toBe(false);
    await deadline.passed;
    expect(deadline.expired()).toBe(true);
  });

  it('disposed, it never fires', async () => {
    const deadline = startDeadline(20, 'given');
    deadline.dispose();
    await new Promise((r) => setTimeout(r, 60));
    expect(deadline.expired()).toBe(false);
  });
});
