import type { Report, RunEnvironment } from '../report/types.js';

/** One way the PR's run differed from the baseline's besides the code. */
export interface EnvironmentChange {
  /** `machine`, `runner image`, `Node`, `Python`, `OS`, `harness`, `load average`. */
  what: string;
  baseline: string;
  current: string;
}

/** The recorded entries compared as text, with the name the comment gives them. */
const FIELDS: readonly [keyof RunEnvironment, string][] = [
  ['machine', 'machine'],
  ['runner_image', 'runner image'],
  ['os', 'OS'],
  ['node', 'Node'],
  ['python', 'Python'],
];

/**
 * Whether two 1-minute load averages differ enough to say so: by at least half the machine's
 * cores (and at least 1). Load always differs a little; what moves latency is a busy machine
 * against an idle one.
 */
function loadDiffers(was: RunEnvironment, now: RunEnvironment): boolean {
  const a = was.load_average[0];
  const b = now.load_average[0];
  if (a === undefined || b === undefined) return false;
  return Math.abs(a - b) >= Math.max(1, Math.min(was.cpus, now.cpus) / 2);
}

/**
 * How the PR's run differed from the baseline's besides the code: the machine, runner image, OS,
 * Node and Python versions, the load when each started, and the harness version. Fixture hashes
 * are a setting the not-comparable rule already names (comparability.ts). Empty when nothing
 * differs or either report predates the record (nothing to compare).
 */
export function environmentChanges(report: Report, base: Report | null): EnvironmentChange[] {
  const changes: EnvironmentChange[] = [];
  if (!base) return changes;
  if (base.harness.version !== report.harness.version)
    changes.push({
      what: 'harness',
      baseline: base.harness.version,
      current: report.harness.version,
    });
  const was = base.environment;
  const now = report.environment;
  if (!was || !now) return changes;
  for (const [key, what] of FIELDS) {
    const a = String(was[key] ?? 'none');
    const b = String(now[key] ?? 'none');
    if (a !== b) changes.push({ what, baseline: a, current: b });
  }
  if (loadDiffers(was, now))
    changes.push({
      what: 'load average (1 min, at start)',
      baseline: String(was.load_average[0]),
      current: String(now.load_average[0]),
    });
  return changes;
}

/** The comment's "environment changed" line, or null when nothing changed. */
export function environmentLine(changes: readonly EnvironmentChange[]): string | null {
  if (changes.length === 0) return null;
  const listed = changes.map((c) => `${c.what} ${c.baseline} → ${c.current}`).join('; ');
  return `**Environment changed** since the baseline: ${listed}. Latency and start-up compare across machines and loads only as far as the noise bands reach; read their changes with this in mind.`;
}
