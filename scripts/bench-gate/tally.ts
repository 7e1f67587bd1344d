/**
 * The bench's figures from its records: caught / planted overall, per kind and per server, the
 * share of exercised plants caught (the goal: all of them), the false alarms of the reruns, and
 * the markdown docs/gate.md shows. Pure.
 */
import { PLANT_KINDS } from './catalogue.js';
import type { PlantOutcome } from './outcome.js';

/** One rerun of an unchanged server compared with its baseline. */
export interface RerunOutcome {
  n: number;
  server: string;
  /** Run beside another rerun (two benches at once). */
  concurrent: boolean;
  status: string;
  falseAlarm: boolean;
  reasons: string[];
  wallMs: number;
  load: [number, number];
  error?: string;
}

export interface Count {
  caught: number;
  planted: number;
}

export interface Tally {
  overall: Count;
  exercised: Count;
  namedRight: Count;
  byKind: Record<string, Count>;
  byServer: Record<string, Count>;
  /** Plants whose bench failed: not counted above. */
  unmeasured: string[];
  falseAlarms: Count;
}

const add = (c: Count, caught: boolean) => {
  c.planted += 1;
  if (caught) c.caught += 1;
};

export function tally(plants: readonly PlantOutcome[], reruns: readonly RerunOutcome[]): Tally {
  const t: Tally = {
    overall: { caught: 0, planted: 0 },
    exercised: { caught: 0, planted: 0 },
    namedRight: { caught: 0, planted: 0 },
    byKind: {},
    byServer: {},
    unmeasured: [],
    falseAlarms: { caught: 0, planted: 0 },
  };
  for (const p of plants) {
    if (p.error !== undefined) {
      t.unmeasured.push(p.id);
      continue;
    }
    add(t.overall, p.caught);
    if (p.exercised) add(t.exercised, p.caught);
    if (p.caught) add(t.namedRight, p.namedRight);
    add((t.byKind[p.kind] ??= { caught: 0, planted: 0 }), p.caught);
    add((t.byServer[p.server] ??= { caught: 0, planted: 0 }), p.caught);
  }
  for (const r of reruns) if (r.error === undefined) add(t.falseAlarms, r.falseAlarm);
  return t;
}

const ratio = (c: Count): string =>
  `${c.caught}/${c.planted}${c.planted > 0 ? ` (${Math.round((100 * c.caught) / c.planted)} %)` : ''}`;

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

const cut = (text: string, max = 160): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

const load = (l: [number, number]): string => `${l[0].toFixed(1)}–${l[1].toFixed(1)}`;

/** The summary lines (printed, and the head of docs/gate.md's measured section). */
export function summaryLines(t: Tally): string[] {
  return [
    `- **Caught:** ${ratio(t.overall)} planted regressions fail \`compare\`.`,
    `- **Caught where a scenario or the sweep exercises the tool:** ${ratio(t.exercised)} (goal: all).`,
    `- **Named the planted tool** (of those caught): ${ratio(t.namedRight)}.`,
    `- **False alarms:** ${t.falseAlarms.caught} of ${t.falseAlarms.planted} reruns of the unchanged servers failed (goal: 0 of 20).`,
    ...(t.unmeasured.length > 0
      ? [
          `- **Not measured** (not run in this measurement, or its bench failed): ${t.unmeasured.length}: ${t.unmeasured.join(', ')}.`,
        ]
      : []),
  ];
}

export function kindTable(t: Tally): string[] {
  const kinds = PLANT_KINDS.filter((k) => t.byKind[k]);
  return [
    '| kind | caught / planted |',
    '| ---- | ---------------: |',
    ...kinds.map((k) => `| ${k} | ${ratio(t.byKind[k] as Count)} |`),
    ...Object.entries(t.byServer).map(([s, c]) => `| **${s} server** | ${ratio(c)} |`),
    `| **all** | ${ratio(t.overall)} |`,
  ];
}

const exerciseText = (p: PlantOutcome): string => {
  if (p.tools.includes('*')) return 'every tool';
  const e = p.exercise;
  if (!e) return '—';
  const sweep = e.sweep.length > 0 ? `sweep ${e.sweep.join(', ')}` : 'not swept';
  return `${e.scenarios} scenario(s); ${sweep}`;
};

export function plantTable(plants: readonly PlantOutcome[]): string[] {
  return [
    '| plant | kind | tool | exercised in the baseline | caught | tool(s) the comment named | first reason |',
    '| ----- | ---- | ---- | ------------------------- | :----: | ------------------------- | ------------ |',
    ...plants.map((p) => {
      const caught = p.error !== undefined ? 'not run' : p.caught ? 'yes' : '**no**';
      const named = p.named.length > 0 ? p.named.map((n) => `\`${n}\``).join(', ') : '—';
      const reason = p.error ?? p.reasons[0] ?? '—';
      return `| ${p.id} | ${p.kind} | ${p.tools.map((x) => `\`${x}\``).join(', ')} | ${exerciseText(p)} | ${caught} | ${named} | ${cell(cut(reason))} |`;
    }),
  ];
}

export function rerunTable(reruns: readonly RerunOutcome[]): string[] {
  return [
    '| rerun | server | beside another | verdict | wall time | load (1 min) | first reason |',
    '| ----: | ------ | :------------: | ------- | --------: | ------------ | ------------ |',
    ...reruns.map(
      (r) =>
        `| ${r.n} | ${r.server} | ${r.concurrent ? 'yes' : 'no'} | ${r.error ? 'not run' : r.status} | ${seconds(r.wallMs)} | ${load(r.load)} | ${cell(cut(r.error ?? r.reasons[0] ?? '—'))} |`,
    ),
  ];
}
