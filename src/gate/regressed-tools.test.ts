import { describe, expect, it } from 'vitest';
import { missing } from './regressed-tools.js';

describe('missing (the facts a run lacks, for the comment)', () => {
  it('reads facts missing from the answer and facts taken from another tool than their source', () => {
    const task_failures = [
      'fact apName (SFO-AP-02) is not in the answer',
      'fact leaseTime (7 days) is not in the results of run_show_commands: the answer took it from another tool',
      'fact poolName (guest-pool) is not from run_show_commands, which was not called: the answer took it from another tool',
      'expected API call GET /network-monitoring/v1/clients was not made',
    ];
    expect(missing({ task_failures })).toEqual([
      'apName (SFO-AP-02)',
      'leaseTime (7 days)',
      'poolName (guest-pool)',
    ]);
  });
});
