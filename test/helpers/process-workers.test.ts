import { describe, expect, it } from 'vitest';
import { processWorkers, TEST_WORKERS_ENV } from './process-workers.js';

describe('processWorkers', () => {
  it('runs one more file than there are cores, unless the variable says otherwise', () => {
    expect(processWorkers({}, 2)).toBe(3);
    expect(processWorkers({ [TEST_WORKERS_ENV]: '' }, 4)).toBe(5);
    expect(processWorkers({ [TEST_WORKERS_ENV]: '2' }, 2)).toBe(2);
  });

  it('names the variable, the value and the range for anything but a whole number from 1 to 64', () => {
    for (const bad of ['0', 'two', '2.5', '65', '-1'])
      expect(() => processWorkers({ [TEST_WORKERS_ENV]: bad }, 2)).toThrow(
        `${TEST_WORKERS_ENV}="${bad}" is not a whole number from 1 to 64`,
      );
  });
});
