import { describe, expect, it } from 'vitest';
import type { StateChange } from '../../fake-central/index.js';
import type { SweepToolResult } from '../report/sweep-types.js';
import { CHANGED_CAP, changeLines, judgeWrite } from './judge-write.js';

const entry = (outcome: SweepToolResult['outcome']): SweepToolResult => ({
  tool: 'update_wlan',
  fixture: 'site-a',
  outcome,
  arguments: { ssid: 'Corp' },
  calls: [
    { method: 'PATCH', path: '/network-config/v1alpha1/wlan-ssids/{id}', query: [], status: 200 },
  ],
  digest: null,
  served: 0,
  shown: [],
});

const modified: StateChange = {
  collection: 'wlan-ssids',
  item: 'essid.name=Corp',
  change: 'modified',
  fields: ['opmode', 'vlan'],
};

describe('changeLines', () => {
  it('one sorted line per item: which item, how, which fields (never values)', () => {
    const removed: StateChange = {
      collection: 'cnac-mac-reg',
      item: 'id=7',
      change: 'removed',
      fields: [],
    };
    expect(changeLines([modified, removed])).toEqual([
      'cnac-mac-reg id=7: removed',
      'wlan-ssids essid.name=Corp: modified (opmode, vlan)',
    ]);
  });
});

describe('judgeWrite', () => {
  it('a write that changed the state is ok whatever its answer showed, with what it changed', () => {
    const lines = changeLines([modified]);
    for (const outcome of ['empty', 'no-data', 'ok'] as const)
      expect(judgeWrite(entry(outcome), lines)).toMatchObject({ outcome: 'ok', changed: lines });
  });

  it('a write that changed nothing keeps its outcome, with an empty list', () => {
    expect(judgeWrite(entry('no-data'), [])).toMatchObject({ outcome: 'no-data', changed: [] });
  });

  it('a failed call stays failed even when something changed', () => {
    for (const outcome of ['error', 'route-miss', 'rejected', 'timeout', 'unsafe'] as const)
      expect(judgeWrite(entry(outcome), ['x: added']).outcome).toBe(outcome);
  });

  it('a write that changed the state but not to a value it was sent is wrong-value, naming it', () => {
    const wrong = 'wlan-ssids essid.name=Corp: vlan is 20, the call sent 30 (vlan)';
    expect(judgeWrite(entry('no-data'), changeLines([modified]), [wrong, 'x'])).toMatchObject({
      outcome: 'wrong-value',
      error: `${wrong} (+1 more)`,
    });
    // A failed call stays failed; one that changed nothing keeps its outcome.
    expect(judgeWrite(entry('error'), ['x: added'], [wrong]).outcome).toBe('error');
    expect(judgeWrite(entry('no-data'), [], [wrong]).outcome).toBe('no-data');
  });

  it('a bulk write keeps the first lines and says how many more', () => {
    const lines = Array.from(
      { length: CHANGED_CAP + 5 },
      (_, i) => `alerts key=${100 + i}: modified (priority)`,
    );
    const changed = judgeWrite(entry('no-data'), lines).changed ?? [];
    expect(changed).toHaveLength(CHANGED_CAP + 1);
    expect(changed.at(-1)).toBe('… and 5 more');
  });
});
