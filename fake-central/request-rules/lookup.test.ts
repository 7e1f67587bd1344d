import { describe, expect, it } from 'vitest';
import { buildTrie, lookupOperation } from './lookup.js';
import type { RuleTable } from './table.js';

const table: RuleTable = {
  v: 1,
  sources: { central: 'c', greenlake: 'g' },
  files: ['a.json'],
  codes: [],
  nodes: [],
  qsets: [],
  ops: {
    '/network-monitoring/v1/switches/{serial-number}': { GET: { d: 0, id: 'getSwitch' } },
    '/network-monitoring/v1/switches/topn-interface-trends': { GET: { d: 0, id: 'topN' } },
    '/network-config/v1alpha1/wlan-ssids/{ssid}': {
      GET: { d: 0, id: 'readSsid' },
      POST: { d: 0, id: 'createSsid' },
    },
    '/x/v1/{a}/b': { GET: { d: 0, id: 'paramThenB' } },
    '/x/v1/lit/{c}': { POST: { d: 0, id: 'litThenParam' } },
  },
};
const trie = buildTrie(table);

describe('lookupOperation', () => {
  it('prefers a literal segment to {param} (OpenAPI)', () => {
    expect(
      lookupOperation(trie, 'GET', '/network-monitoring/v1/switches/topn-interface-trends')?.rule
        .id,
    ).toBe('topN');
    expect(lookupOperation(trie, 'GET', '/network-monitoring/v1/switches/SN1')).toMatchObject({
      operation: 'GET /network-monitoring/v1/switches/{serial-number}',
      params: { 'serial-number': 'SN1' },
    });
  });

  it('tries the other version when the one sent is not documented (v1 ↔ v1alpha1)', () => {
    expect(
      lookupOperation(trie, 'POST', '/network-config/v1/wlan-ssids/Guest%20Net'),
    ).toMatchObject({
      operation: 'POST /network-config/v1alpha1/wlan-ssids/{ssid}',
      params: { ssid: 'Guest Net' },
    });
    expect(lookupOperation(trie, 'GET', '/network-monitoring/v1alpha1/switches/SN1')?.rule.id).toBe(
      'getSwitch',
    );
  });

  it('backtracks to {param} when the literal branch lacks the method or the rest', () => {
    expect(lookupOperation(trie, 'GET', '/x/v1/lit/b')?.rule.id).toBe('paramThenB');
    expect(lookupOperation(trie, 'POST', '/x/v1/lit/z')?.rule.id).toBe('litThenParam');
  });

  it('answers undefined for what no document describes', () => {
    expect(lookupOperation(trie, 'DELETE', '/network-monitoring/v1/switches/SN1')).toBeUndefined();
    expect(lookupOperation(trie, 'GET', '/nowhere')).toBeUndefined();
  });
});
