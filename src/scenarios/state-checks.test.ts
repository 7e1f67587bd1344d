import { describe, expect, it } from 'vitest';
import { HEADER, loadFiles, VALID } from '../../test/helpers/scenarios/helpers.js';

// VALID's line 12 is `  facts:`; the state block goes before it, from line 12 on.
const withState = (state: string): Record<string, string> => ({
  'suite.yaml': HEADER + VALID.replace('  facts:\n', `  state:\n${state}  facts:\n`),
});

describe('expect.state in the loader', () => {
  it('loads valid assertions as written', async () => {
    const { lines, scenarios } = await loadFiles(
      withState(
        '    - { collection: devices, where: { serialNumber: CNK7JSS0X1 }, fields: { status: OFFLINE } }\n' +
          '    - { collection: clients, added: 1, where: { macAddress: "de:ad:be:ef:00:01" } }\n' +
          '    - { collection: devices, count: 1 }\n',
      ),
    );
    expect(lines).toEqual([]);
    expect(scenarios[0]?.expect.state).toEqual([
      {
        collection: 'devices',
        where: { serialNumber: 'CNK7JSS0X1' },
        fields: { status: 'OFFLINE' },
      },
      { collection: 'clients', added: 1, where: { macAddress: 'de:ad:be:ef:00:01' } },
      { collection: 'devices', count: 1 },
    ]);
  });

  it('leaves expect.state out when a scenario has none (no state check, no collateral check)', async () => {
    const { scenarios } = await loadFiles({ 'suite.yaml': HEADER + VALID });
    expect(scenarios[0]?.expect.state).toBeUndefined();
  });

  it.each([
    [
      'an unknown collection, with the bundle’s collections',
      '    - { collection: device, unchanged: true }\n',
      'suite.yaml:13:21: /expect/state/0/collection: collection "device" is not a data file of fixtures/central/tiny (did you mean "devices"? collections: clients, devices, sites-health)',
    ],
    [
      'a where that selects nothing in the bundle',
      '    - { collection: devices, where: { serial: CNK7JSS0X1 }, unchanged: true }\n',
      'suite.yaml:13:37: /expect/state/0/where: where selects no item of devices in fixtures/central/tiny (field paths are dotted (essid.name) and values exact, copied from the bundle)',
    ],
  ])('reports %s at file:line:col', async (_name, state, line) => {
    expect((await loadFiles(withState(state))).lines).toEqual([line]);
  });

  it.each([
    ['no check', '    - { collection: devices }\n'],
    ['two checks', '    - { collection: devices, unchanged: true, count: 1 }\n'],
    ['a negative count', '    - { collection: devices, count: -1 }\n'],
    ['a bad field path', '    - { collection: devices, fields: { "a..b": 1 } }\n'],
  ])('rejects %s by the schema, at the assertion', async (_name, state) => {
    const { lines } = await loadFiles(withState(state));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).toMatch(/^suite\.yaml:13:\d+: \/expect\/state\/0/);
  });
});
