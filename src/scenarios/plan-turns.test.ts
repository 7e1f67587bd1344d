import { describe, expect, it } from 'vitest';
import { planTurns, plansOverTurnLimit } from './plan-turns.js';
import type { PlannedCall, Scenario } from './types.js';

const calls = (n: number): PlannedCall[] =>
  Array.from({ length: n }, () => ({ tool: 'list_alerts', arguments: {} }));

const scenario = (plans: Record<string, PlannedCall[]>): Scenario =>
  ({
    id: 'alerts-003',
    plans,
    source: { file: 'scenarios/alerts.yaml', line: 176, col: 1 },
  }) as unknown as Scenario;

describe('planTurns', () => {
  it.each([
    [0, 1],
    [1, 2],
    [43, 44],
  ])('%i planned calls need %i turns', (n, turns) => {
    expect(planTurns(n)).toBe(turns);
  });
});

describe('plansOverTurnLimit', () => {
  it('names every plan over the limit at its scenario, and none that fits exactly', () => {
    const notices = plansOverTurnLimit(
      [scenario({ karthik: calls(43), reference: calls(19), other: calls(20) })],
      20,
    );
    expect(notices.map((n) => n.pointer)).toEqual(['/plans/karthik', '/plans/other']);
    expect(notices[0]).toMatchObject({ file: 'scenarios/alerts.yaml', line: 176, col: 1 });
    expect(notices[0]?.message).toBe(
      'alerts-003: the karthik plan makes 43 calls, so one call per turn needs 44 turns, over the turn limit of 20',
    );
  });

  it('finds nothing when the limit covers every plan', () => {
    expect(plansOverTurnLimit([scenario({ karthik: calls(43) })], 44)).toEqual([]);
  });
});
