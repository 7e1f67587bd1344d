import { describe, expect, it } from 'vitest';
import { loadScenarios } from './load-scenarios.js';
import {
  comparedServers,
  HEADER,
  loadFiles,
  TEST_ROOT,
  VALID,
  writeTree,
} from '../../test/helpers/scenarios/helpers.js';
import { formatScenarioError } from './types.js';

const file = (text: string): Record<string, string> => ({ 'suite.yaml': HEADER + text });
const PLAN_HINT = 'add the call to the plan, or drop the tool from expected_tools';

// Each case breaks one thing in VALID (line numbers in test/helpers/scenarios/helpers.ts) and lists every line
// `validate` prints for it, exactly.
const MALFORMED: [string, Record<string, string>, string[]][] = [
  [
    'broken YAML (an unclosed flow sequence)',
    file(VALID.replace('[POST /network-config/**]', '[POST /network-config/**')),
    [
      'suite.yaml:12:3: YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
    ],
  ],
  [
    'a duplicate key',
    file(VALID.replace('platform: central\n', 'platform: central\nplatform: greenlake\n')),
    ['suite.yaml:5:1: YAML: Map keys must be unique'],
  ],
  [
    'a wrong type',
    file(VALID.replace('karthik: [central_find_client]', 'karthik: central_find_client')),
    [
      'suite.yaml:8:12: /expected_tools/karthik: must be a list, got a string ("central_find_client")',
    ],
  ],
  [
    'a wrong type in a later document',
    file(VALID + '---\n' + VALID.replace('ok-001', 'ok-002').replace('gate: read', 'gate: 3')),
    ['suite.yaml:24:13: /write_gate: must be one of read, write, destructive; got number 3'],
  ],
  [
    'an unknown top-level field',
    file(VALID.replace('plans:', 'plan:')),
    [
      'suite.yaml:15:1: /plan: unknown field "plan" (did you mean "plans"? allowed fields: id, suite, intent, platform, fixture, write_gate, expected_tools, expect, evidence, result_schema, notes, plans, tags)',
    ],
  ],
  [
    'an unknown nested field (and so a missing required one)',
    file(VALID.replace('must_not_call:', 'mustNotCall:')),
    [
      'suite.yaml:10:3: /expect/must_not_call: missing required field "must_not_call" (a list of METHOD /path patterns, e.g. [POST /network-config/**]; [] when nothing is forbidden)',
      'suite.yaml:11:3: /expect/mustNotCall: unknown field "mustNotCall" (did you mean "must_not_call"? allowed fields: api_calls, must_not_call, allowed_calls, facts, fact_sources, state)',
    ],
  ],
  [
    'a missing required field',
    file(VALID.replace(/intent: .*\n/, '')),
    [
      'suite.yaml:2:1: /intent: missing required field "intent" (the task as a user would type it, at most 4,000 characters)',
    ],
  ],
  [
    'an intent longer than a user would type (a 50 MB one stalled discoverability)',
    file(VALID.replace(/intent: .*\n/, `intent: ${'Where is the client? '.repeat(250)}\n`)),
    [
      'suite.yaml:3:9: /intent: is 5249 characters long, more than the 4000 allowed (the task as a user would type it, at most 4,000 characters)',
    ],
  ],
  [
    'a misspelt enum value',
    file(VALID.replace('write_gate: read', 'write_gate: writes')),
    [
      'suite.yaml:6:13: /write_gate: must be one of read, write, destructive; got a string ("writes") (did you mean "write"?)',
    ],
  ],
  [
    'duplicate ids across files',
    { 'a.yaml': HEADER + VALID, 'b.yaml': HEADER + '---\n' + VALID },
    [
      'b.yaml:3:5: /id: duplicate id "ok-001" (first defined at a.yaml:2:5; ids are unique across all suites)',
    ],
  ],
  [
    'a missing fixture bundle',
    file(VALID.replace('central/tiny', 'central/tiny2')),
    [
      'suite.yaml:5:10: /fixture: fixture bundle "fixtures/central/tiny2" not found (did you mean "fixtures/central/tiny"? bundles: tiny)',
    ],
  ],
  [
    'a fixture outside fixtures/central',
    file(VALID.replace('fixtures/central/tiny', 'site-a')),
    [
      'suite.yaml:5:10: /fixture: "site-a" is not a valid fixture bundle path (bundles live under fixtures/central/, e.g. fixtures/central/site-a)',
    ],
  ],
  [
    'a pattern with a query string',
    file(VALID.replace('clients/*]', 'clients?mac=x]')),
    [
      'suite.yaml:10:15: /expect/api_calls/0: bad endpoint pattern "GET /network-monitoring/v1/clients?mac=x": query strings are not part of a pattern (match the path only: GET /network-monitoring/v1/clients)',
    ],
  ],
  [
    'a pattern with ** inside a segment',
    file(VALID.replace('[POST /network-config/**]', '[POST /network-config/v1**]')),
    [
      'suite.yaml:11:19: /expect/must_not_call/0: bad endpoint pattern "POST /network-config/v1**": "**" must be a whole segment, got "v1**" (use /a/** for any depth, or * within one segment, e.g. /aps/*-trends)',
    ],
  ],
  [
    'a fact absent from the fixture',
    file(VALID.replace('3c:a6:2f:11:22:33\nevidence', '3c:a6:2f:11:22:99\nevidence')),
    [
      'suite.yaml:13:16: /expect/facts/clientMac: fact "3c:a6:2f:11:22:99" does not occur in fixtures/central/tiny (facts are ground truth: copy the value exactly from the bundle’s JSON files)',
    ],
  ],
  [
    'an empty fact',
    file(VALID.replace('clientMac: 3c:a6:2f:11:22:33', "clientMac: ''")),
    [
      'suite.yaml:13:16: /expect/facts/clientMac: must not be empty (a fact is a single value copied from the fixture bundle)',
    ],
  ],
  [
    'a plan tool not in expected_tools',
    file(VALID.replace('- tool: central_find_client', '- tool: central_get_clients')),
    [
      `suite.yaml:8:13: /expected_tools/karthik/0: expected tool "central_find_client" is never called by plans.karthik (${PLAN_HINT})`,
      'suite.yaml:17:13: /plans/karthik/0/tool: tool "central_get_clients" is not in expected_tools.karthik (did you mean "central_find_client"? expected: central_find_client)',
    ],
  ],
  [
    'a plan for a server without expected_tools',
    file(VALID + '  nowireless4u:\n    - tool: central_find_client\n'),
    [
      'suite.yaml:19:3: /plans/nowireless4u: plan for "nowireless4u", which has no expected_tools (add expected_tools.nowireless4u listing the plan\'s tools, or drop the plan)',
    ],
  ],
  [
    'an unknown server',
    file(VALID.replace('  karthik: [central_find_client]', '  karthick: [central_find_client]')),
    [
      'suite.yaml:8:3: /expected_tools/karthick: unknown server "karthick" (did you mean "karthik"? servers in compared-servers.yml: secure-ssid, nowireless4u, karthik, reference)',
      'suite.yaml:16:3: /plans/karthik: plan for "karthik", which has no expected_tools (add expected_tools.karthik listing the plan\'s tools, or drop the plan)',
    ],
  ],
  [
    'evidence not at the pinned commit',
    file(
      VALID.replace(
        'evidence: tools/clients.py:94@4a947a4',
        'evidence:\n  karthik: [a.py:9@0000000]',
      ),
    ),
    [
      'suite.yaml:15:13: /evidence/karthik/0: "a.py:9@0000000" is not at the pinned commit of karthik (cite karthik at 4a947a4, the commit pinned in compared-servers.yml)',
    ],
  ],
  [
    'an invalid result_schema (a bad type name)',
    file(VALID + 'result_schema:\n  type: objekt\n'),
    [
      'suite.yaml:20:9: /result_schema/type: invalid JSON Schema: must be one of array, boolean, integer, null, number, object, string; got a string ("objekt") (did you mean "object"?)',
    ],
  ],
  [
    'an invalid result_schema (a misspelt keyword)',
    file(VALID + 'result_schema:\n  type: object\n  requried: [clientMac]\n'),
    [
      'suite.yaml:21:3: /result_schema/requried: invalid JSON Schema: unknown keyword: "requried" (use a JSON Schema 2020-12 keyword; check the spelling)',
    ],
  ],
  [
    'an expected call that must_not_call forbids',
    file(VALID.replace('[POST /network-config/**]', '[GET /network-monitoring/**]')),
    [
      'suite.yaml:10:15: /expect/api_calls/0: expected call "GET /network-monitoring/v1/clients/*" is forbidden by must_not_call "GET /network-monitoring/**" (narrow the must_not_call pattern or fix the expected call)',
    ],
  ],
  [
    'an empty file',
    { 'suite.yaml': '' },
    [
      'suite.yaml:1:1: the file has no scenarios (a suite file holds one YAML document per scenario, separated by ---)',
    ],
  ],
  [
    'a file with only comments and a separator',
    file('---\n'),
    [
      'suite.yaml:1:1: the file has no scenarios (a suite file holds one YAML document per scenario, separated by ---)',
    ],
  ],
  [
    'a document that is a list',
    file('- id: ok-001\n'),
    ['suite.yaml:2:1: must be a mapping, got a list'],
  ],
];

