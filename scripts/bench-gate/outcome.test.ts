import { describe, expect, it } from 'vitest';
import { gate } from '../../src/gate/gate.js';
import { base, report } from '../../test/helpers/gate/variant-report.js';
import { parseThresholds } from '../../src/gate/thresholds.js';
import type { Plant } from './catalogue.js';
import { plantOutcome, type PlantOutcome } from './outcome.js';
import { kindTable, plantTable, summaryLines, tally, type RerunOutcome } from './tally.js';

const plant = (tools: string[], kind: Plant['kind'] = 'wrong-path'): Plant => ({
  id: `p-${tools.join('-')}`,
  server: 'python',
  kind,
  tools,
  why: 'w',
  patches: [{ file: 'f', find: 'a', replace: 'b' }],
});
const timing = { wallMs: 1000, load: [1, 2] as [number, number] };

// Every run of the baseline calls list_alerts (and clear_alerts, which errors).
const baseline = report({ toolErrors: 1 });
const compare = (pr: ReturnType<typeof report>) => gate(pr, base(baseline), parseThresholds(''));

describe('a planted regression through the real gate', () => {
  it('is caught, and the tool the comment names is the planted one', () => {
    const broken = compare(report({ toolErrors: 1, failRun: () => true }));
    const out = plantOutcome(plant(['list_alerts']), baseline, broken, timing);
    expect(out).toMatchObject({ caught: true, status: 'fail', exercised: true, namedRight: true });
    expect(out.named).toEqual(['list_alerts']);
    expect(out.exercise).toEqual({ scenarios: 2, sweep: [] });
    expect(out.reasons.join('\n')).toContain('task_success');
    // Caught, but the comment blames another tool than the planted one.
    const blamed = plantOutcome(plant(['get_ap']), baseline, broken, timing);
    expect(blamed).toMatchObject({ caught: true, namedRight: false, named: ['list_alerts'] });
  });

  it('counts a miss, and a tool no scenario called as not exercised', () => {
    const same = compare(report({ toolErrors: 1 }));
    expect(plantOutcome(plant(['list_alerts']), baseline, same, timing)).toMatchObject({
      caught: false,
      status: 'pass',
      named: [],
      namedRight: false,
    });
    const elsewhere = plantOutcome(plant(['get_ap']), baseline, same, timing);
    expect(elsewhere).toMatchObject({ exercised: false, exercise: { scenarios: 0, sweep: [] } });
    // A change to every tool's path is exercised by definition; any named tool is right.
    const every = plantOutcome(
      plant(['*']),
      baseline,
      compare(report({ toolErrors: 1, failRun: () => true })),
      timing,
    );
    expect(every).toMatchObject({ exercised: true, namedRight: true, exercise: null });
  });
});

const outcome = (o: Partial<PlantOutcome>): PlantOutcome => ({
  id: 'x',
  server: 'python',
  kind: 'wrong-path',
  tools: ['t'],
  status: 'fail',
  caught: true,
  named: ['t'],
  namedRight: true,
  exercised: true,
  exercise: { scenarios: 1, sweep: [] },
  reasons: ['r'],
  ...timing,
  ...o,
});
const rerun = (falseAlarm: boolean, error?: string): RerunOutcome => ({
  n: 1,
  server: 'reference',
  concurrent: false,
  status: falseAlarm ? 'fail' : 'pass',
  falseAlarm,
  reasons: [],
  ...timing,
  ...(error ? { error } : {}),
});

describe('the tally', () => {
  const plants = [
    outcome({ id: 'a' }),
    outcome({
      id: 'b',
      kind: 'timeout',
      caught: false,
      status: 'pass',
      named: [],
      namedRight: false,
    }),
    outcome({ id: 'c', kind: 'timeout', caught: false, exercised: false, named: [] }),
    outcome({ id: 'd', server: 'typescript', namedRight: false, named: ['other'] }),
    outcome({ id: 'e', named: [], error: 'the server did not build' }),
  ];
  const t = tally(plants, [rerun(false), rerun(true), rerun(false, 'bench failed')]);

  it('counts caught / planted overall, per kind and server, exercised and named; leaves out what did not run', () => {
    expect(t.overall).toEqual({ caught: 2, planted: 4 });
    expect(t.exercised).toEqual({ caught: 2, planted: 3 });
    expect(t.namedRight).toEqual({ caught: 1, planted: 2 });
    expect(t.byKind).toEqual({
      'wrong-path': { caught: 2, planted: 2 },
      timeout: { caught: 0, planted: 2 },
    });
    expect(t.byServer).toEqual({
      python: { caught: 1, planted: 3 },
      typescript: { caught: 1, planted: 1 },
    });
    expect(t.unmeasured).toEqual(['e']);
    expect(t.falseAlarms).toEqual({ caught: 1, planted: 2 });
  });

  it('says so in the summary and the tables', () => {
    expect(summaryLines(t)).toContain(
      '- **Caught:** 2/4 (50 %) planted regressions fail `compare`.',
    );
    expect(summaryLines(t)).toContain(
      '- **False alarms:** 1 of 2 reruns of the unchanged servers failed (goal: 0 of 20).',
    );
    expect(summaryLines(t)).toContain(
      '- **Not measured** (not run in this measurement, or its bench failed): 1: e.',
    );
    expect(kindTable(t)).toContain('| timeout | 0/2 (0 %) |');
    const rows = plantTable(plants);
    expect(rows.find((r) => r.startsWith('| b '))).toContain('| **no** | — |');
    expect(rows.find((r) => r.startsWith('| e '))).toContain(
      '| not run | — | the server did not build |',
    );
  });
});
