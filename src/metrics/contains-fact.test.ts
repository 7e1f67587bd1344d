import { describe, expect, it } from 'vitest';
import { containsFact, factText, jsonStrings } from './contains-fact.js';

describe('containsFact', () => {
  it.each([
    ['jsmith-laptop on SFO-AP-02', 'SFO-AP-02', true],
    ['jsmith-laptop on sfo-ap-02', 'SFO-AP-02', false],
    ['{"mac":"3c:a6:2f:11:22:33"}', '3c:a6:2f:11:22:33', true],
    ['anything', '', false],
    ['there are 3 clients', 3, true],
    ['there are 3.', 3, true],
    ['"total":3}', 3, true],
    ['13 clients', 3, false],
    ['3.5 GHz', 3, false],
    ['version v3', 3, false],
    ['in 2023', 3, false],
    ['[-4, 2]', -4, true],
    ['uptime 99.5 %', 99.5, true],
    ['uptime 99.55 %', 99.5, false],
    ['{"enabled":true}', true, true],
    ['untrue', true, false],
    ['True', true, false],
  ] as const)('%j contains %j: %s', (haystack, value, found) => {
    expect(containsFact(haystack, value)).toBe(found);
  });

  it('writes numbers and booleans as JSON text', () => {
    expect([factText('a'), factText(4), factText(false)]).toEqual(['a', '4', 'false']);
  });

  it('collects keys and string values, depth first', () => {
    expect(jsonStrings({ a: ['x', { b: 'y' }], c: 1 })).toEqual(['a', 'x', 'b', 'y', 'c']);
  });
});
