import { round } from '../metrics/discoverability/discoverability.js';
import type { Report, ScenarioServerResult } from '../report/types.js';
import { pairKey, scenarioIndex } from './rule-kit.js';
import type { DiscoverabilityDiff } from './types.js';

type Figures = Pick<
  NonNullable<ScenarioServerResult['discoverability']>,
  'recall_at_1' | 'recall_at_3' | 'recall_at_5' | 'mrr'
>;
type Field = keyof Figures;

function mean(rows: readonly Figures[], field: Field): number {
  return round(rows.reduce((sum, r) => sum + r[field], 0) / rows.length);
}

/**
 * How findable each server's tools became, for the servers whose menu text (tool names,
 * descriptions, parameter names: `menu_text_hash`) differs from the baseline's. Means are taken
 * over the scenarios ranked in both reports, so a changed manifest does not pass for a changed
 * menu. Informational: discoverability is not gated (docs/discoverability.md).
 */
export function compareDiscoverability(report: Report, base: Report | null): DiscoverabilityDiff[] {
  if (!base) return [];
  const before = scenarioIndex(base);
  const diffs: DiscoverabilityDiff[] = [];
  for (const server of report.servers) {
    const old = base.servers.find((s) => s.name === server.name);
    const hashNow = server.discoverability?.menu_text_hash;
    const hashWas = old?.discoverability?.menu_text_hash;
    if (!hashNow || !hashWas || hashNow === hashWas) continue;
    const was: Figures[] = [];
    const now: Figures[] = [];
    const lower: string[] = [];
    const higher: string[] = [];
    for (const s of report.scenarios) {
      const cur = s.results.find((r) => r.server === server.name)?.discoverability;
      const prev = before.get(pairKey(server.name, s.id))?.result.discoverability;
      if (!cur || !prev) continue;
      now.push(cur);
      was.push(prev);
      if (cur.mrr < prev.mrr) lower.push(s.id);
      else if (cur.mrr > prev.mrr) higher.push(s.id);
    }
    if (now.length === 0) continue;
    const delta = (f: Field) => ({
      baseline: mean(was, f),
      current: mean(now, f),
    });
    diffs.push({
      server: server.name,
      scenarios: now.length,
      recallAt1: delta('recall_at_1'),
      recallAt3: delta('recall_at_3'),
      recallAt5: delta('recall_at_5'),
      mrr: delta('mrr'),
      rankedLower: lower,
      rankedHigher: higher,
    });
  }
  return diffs;
}