describe('loadScenarios on malformed manifests', () => {
  it.each(MALFORMED)('reports %s at its file:line:col', async (_name, files, expected) => {
    const result = await loadFiles(files);
    expect(result.lines).toEqual(expected);
    // Something was rejected: a broken document never reaches `scenarios`.
    expect(result.scenarios.length).toBeLessThan(Math.max(result.documents, 1));
  });

  it('asks for the yaml-language-server line, giving the path to the schema', async () => {
    const result = await loadFiles({ 'suite.yaml': VALID });
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatch(
      /^suite\.yaml:1:1: the first line must point editors at the scenario schema \(start the file with "# yaml-language-server: \$schema=(\.\.\/)+.*scenarios\/scenario\.schema\.json"\)$/,
    );
  });

  it('reports every problem of a file, in line order', async () => {
    const result = await loadFiles(
      file(VALID.replace('write_gate: read', 'write_gate: writes').replace('plans:', 'plan:')),
    );
    expect(result.errors.map((e) => [e.line, e.pointer])).toEqual([
      [6, '/write_gate'],
      [15, '/plan'],
    ]);
  });

  it('reports a directory without suite files, and a path that does not exist', async () => {
    const result = await loadFiles({ 'empty/.keep': '' }, ['empty']);
    expect(result.lines).toEqual([
      'empty: no scenario files (*.yaml) found (add a suite file such as client-diagnosis.yaml as docs/scenario-format.md describes, or pass FILES|DIRS)',
    ]);
    await expect(loadFiles({}, ['missing.yaml'])).rejects.toThrow(
      'no such file or directory: missing.yaml',
    );
  });

  it('reports an invalid compared-servers file and skips the server checks', async () => {
    const cwd = await writeTree({
      'servers.yml': 'servers:\n  karthik:\n    kind: github\n    repo: a/b\n    notes: x\n',
      'suite.yaml': HEADER + VALID.replace('  karthik: [', '  karthick: ['),
    });
    const result = await loadScenarios(['suite.yaml'], {
      cwd,
      root: TEST_ROOT,
      serversFile: 'servers.yml',
    });
    expect(result.errors.map(formatScenarioError)).toEqual([
      'servers.yml:3:5: /servers/karthik/commit: missing required field "commit"',
      'servers.yml:3:5: /servers/karthik/version: missing required field "version"',
    ]);
  });
});

