import { describe, expect, it } from 'vitest';
import { parseYamlDocuments } from '../common/yaml-source.js';
import { createFixtureIndex } from './fixture-index.js';
import { planChecks } from './plan-checks.js';
import { TEST_ROOT } from '../../test/helpers/scenarios/helpers.js';
import type { PlannedCall, Scenario } from './types.js';

const fixtures = createFixtureIndex(TEST_ROOT);

function check(plan: PlannedCall[], intent = 'Why is the lobby kiosk failing?'): string[] {
  const text = `id: p-001\nplans:\n  ref:\n${plan.map((s) => `    - ${JSON.stringify(s)}`).join('\n')}\n`;
  const [document] = parseYamlDocuments('p.yaml', text).documents;
  const scenario = {
    intent,
    fixture: 'fixtures/central/tiny',
    plans: { ref: plan },
  } as unknown as Scenario;
  return planChecks(scenario, document!, fixtures).map(
    (e) => `${e.warning ? 'warning' : 'error'} ${e.pointer}: ${e.message}`,
  );
}

const list: PlannedCall = { tool: 'list_clients', arguments: { status: 'Failed' } };

describe('planChecks', () => {
  it('accepts references to earlier steps by tool name and by number', () => {
    const events = {
      tool: 'get_client_events',
      arguments: {
        mac: { $from: 'list_clients', path: 'clients[0].macAddress' },
        site: { $from: 1, path: 'clients[0]._siteId' },
      },
    };
    expect(check([list, events])).toEqual([]);
  });

  it('names a reference that reads no earlier step, or is malformed', () => {
    const bad = {
      tool: 'get_client_events',
      arguments: {
        a: { $from: 'list_sites', path: 'x' },
        b: { $from: 2, path: 'x' },
        c: { $from: 'list_clients', path: 'a..b' },
        d: { $from: 'list_clients', path: 'x', where: 'y' },
      },
    };
    expect(check([list, bad])).toEqual([
      'error /plans/ref/1/arguments/a: $from list_sites names no step before this one',
      'error /plans/ref/1/arguments/b: $from 2 names no step before this one',
      'error /plans/ref/1/arguments/c: invalid reference: path "a..b" is not key.key[0].key syntax',
      'error /plans/ref/1/arguments/d: invalid reference: a reference has only $from and path (not where)',
    ]);
  });

  it('warns about a client MAC a later step replays from the fixture', () => {
    const replay = { tool: 'get_client_events', arguments: { mac: '3c:a6:2f:11:22:33' } };
    expect(check([list, replay])).toEqual([
      'warning /plans/ref/1/arguments/mac: plans.ref step 2 replays "3c:a6:2f:11:22:33", a fixture value the intent does not give: an earlier step (list_clients) should find it',
    ]);
    // The user gave it, or it is the first step, or the fixture does not hold it: not a replay.
    expect(check([list, replay], 'What happened to 3c:a6:2f:11:22:33?')).toEqual([]);
    expect(check([replay])).toEqual([]);
    expect(
      check([list, { tool: 'get_client_events', arguments: { mac: '00:00:00:00:00:01' } }]),
    ).toEqual([]);
  });
});
