import { describe, expect, it } from 'vitest';
import { closest } from '../common/did-you-mean.js';
import { createFixtureIndex, occursInJsonText } from './fixture-index.js';
import { checkScenario, duplicateIds } from './semantic-checks.js';
import { comparedServers, TEST_ROOT } from '../../test/helpers/scenarios/helpers.js';
import type { Scenario } from './types.js';
import { parseYamlDocuments } from '../common/yaml-source.js';

describe('occursInJsonText (fact grounding)', () => {
  const text = JSON.stringify([
    { mac: 'aa:bb', reason: 'RADIUS server "radius-1" timed out', vlan: 20, ip: '10.1.20.5' },
    { path: 'C:\\logs', up: true, name: 'AP-10' },
  ]);
  const cases: [value: string | number | boolean, occurs: boolean][] = [
    ['aa:bb', true],
    ['AA:BB', false], // exact, case-sensitive
    ['RADIUS server "radius-1" timed out', true], // quotes as JSON escapes them
    ['radius-1', true], // part of a longer string
    ['C:\\logs', true], // backslashes as JSON escapes them
    [20, true],
    [2, false], // a number is a whole token, not a digit of 20
    [10, false], // nor part of "10.1.20.5" or "AP-10"
    [true, true],
    [false, false],
  ];
  it.each(cases)('%s → %s', (value, occurs) => {
    expect(occursInJsonText(text, value)).toBe(occurs);
  });
});

describe('createFixtureIndex', () => {
  const index = createFixtureIndex(TEST_ROOT);

  it('finds bundles by their manifest.json', () => {
    expect(index.bundles()).toEqual(['tiny']);
    expect(index.exists('fixtures/central/tiny')).toBe(true);
    expect(index.exists('fixtures/central/none')).toBe(false);
    expect(index.exists('fixtures')).toBe(false);
  });

  it('searches the data files, not the manifest', () => {
    expect(index.contains('fixtures/central/tiny', 'AP-Lobby-01')).toBe(true);
    expect(index.contains('fixtures/central/tiny', 20)).toBe(true);
    // Only in manifest.json: a canary or credential is not ground truth for an answer.
    expect(index.contains('fixtures/central/tiny', 'tiny-secret')).toBe(false);
  });
});

describe('duplicateIds', () => {
  it('reports every repeat at its own position, naming the first', () => {
    const { documents } = parseYamlDocuments(
      'a.yaml',
      'id: x\n---\nid: y\n---\nid: x\n---\nid: 7\n---\n  id: x\n',
    );
    expect(duplicateIds(documents).map((d) => d.error)).toEqual([
      {
        file: 'a.yaml',
        line: 5,
        col: 5,
        pointer: '/id',
        message: 'duplicate id "x"',
        hint: 'first defined at a.yaml:1:5; ids are unique across all suites',
      },
      {
        file: 'a.yaml',
        line: 9,
        col: 7,
        pointer: '/id',
        message: 'duplicate id "x"',
        hint: 'first defined at a.yaml:1:5; ids are unique across all suites',
      },
    ]);
  });
});

describe('checkScenario', () => {
  const text = [
    'id: s-001',
    'expected_tools: { karthik: [central_get_clients] }',
    'plans: { karthik: [{ tool: central_get_clients }] }',
    'evidence: { karthik: [tools/clients.py:27@4a947a4387d] }',
  ].join('\n');
  const [document] = parseYamlDocuments('s.yaml', text).documents;
  const scenario = {
    id: 's-001',
    suite: 's',
    intent: 'x',
    platform: 'central',
    fixture: 'fixtures/central/tiny',
    write_gate: 'read',
    expected_tools: { karthik: ['central_get_clients'] },
    expect: {
      api_calls: [],
      must_not_call: [],
      allowed_calls: [],
      facts: { mac: '3c:a6:2f:44:55:66' },
    },
    evidence: { karthik: ['tools/clients.py:27@4a947a4387d'] },
    notes: { diagnostic: [] },
    plans: { karthik: [{ tool: 'central_get_clients', arguments: {} }] },
    tags: [],
    source: { file: 's.yaml', line: 1, col: 1 },
  } satisfies Scenario;

  it('passes a consistent scenario (evidence may cite a longer prefix of the pinned SHA)', async () => {
    const context = {
      servers: await comparedServers(),
      serversFile: 'compared-servers.yml',
      fixtures: createFixtureIndex(TEST_ROOT),
    };
    expect(checkScenario({ scenario, document: document! }, context)).toEqual([]);
  });

  it('skips server checks when the compared set could not be loaded', () => {
    const context = {
      servers: undefined,
      serversFile: 'compared-servers.yml',
      fixtures: createFixtureIndex(TEST_ROOT),
    };
    const unknownServer = { ...scenario, expected_tools: { nobody: ['x'] }, plans: {} };
    expect(checkScenario({ scenario: unknownServer, document: document! }, context)).toEqual([]);
  });
});

describe('closest (did you mean)', () => {
  it.each([
    ['plan', ['plans', 'tags'], 'plans'],
    ['apiCalls', ['api_calls', 'must_not_call'], 'api_calls'],
    ['karthick', ['karthik', 'secure-ssid'], 'karthik'],
    ['zzz', ['plans', 'tags'], undefined],
  ] as const)('%s → %s', (word, candidates, expected) => {
    expect(closest(word, candidates)).toBe(expected);
  });
});
