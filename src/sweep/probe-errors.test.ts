import { describe, expect, it } from 'vitest';
import { MAX_SERVER_ERROR_PROBES, serverErrorEligible } from './probe-errors.js';

const menu = (n: number, prefix = 'tool_') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('serverErrorEligible', () => {
  it('a menu within the cap is 500-probed whole', () => {
    expect(serverErrorEligible(menu(20))).toEqual(new Set(menu(20)));
  });

  it('a long menu: the cap, spread over its families, the same whatever the order', () => {
    const long = [...menu(400, 'get_'), ...menu(400, 'list_')];
    const chosen = serverErrorEligible(long);
    expect(chosen.size).toBe(MAX_SERVER_ERROR_PROBES);
    expect([...chosen].some((t) => t.startsWith('get_'))).toBe(true);
    expect([...chosen].some((t) => t.startsWith('list_'))).toBe(true);
    expect(serverErrorEligible([...long].reverse())).toEqual(chosen);
    // A tool added displaces at most one chosen tool.
    const added = serverErrorEligible([...long, 'show_new']);
    expect([...chosen].filter((t) => !added.has(t)).length).toBeLessThanOrEqual(1);
  });
});
