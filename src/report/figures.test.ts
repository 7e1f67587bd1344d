import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIGURE_COLUMNS, RUN_FIGURES, figure, statOf, type RunFigure } from './figures.js';
import { aggregateScenarioServer } from './aggregate-scenario.js';
import { aggregateServer } from './aggregate-suite.js';
import { sampleReport } from '../../test/helpers/report/test-report.js';

type JsonSchema = {
  $ref?: string;
  anyOf?: JsonSchema[];
  required?: string[];
  properties?: Record<string, JsonSchema>;
  const?: unknown;
};

const schema = JSON.parse(
  readFileSync(new URL('../../schemas/report.schema.json', import.meta.url), 'utf8'),
) as JsonSchema & { $defs: Record<string, JsonSchema> };

const resolve = (s: JsonSchema): JsonSchema =>
  s.$ref ? (schema.$defs[s.$ref.replace('#/$defs/', '')] ?? {}) : s;

/** What the schema says of a figure's property on a row: its object form and whether required. */
function described(row: 'scenarioServer' | 'suiteServer', f: RunFigure) {
  const def = schema.$defs[row];
  const property = def?.properties?.[f.key];
  const objectForm = property?.anyOf?.map(resolve).find((s) => s.properties !== undefined);
  return {
    nullable: property?.anyOf?.some((s) => (s as { type?: string }).type === 'null') ?? false,
    fields: objectForm?.required ?? [],
    provenance: objectForm?.properties?.provenance?.const,
    required: def?.required?.includes(f.key) ?? false,
  };
}

describe('RUN_FIGURES against schemas/report.schema.json', () => {
  it.each(RUN_FIGURES.map((f) => [f.key, f] as const))(
    '%s: the schema describes its per-scenario spread as the table does',
    (_key, f) => {
      const d = described('scenarioServer', f);
      const extra = f.tokenizer ? ['tokenizer'] : [];
      expect(d.fields.sort()).toEqual(['median', 'n', 'provenance', 'q1', 'q3', ...extra].sort());
      expect(d.provenance).toBe(f.provenance);
      expect(d.nullable).toBe(true);
      // A figure added after 1.0.0 is optional: older reports do not have it.
      expect(d.required).toBe(f.since === undefined);
    },
  );

  it.each(RUN_FIGURES.map((f) => [f.key, f] as const))(
    '%s: the schema describes its per-suite mean/p95 exactly when the table aggregates it per suite',
    (_key, f) => {
      const d = described('suiteServer', f);
      if (!f.perSuite) {
        expect(schema.$defs.suiteServer?.properties?.[f.key]).toBeUndefined();
        return;
      }
      const extra = f.tokenizer ? ['tokenizer'] : [];
      expect(d.fields.sort()).toEqual(['mean', 'n', 'p95', 'provenance', ...extra].sort());
      expect(d.provenance).toBe(f.provenance);
      expect(d.required).toBe(f.since === undefined);
    },
  );
});

describe('RUN_FIGURES', () => {
  it('gives each figure one name, one report key and one threshold key', () => {
    const unique = (values: (string | undefined)[]) => {
      const present = values.filter((v) => v !== undefined);
      return new Set(present).size === present.length;
    };
    expect(unique(RUN_FIGURES.map((f) => f.name))).toBe(true);
    expect(unique(RUN_FIGURES.map((f) => f.key))).toBe(true);
    expect(unique(RUN_FIGURES.map((f) => f.gate?.thresholdKey))).toBe(true);
  });

  it('lists in every table only columns its figures have (a suite statistic needs a per-suite figure)', () => {
    for (const [table, columns] of Object.entries(FIGURE_COLUMNS))
      for (const c of columns) {
        const f = figure(c.key);
        if (c.stat === 'mean' || c.stat === 'p95')
          expect(f.perSuite, `${table}: ${c.key} ${c.stat}`).toBe(true);
      }
  });

  it('aggregates what each figure reads from the runs, per scenario and per suite', () => {
    const result = sampleReport().scenarios[0]?.results[0];
    if (!result) throw new Error('the sample report has no result');
    const scenario = aggregateScenarioServer('s', result.runs, 'cl100k_base');
    const suite = aggregateServer('s', [scenario], 'cl100k_base');
    for (const f of RUN_FIGURES) {
      const values = result.runs
        .filter((r) => r.status === 'ok')
        .map(f.read)
        .filter((v): v is number => typeof v === 'number');
      if (values.length === 0) continue;
      const max = Math.max(...values);
      const min = Math.min(...values);
      const median = statOf(scenario, f.key, 'median');
      expect(median, f.key).not.toBeNull();
      expect(median!).toBeGreaterThanOrEqual(min);
      expect(median!).toBeLessThanOrEqual(max);
      if (f.perSuite) expect(statOf(suite, f.key, 'p95'), f.key).toBeLessThanOrEqual(max);
    }
  });

  it('refuses a per-success statistic of a row (it is computed from the runs)', () => {
    expect(() => statOf({}, 'tokens', 'per_success')).toThrow(/per success/);
  });
});
