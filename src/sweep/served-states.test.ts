import { describe, expect, it } from 'vitest';
import { servedStates, shownStates } from './served-states.js';

const devices = {
  items: [
    { serialNumber: 'CNKFAEL9TV', status: 'ONLINE', configStatus: 'Not Synchronized' },
    { serialNumber: 'CNKFAEL9TW', status: 'OFFLINE', upgradeStatus: 'Up To Date' },
    { serialNumber: 'CNKFAEL9TX', status: 'ONLINE', note: 'Offline since Monday', code: '12' },
  ],
  status: 200,
};

describe('servedStates', () => {
  it('takes words under keys ending in status or state, at any depth, not numbers or other keys', () => {
    expect(servedStates([devices])).toEqual([
      'Not Synchronized',
      'OFFLINE',
      'ONLINE',
      'Up To Date',
    ]);
  });
});

describe('shownStates', () => {
  it('the states the answer shows, in any case', () => {
    const text = 'CNKFAEL9TV online, Not Synchronized; CNKFAEL9TW OFFLINE; CNKFAEL9TX online';
    expect(shownStates([devices], text)).toEqual(['Not Synchronized', 'OFFLINE', 'ONLINE']);
  });

  it('a status read from a key the API does not have shows none; no state served: absent', () => {
    expect(shownStates([devices], 'CNKFAEL9TV, CNKFAEL9TW, CNKFAEL9TX')).toEqual([]);
    expect(shownStates([{ items: [{ serialNumber: 'CNKFAEL9TV' }] }], 'CNKFAEL9TV')).toBe(
      undefined,
    );
  });
});
