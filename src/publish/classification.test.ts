import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import { formatScenarioError } from '../scenarios/types.js';
import { parseClassification } from './classification.js';

const report = sampleReport();
const errorsOf = (text: string): string[] =>
  parseClassification('classes.yml', text, report).errors.map(formatScenarioError);

describe('parseClassification', () => {
  it('accepts a valid file', () => {
    const { entries, errors } = parseClassification(
      'classes.yml',
      [
        'classifications:',
        '  - server: karthik',
        '    scenario: client-diagnosis-001',
        '    class: server-bug',
        '    summary: get_wlan returns the PSK.',
        '    evidence: [src/tools/wlan.py:12-20@4a947a43]',
        '  - server: reference',
        '    scenario: nac-001',
        '    class: harness-gap',
        '    summary: start-up timeout too short under load.',
        '    fixed_by: "#12"',
      ].join('\n'),
      report,
    );
    expect(errors).toEqual([]);
    expect(entries.map((e) => e.class)).toEqual(['server-bug', 'harness-gap']);
  });

  it.each([
    [
      'an unknown class, with its position and the choices',
      'classifications:\n  - server: karthik\n    scenario: nac-001\n    class: bug\n    summary: x\n',
      'classes.yml:4:12: /classifications/0/class: must be one of absent, server-bug, server-limitation, harness-gap, fake-gap; got a string ("bug")',
    ],
    [
      'server code evidence that is not path:line@sha',
      'classifications:\n  - server: karthik\n    scenario: nac-001\n    class: server-limitation\n    summary: x\n    evidence: [wlan.py]\n',
      'classes.yml:6:16: /classifications/0/evidence/0: "wlan.py" is not a valid code reference (path:line@sha)',
    ],
    [
      'a server bug without evidence',
      'classifications:\n  - server: karthik\n    scenario: nac-001\n    class: server-bug\n    summary: x\n',
      'classes.yml:2:5: /classifications/0/evidence: missing required field "evidence"',
    ],
    [
      'evidence at another commit than the pinned one',
      'classifications:\n  - server: karthik\n    scenario: nac-001\n    class: server-bug\n    summary: x\n    evidence: [a.py:1@deadbeef]\n',
      "classes.yml:6:16: /classifications/0/evidence/0: a.py:1@deadbeef cites deadbeef, not karthik's pinned commit 4a947a4387d7 (cite the code at 4a947a43)",
    ],
    [
      'a server the report does not have',
      'classifications:\n  - server: karthick\n    scenario: nac-001\n    class: fake-gap\n    summary: x\n',
      'classes.yml:2:13: /classifications/0/server: server "karthick" is not in the report (did you mean "karthik"? servers: reference, karthik)',
    ],
    [
      'a scenario the report does not have',
      'classifications:\n  - server: karthik\n    scenario: nac-002\n    class: fake-gap\n    summary: x\n',
      'classes.yml:3:15: /classifications/0/scenario: scenario "nac-002" is not in the report (did you mean "nac-001"?)',
    ],
    [
      'a duplicate entry',
      'classifications:\n  - {server: karthik, scenario: nac-001, class: absent, summary: x}\n  - {server: karthik, scenario: nac-001, class: absent, summary: y}\n',
      'classes.yml:3:33: /classifications/1/scenario: karthik × nac-001 is already classified by item 0 (one entry per server and scenario)',
    ],
    ['a YAML syntax error', 'classifications: [\n', 'classes.yml:2:1: YAML'],
  ])('rejects %s', (_what, text, expected) => {
    const errors = errorsOf(text);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toContain(expected);
  });
});

describe('a classification file covering more servers than the report', () => {
  it("uses the entries of the report's servers only and names the others", () => {
    const parsed = parseClassification(
      'classes.yml',
      [
        'classifications:',
        '  - {server: secure-ssid, scenario: nac-001, class: server-bug, summary: x, evidence: [a.py:1@deadbeef]}',
        '  - {server: karthik, scenario: nac-001, class: fake-gap, summary: y}',
      ].join('\n'),
      report,
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.entries.map((e) => e.server)).toEqual(['karthik']);
    expect(parsed.skipped).toEqual(['secure-ssid']);
  });

  it('warns instead of failing on a citation hpe-mcp-bench pin marked unanchored', () => {
    const parsed = parseClassification(
      'classes.yml',
      [
        'classifications:',
        '  - server: karthik',
        '    scenario: nac-001',
        '    class: server-bug',
        '    summary: x',
        '    evidence:',
        '      - a.py:1@deadbeef # unanchored at 4a947a4: line 1 of a.py deleted by 4a947a4',
      ].join('\n'),
      report,
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.entries).toHaveLength(1);
    expect(parsed.warnings.map(formatScenarioError)).toEqual([
      "classes.yml:7:9: /classifications/0/evidence/0: a.py:1@deadbeef cites deadbeef, not karthik's pinned commit 4a947a4387d7 (unanchored at 4a947a4: line 1 of a.py deleted by 4a947a4) (cite the code at 4a947a43)",
    ]);
  });
});
