import { describe, expect, it } from 'vitest';
import { compareToBaseline } from './compare-to-baseline.js';
import { renderComment } from './render-comment.js';
import { base, report } from '../../test/helpers/gate/variant-report.js';
import { DEFAULT_THRESHOLDS, parseThresholds } from './thresholds.js';

// The PR's server hangs on every call: every scenario fails. Under the baseline's name the gate
// fails it; these cases are the ways around that the gate must not allow.
const broken = { failRun: () => true };

describe('missing-in-pr', () => {
  it('fails a PR that renames its server, and names what is missing', () => {
    const verdict = compareToBaseline(
      report({ ...broken, server: 'victim-v2' }),
      base(report({ server: 'victim' })),
      DEFAULT_THRESHOLDS,
    );
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons[0]).toBe(
      'missing in this PR: server(s) victim ran in the baseline but not here (declare an intentional change under "renames" or "retired" in the thresholds)',
    );
    expect(renderComment(report({ server: 'victim-v2' }), verdict)).toContain(
      'missing in this PR: server(s) victim',
    );
  });

  it('compares a declared rename with its old self, so its regression still fails', () => {
    const thresholds = parseThresholds('renames:\n  servers:\n    victim: victim-v2\n');
    const ok = compareToBaseline(
      report({ server: 'victim-v2' }),
      base(report({ server: 'victim' })),
      thresholds,
    );
    expect(ok.status).toBe('pass');
    expect(ok.notes).toContain(
      'Servers renamed since the baseline (thresholds): victim → victim-v2',
    );
    const regressed = compareToBaseline(
      report({ ...broken, server: 'victim-v2' }),
      base(report({ server: 'victim' })),
      thresholds,
    );
    expect(regressed.status).toBe('fail');
    expect(regressed.regressions.map((r) => `${r.server} ${r.where} ${r.metric}`)).toContain(
      'victim-v2 scenario:alerts-001 task_success',
    );
  });

  it('refuses a rename whose old name is still in the PR or whose new name was in the baseline', () => {
    const onto = parseThresholds('renames:\n  scenarios:\n    alerts-001: alerts-002\n');
    expect(() => compareToBaseline(report(), base(report()), onto)).toThrow(
      'thresholds renames.scenarios declares scenario "alerts-001" renamed to "alerts-002", but "alerts-001" is still in this PR\'s report',
    );
    expect(() =>
      compareToBaseline(report({ scenarios: ['alerts-002'] }), base(report()), onto),
    ).toThrow('but "alerts-002" is already in the baseline');
    const servers = parseThresholds('renames:\n  servers:\n    reference: victim\n');
    expect(() => compareToBaseline(report(), base(report()), servers)).toThrow(
      'declares server "reference" renamed to "victim", but "reference" is still in this PR\'s report',
    );
    const moved = parseThresholds('renames:\n  scenarios:\n    alerts-001: alerts-009\n');
    expect(
      compareToBaseline(report({ scenarios: ['alerts-009', 'alerts-002'] }), base(report()), moved)
        .status,
    ).toBe('pass');
  });

  it('fails a PR that drops a scenario from the manifest unless it is retired', () => {
    const dropped = report({ scenarios: ['alerts-001'], manifest: 'sha256:bbbb' });
    const verdict = compareToBaseline(dropped, base(report()), DEFAULT_THRESHOLDS);
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons[0]).toContain('reference: alerts-002');
    const retired = parseThresholds('retired:\n  scenarios: [alerts-002]\n');
    const ok = compareToBaseline(dropped, base(report()), retired);
    expect(ok.status).toBe('pass');
    expect(ok.notes).toContain('Scenarios retired on purpose (thresholds): alerts-002');
  });

  it('fails a PR that makes a scenario absent (its expected_tools entry removed)', () => {
    const verdict = compareToBaseline(
      report({ absentIn: ['alerts-002'] }),
      base(report()),
      DEFAULT_THRESHOLDS,
    );
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons[0]).toContain('reference: alerts-002');
  });

  it('checks only servers in a shard (the merge job checks the manifest)', () => {
    const shard = report({ scenarios: ['alerts-001'], shard: { index: 1, count: 2 } });
    expect(compareToBaseline(shard, base(report()), DEFAULT_THRESHOLDS).status).toBe('pass');
    const renamedShard = report({
      scenarios: ['alerts-001'],
      shard: { index: 1, count: 2 },
      server: 'other',
    });
    expect(compareToBaseline(renamedShard, base(report()), DEFAULT_THRESHOLDS).status).toBe('fail');
  });

  it('does not apply on a cold start', () => {
    expect(compareToBaseline(report({ server: 'new' }), null, DEFAULT_THRESHOLDS).status).toBe(
      'cold-start',
    );
  });
});

describe('parseThresholds: renames and retired', () => {
  it.each([
    ['renames: [a]', '"renames" takes a map with keys servers and scenarios'],
    ['renames:\n  tools: {}', 'unknown key; "renames" takes servers and scenarios'],
    ['renames:\n  servers: {a: ""}', 'the new name, a non-empty string other than the old one'],
    ['renames:\n  servers: {a: a}', 'the new name, a non-empty string other than the old one'],
    ['renames:\n  servers: {a: c, b: c}', 'two servers are renamed to "c"'],
    ['retired:\n  scenarios: alerts-002', '"retired.scenarios" takes a list of names'],
  ])('%j is refused', (text, message) => {
    expect(() => parseThresholds(text)).toThrow(message);
  });
});

describe("the baseline's age", () => {
  const at = (iso: string) => ({ ...base(report()), now: Date.parse(iso) });
  it('is shown in the stamp, and warned about past baseline-max-age', () => {
    const fresh = compareToBaseline(report(), at('2026-11-30T10:00:00Z'), DEFAULT_THRESHOLDS);
    expect(fresh.baseline?.ageDays).toBe(2);
    expect(fresh.notes.some((n) => n.includes('days old'))).toBe(false);
    expect(renderComment(report(), fresh)).toContain('(saved 2026-11-28T10:00:00Z, 2 days ago)');
    const stale = compareToBaseline(report(), at('2026-12-20T10:00:00Z'), DEFAULT_THRESHOLDS);
    expect(stale.notes).toContain(
      'The baseline is 22 days old, more than baseline-max-age (14): the default branch has not saved one since; its figures may not reflect main.',
    );
    const loose = parseThresholds('baseline-max-age: 30d');
    expect(compareToBaseline(report(), at('2026-12-20T10:00:00Z'), loose).notes).toEqual([]);
  });

  it.each(['baseline-max-age: 0', 'baseline-max-age: soon'])('%s is refused', (text) => {
    expect(() => parseThresholds(text)).toThrow('"baseline-max-age" takes days, e.g. 14 or 14d');
  });
});
