import { describe, expect, it } from 'vitest';
import { servedValues, shownValues } from './served-values.js';

describe('servedValues', () => {
  it('takes strings under identifying keys at any depth, not timestamps, short words or arguments', () => {
    const body = {
      items: [
        {
          serialNumber: 'CNKFAEL9TV',
          deviceName: 'SFO AP 06',
          status: 'ONLINE',
          siteId: '5563304806',
          lastSeenAt: '2026-03-02T11:59:53.000Z',
          radios: [{ macAddress: '20:4c:03:7d:5d:cd', band: '5 GHz' }],
          role: 'AP',
          id: 'x1',
        },
      ],
    };
    expect(servedValues([body], ['5563304806'])).toEqual([
      '20:4c:03:7d:5d:cd',
      'CNKFAEL9TV',
      'SFO AP 06',
    ]);
  });
});

describe('shownValues', () => {
  const values = ['CNKFAEL9TV', 'SFO AP 06', '20:4c:03:7d:5d:cd', 'jsmith-laptop', 'CNKK33ZD02'];
  it.each<[string, string[]]>([
    ['{"serial":"CNKFAEL9TV","name":"SFO AP 06"}', ['CNKFAEL9TV', 'SFO AP 06']],
    ['cnkfael9tv is up', ['CNKFAEL9TV']],
    ['client jsmith-laptop.', ['jsmith-laptop']],
    ['mac 204C.037D.5DCD', ['20:4c:03:7d:5d:cd']],
    ['MAC 20-4C-03-7D-5D-CD', ['20:4c:03:7d:5d:cd']],
    // Part of a longer word is not the value: CNKK33ZD02X names another device.
    ['CNKK33ZD02X', []],
    ['no devices found', []],
  ])('%s', (text, shown) => {
    expect(shownValues(values, text)).toEqual(shown);
  });
});
