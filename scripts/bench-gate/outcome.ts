/**
 * What the gate made of one planted regression (or one rerun of an unchanged server): its
 * verdict, the MCP tools the comment named as broken, and whether the planted tool was one
 * a scenario or the sweep exercised in the baseline. Pure: reports and verdicts in, a record out.
 */
import type { GateResult } from '../../src/gate/gate.js';
import type { Report } from '../../src/report/types.js';
import { EVERY_TOOL, type Plant } from './catalogue.js';

/** Where the baseline exercised a tool: called in a scenario's plan, and its sweep outcomes. */
export interface Exercise {
  /** Scenarios whose baseline runs called the tool. */
  scenarios: number;
  /** The tool's sweep outcome per bundle in the baseline (`site-a: ok`), empty when not swept. */
  sweep: string[];
}

export interface PlantOutcome {
  id: string;
  server: string;
  kind: string;
  tools: string[];
  status: string;
  caught: boolean;
  /** The tools the comment named as broken (scenario regressions' tools, sweep regressions). */
  named: string[];
  /** One of the planted tools is among them (for `*`: any tool is). */
  namedRight: boolean;
  /** Some planted tool was called by a scenario, or swept `ok`, in the baseline (`*`: always). */
  exercised: boolean;
  exercise: Exercise | null;
  /** The check's first reasons, as the comment lists them. */
  reasons: string[];
  wallMs: number;
  load: [number, number];
  /** The bench itself failed (no report): the plant was not measured. */
  error?: string;
}

/** Where `tool` ran in `report`'s scenarios and sweep. */
export function exerciseOf(report: Report, tool: string): Exercise {
  let scenarios = 0;
  for (const s of report.scenarios)
    if (s.results.some((r) => r.runs.some((run) => (run.calls ?? []).some((c) => c.tool === tool))))
      scenarios += 1;
  const sweep = report.servers
    .flatMap((s) => s.sweep?.tools ?? [])
    .filter((t) => t.tool === tool)
    .map((t) => `${t.fixture}: ${t.outcome}`);
  return { scenarios, sweep };
}

const exercised = (e: Exercise): boolean =>
  e.scenarios > 0 || e.sweep.some((s) => s.endsWith(': ok'));

/** The MCP tools the verdict names as broken, in the order the comment shows them. */
export function namedTools(result: GateResult): string[] {
  const { verdict } = result;
  const names = [
    ...(verdict.toolRegressions ?? []).map((t) => t.tool),
    ...(verdict.sweep ?? []).flatMap((s) => [
      ...s.missing,
      ...s.regressions.map((r) => r.tool),
      ...s.dataLost.map((r) => r.tool),
    ]),
  ];
  return [...new Set(names)];
}

const REASONS_KEPT = 3;

/** The record of one planted regression's PR against the unchanged server's baseline. */
export function plantOutcome(
  plant: Plant,
  baseline: Report,
  result: GateResult,
  timing: { wallMs: number; load: [number, number] },
): PlantOutcome {
  const every = plant.tools.includes(EVERY_TOOL);
  const named = namedTools(result);
  const exercises = every ? [] : plant.tools.map((t) => exerciseOf(baseline, t));
  const first = exercises[0] ?? null;
  return {
    id: plant.id,
    server: plant.server,
    kind: plant.kind,
    tools: plant.tools,
    status: result.verdict.status,
    caught: result.verdict.status === 'fail',
    named,
    namedRight: every ? named.length > 0 : named.some((n) => plant.tools.includes(n)),
    exercised: every || exercises.some(exercised),
    exercise: first,
    reasons: result.verdict.reasons.slice(0, REASONS_KEPT),
    ...timing,
  };
}
