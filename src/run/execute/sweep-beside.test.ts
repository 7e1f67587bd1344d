import { describe, expect, it } from 'vitest';
import type { RunUnit } from '../plan/run-unit.js';
import { sweepBesideScenarios } from './sweep-beside.js';

const unit = (server: string, id: string) => ({ server, scenario: { id } }) as unknown as RunUnit;

describe('when the sweep runs beside the scenarios', () => {
  it('does for one server, whatever its scenarios', () => {
    expect(sweepBesideScenarios([unit('reference', 'a-001'), unit('reference', 'a-002')])).toBe(
      true,
    );
    expect(sweepBesideScenarios([])).toBe(true);
  });

  it('does not for several (a head-to-head): one server’s sweep would slow the others’ scenarios', () => {
    expect(sweepBesideScenarios([unit('secure-ssid', 'a-001'), unit('karthik', 'a-001')])).toBe(
      false,
    );
    // A dual-era server's second name is a server of its own.
    expect(
      sweepBesideScenarios([
        unit('nowireless4u', 'a-001'),
        unit('nowireless4u@2025-11-25', 'a-001'),
      ]),
    ).toBe(false);
  });
});
