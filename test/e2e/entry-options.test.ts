import { describe, expect, it } from 'vitest';
import { INPUTS, NOT_INPUTS } from '../../src/action/inputs.js';
import { RUN_FLAGS } from '../../src/cli/commands/run.js';
import { INPUT_FOR_FLAG } from '../../src/run/bench-request.js';

describe('the two entries offer the same run', () => {
  it('gives every flag of `run` an action input, or says why not', () => {
    const inputs = new Set<string>(INPUTS);
    const missing = Object.keys(RUN_FLAGS).filter(
      (flag) => !inputs.has(INPUT_FOR_FLAG[flag] ?? flag) && NOT_INPUTS[flag] === undefined,
    );
    expect(missing).toEqual([]);
  });

  it('explains only flags that exist and have no input', () => {
    for (const flag of Object.keys(NOT_INPUTS)) {
      expect(Object.keys(RUN_FLAGS)).toContain(flag);
      expect(INPUTS as readonly string[]).not.toContain(INPUT_FOR_FLAG[flag] ?? flag);
    }
  });
});