describe('loadScenarios on valid manifests', () => {
  it('loads the test-fixtures suite with defaults filled in', async () => {
    const result = await loadScenarios(['valid'], {
      cwd: TEST_ROOT,
      root: TEST_ROOT,
      servers: await comparedServers(),
      serversFile: 'compared-servers.yml',
    });
    expect(result.errors).toEqual([]);
    expect(result.documents).toBe(2);
    expect(result.suites).toEqual(['client-diagnosis']);
    const [first, second] = result.scenarios;
    expect(first?.source).toEqual({ file: 'valid/client-diagnosis.yaml', line: 4, col: 1 });
    expect(first?.expect.facts).toEqual({
      clientMac: '3c:a6:2f:11:22:33',
      failureReason: 'RADIUS server timeout',
      vlanId: 20,
    });
    expect(second).toMatchObject({
      suite: 'client-diagnosis',
      expect: { allowed_calls: [], facts: {} },
      notes: { diagnostic: [] },
      plans: {},
      tags: [],
    });
  });

  it('takes the suite from the file name and plan arguments default to {}', async () => {
    const result = await loadFiles({
      'wlan-change.yaml': HEADER + VALID.replace(/ {6}arguments: .*\n/, ''),
    });
    expect(result.lines).toEqual([]);
    expect(result.scenarios[0]?.suite).toBe('wlan-change');
    expect(result.scenarios[0]?.plans.karthik).toEqual([
      { tool: 'central_find_client', arguments: {} },
    ]);
  });
});

describe('a UTF-8 byte-order mark', () => {
  it('before the schema header is accepted, not blamed on the header', async () => {
    const loaded = await loadFiles({ 'suite.yaml': '\uFEFF' + HEADER + VALID });
    expect(loaded.lines).toEqual([]);
    expect(loaded.scenarios.map((s) => s.id)).toEqual(['ok-001']);
  });
});
