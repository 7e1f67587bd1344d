import { describe, expect, it } from 'vitest';
import type { Report } from '../report/types.js';
import type { Classification } from './classification.js';
import { classificationLookup } from './classification-lookup.js';

const report = {
  servers: [{ name: 'secure-ssid' }, { name: 'secure-ssid@2025-11-25', era_of: 'secure-ssid' }],
} as unknown as Report;
const entry = (server: string, scenario: string): Classification => ({
  server,
  scenario,
  class: 'server-limitation',
  summary: 'x',
});

describe('classificationLookup', () => {
  it("gives a dual-era server's other-era entry its base server's classification", () => {
    const base = entry('secure-ssid', 'nac-006');
    const of = classificationLookup(report, [base]);
    expect(of('secure-ssid@2025-11-25', 'nac-006')).toBe(base);
    expect(of('secure-ssid', 'nac-006')).toBe(base);
  });

  it('prefers an entry of its own, and finds nothing the base server has none for', () => {
    const own = entry('secure-ssid@2025-11-25', 'alerts-004');
    const of = classificationLookup(report, [entry('secure-ssid', 'alerts-004'), own]);
    expect(of('secure-ssid@2025-11-25', 'alerts-004')).toBe(own);
    expect(of('secure-ssid@2025-11-25', 'firmware-002')).toBeUndefined();
    expect(of('nowireless4u', 'alerts-004')).toBeUndefined();
  });
});
