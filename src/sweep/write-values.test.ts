import { describe, expect, it } from 'vitest';
import type { StateChange } from '../../fake-central/index.js';
import { unwrittenValues } from './write-values.js';

const alert = (priority: string): StateChange => ({
  collection: 'alerts',
  item: 'id=A1',
  change: 'modified',
  fields: ['priority'],
  before: { id: 'A1', key: 'k1', priority: 'High', status: 'Active' },
  after: { id: 'A1', key: 'k1', priority, status: 'Active' },
});

describe('unwrittenValues', () => {
  it('a value sent that the changed item does not hold is named, with what it holds', () => {
    expect(unwrittenValues({ keys: ['k1'], priority: 'Low' }, [alert('Very Low')])).toEqual([
      'alerts id=A1: priority is "Very Low", the call sent "Low" (priority)',
    ]);
  });

  it('the value written passes, in another case or type', () => {
    expect(unwrittenValues({ keys: ['k1'], priority: 'low' }, [alert('Low')])).toEqual([]);
    const vlan: StateChange = {
      collection: 'wlan-ssids',
      item: 'ssid=Corp',
      change: 'modified',
      fields: ['vlan-id'],
      before: { ssid: 'Corp', 'vlan-id': 10 },
      after: { ssid: 'Corp', 'vlan-id': 30 },
    };
    expect(unwrittenValues({ ssid: 'Corp', body: { vlan_id: '30' } }, [vlan])).toEqual([]);
    expect(unwrittenValues({ ssid: 'Corp', body: { vlan_id: '40' } }, [vlan])).toEqual([
      'wlan-ssids ssid=Corp: vlan-id is 30, the call sent "40" (vlan_id)',
    ]);
  });

  it('a field that held the value sent already (a selector) and an argument no field is named after are not judged', () => {
    // `status: Active` selected the alert; the write moved it on: not a value it was to write.
    const cleared: StateChange = {
      ...alert('High'),
      fields: ['status'],
      after: { id: 'A1', key: 'k1', priority: 'High', status: 'Cleared' },
    };
    expect(unwrittenValues({ status: 'Active', site_id: 'S1' }, [cleared])).toEqual([]);
  });

  it('an added item is judged on every field named after an argument; a removed one not at all', () => {
    const added: StateChange = {
      collection: 'wlan-ssids',
      item: 'ssid=Events',
      change: 'added',
      fields: [],
      after: { ssid: 'Events', opmode: 'WPA2_PERSONAL', vlan: 30 },
    };
    expect(unwrittenValues({ ssid: 'Events', vlan: 31 }, [added])).toEqual([
      'wlan-ssids ssid=Events: vlan is 30, the call sent 31 (vlan)',
    ]);
    const removed: StateChange = { ...added, change: 'removed', before: added.after! };
    delete removed.after;
    expect(unwrittenValues({ ssid: 'Other' }, [removed])).toEqual([]);
  });
});
