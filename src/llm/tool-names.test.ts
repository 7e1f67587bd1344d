import { describe, expect, it } from 'vitest';
import { mapToolNames, PROVIDER_TOOL_NAME } from './tool-names.js';

describe('mapToolNames', () => {
  it('keeps valid names and maps the others reversibly, recording only the renamed ones', () => {
    const names = ['list_clients', 'central.get', 'wlan/update', 'x'.repeat(70), 'final_answer'];
    const map = mapToolNames(names);
    for (const name of names) {
      const mapped = map.toProvider.get(name)!;
      expect(mapped).toMatch(PROVIDER_TOOL_NAME);
      expect(map.fromProvider.get(mapped)).toBe(name);
    }
    expect(map.toProvider.get('list_clients')).toBe('list_clients');
    expect(Object.keys(map.renamed).sort()).toEqual(['central.get', 'wlan/update', 'x'.repeat(70)]);
  });

  it('keeps names that clean to the same text apart, and never takes a real name', () => {
    const map = mapToolNames(['a.b', 'a/b', 'a_b']);
    const out = ['a.b', 'a/b', 'a_b'].map((n) => map.toProvider.get(n));
    expect(new Set(out).size).toBe(3);
    expect(map.toProvider.get('a_b')).toBe('a_b');
  });

  it('is deterministic', () => {
    expect(mapToolNames(['a.b', 'c d']).renamed).toEqual(mapToolNames(['a.b', 'c d']).renamed);
  });
});
