/**
 * docs/gate.md's measured section, between its two markers: when and on what the bench ran, the
 * figures, the detectable effect and the per-plant and per-rerun tables. The prose around the
 * markers (method, what the gate misses and why) is written by hand.
 */
import { availableParallelism, loadavg } from 'node:os';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Report } from '../../src/report/types.js';
import type { PlantServer } from './catalogue.js';
import type { DetectableEffect } from './detectable.js';
import type { PlantOutcome } from './outcome.js';
import {
  kindTable,
  plantTable,
  rerunTable,
  summaryLines,
  type RerunOutcome,
  type Tally,
} from './tally.js';

export const DOC = 'docs/gate.md';
export const START = '<!-- bench:gate:start (written by npm run bench:gate) -->';
export const END = '<!-- bench:gate:end -->';

export interface DocInput {
  figures: Tally;
  plants: readonly PlantOutcome[];
  reruns: readonly RerunOutcome[];
  effect: DetectableEffect | null;
  baselines: { plants: Map<PlantServer, Report>; reruns: Map<PlantServer, Report> };
  /** Plants in the catalogue (the run may have measured fewer). */
  total: number;
  /** When each report read was started (its generated_at, ISO): the window, also under --regate. */
  startedAt: readonly string[];
  /** The stored reports gated again (`--regate`): nothing ran now. */
  regated: boolean;
}

const pct = (x: number) => `${(Math.round(x * 1000) / 10).toString()} %`;
const s1 = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const minute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The window the runs started in (a report's generated_at is its start), not the time this doc was written: a resumed or regated
 * measurement reads reports from hours before.
 */
export function whenLine(input: Pick<DocInput, 'startedAt' | 'regated'>): string {
  const sorted = [...input.startedAt].sort();
  const now = minute(new Date().toISOString());
  if (sorted.length === 0) return now;
  const window = `runs started ${minute(sorted[0] as string)} to ${minute(sorted[sorted.length - 1] as string)}`;
  return input.regated ? `${window}, gated again ${now} (\`--regate\`)` : window;
}

function timingLines(input: DocInput): string[] {
  const runs = [...input.plants.filter((p) => !p.error), ...input.reruns.filter((r) => !r.error)];
  const loads = runs.flatMap((r) => r.load);
  const byServer = new Map<string, number[]>();
  for (const p of input.plants)
    if (!p.error)
      (byServer.get(p.server) ?? byServer.set(p.server, []).get(p.server))?.push(p.wallMs);
  const total = runs.reduce((sum, r) => sum + r.wallMs, 0);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return [
    `- **When, on what:** ${whenLine(input)}, ${availableParallelism()} cores shared with other engineers' work, Node ${process.versions.node}; 1-minute load average ${loads.length ? `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}` : 'n/a'} over the runs${input.regated ? '' : ` (${loadavg()[0]?.toFixed(1)} at the end)`}.`,
    `- **Cost:** ${runs.length} PR runs plus ${new Set([...input.baselines.plants.values(), ...input.baselines.reruns.values()].map((r) => r.generated_at)).size} baseline(s); the PR runs took ${s1(total)} together; median per PR run (golden suite × 5 runs + sweep, the action's defaults): ${[...byServer.entries()].map(([s, xs]) => `${s} ${s1(median(xs))}`).join(', ')}.`,
  ];
}

function effectLines(e: DetectableEffect | null): string[] {
  if (!e) return [];
  const fig = (f: DetectableEffect['figures'][number]) =>
    f.relative && f.absolute
      ? `- **${f.figure === 'tokens' ? 'Tokens' : 'API calls'}** (\`${f.thresholdKey}\` ${f.threshold}): the PR's median of 5 runs must exceed the baseline's upper quartile × (1 + threshold). Over the baselines' ${f.scenarios} scenario × server results the smallest rise that fails is ${pct(f.relative.min)}–${pct(f.relative.max)} of the median (median ${pct(f.relative.median)}; ${f.absolute.min}–${f.absolute.max} ${f.figure === 'tokens' ? 'tokens' : 'calls'}). A fall is never a regression.`
      : `- **${f.figure}**: off.`;
  return [
    `- **Task success, scripted policy:** a scenario fails the check when its majority verdict turns from pass to fail: ${e.scriptedRunsToFlip} of 5 runs failing. Scripted runs repeat exactly, so one scenario that breaks is detected; a suite's fraction may not drop at all (\`task-success-drop\` 0): one scenario of its suite (${e.suiteStep.map((s) => `${s.server}: ${pct(s.smallest)}–${pct(s.largest)} of a suite`).join('; ')}).`,
    `- **Task success, model runs:** Fisher's exact test (one-sided, p < 0.05) from 5/5 passing flags ${e.modelPassesFlagged}/5 or fewer (p = ${e.modelP.toFixed(3)}); a drop to ${e.modelPassesFlagged + 1}/5 is not detected.`,
    ...e.figures.map(fig),
  ];
}

export function renderMeasured(input: DocInput): string[] {
  const measured = input.plants.filter((p) => !p.error).length;
  const partial = measured < input.total || input.reruns.length < 20;
  return [
    START,
    '',
    ...(partial
      ? [
          `**Partial:** ${measured} of the catalogue's ${input.total} plants and ${input.reruns.length} of 20 reruns were measured in this run.`,
          '',
        ]
      : []),
    ...timingLines(input),
    '',
    ...summaryLines(input.figures),
    '',
    ...kindTable(input.figures),
    '',
    '**Smallest change detected with 5 runs** (computed from the rules and the default thresholds, over the baselines measured here):',
    '',
    ...effectLines(input.effect),
    '',
    '<details><summary>Every planted regression</summary>',
    '',
    ...plantTable(input.plants),
    '',
    '</details>',
    '',
    '<details><summary>Every rerun of the unchanged servers</summary>',
    '',
    ...rerunTable(input.reruns),
    '',
    '</details>',
    '',
    END,
  ];
}

/** Replaces the measured section of docs/gate.md (appended when the markers are missing). */
export async function writeGateDoc(root: string, input: DocInput): Promise<string> {
  const file = join(root, DOC);
  const text = await readFile(file, 'utf8');
  const section = renderMeasured(input).join('\n');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const next =
    start !== -1 && end > start
      ? `${text.slice(0, start)}${section}${text.slice(end + END.length)}`
      : `${text.trimEnd()}\n\n## Measured: \`npm run bench:gate\`\n\n${section}\n`;
  await writeFile(file, next);
  return file;
}
