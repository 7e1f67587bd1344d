import { describe, expect, it } from 'vitest';
import { FAULT_KINDS } from '../../fake-central/index.js';
import { RESILIENCE_FAULTS } from './fault-matrix.js';

describe('the resilience matrix', () => {
  it('has every fault kind of the fake, each pinned to call counts (never every call)', () => {
    const kinds = RESILIENCE_FAULTS.flatMap((f) => f.plan.faults.map((x) => x.kind));
    expect(new Set(kinds)).toEqual(new Set(FAULT_KINDS));
    expect(RESILIENCE_FAULTS).toHaveLength(8);
    for (const { name, plan } of RESILIENCE_FAULTS) {
      for (const fault of plan.faults) {
        // Task faults fire per task created; the others on the first calls only.
        if ('first' in fault || fault.kind.startsWith('task_') || fault.kind === 'token_expiry')
          continue;
        throw new Error(`${name}: ${fault.kind} is not pinned with first`);
      }
    }
    expect(new Set(RESILIENCE_FAULTS.map((f) => f.name)).size).toBe(RESILIENCE_FAULTS.length);
  });
});
