import type { Report, ScenarioServerResult, ServerReport } from '../report/types.js';
import { verdictOf } from './standings.js';

/**
 * Equal terms across MCP eras, so no server is ranked on an era another does not speak. A dual-era server is in the report twice: under its
 * own name in the era the harness negotiated (2026-07-28 when it speaks it) and as
 * `NAME@2025-11-25` (`era_of: NAME`, the same launch with the 2025 handshake only). The ranking
 * takes one entry per server, all in one era (the common era); the other entries are shown
 * beside it, with the difference in one line generated from their runs.
 */

/** One server with its entries of the report: its own first, then its other-era ones. */
export interface EraGroup {
  server: string;
  entries: readonly ServerReport[];
}

/** Which entry of each server is ranked, and which are shown beside it. */
export interface EraPlan {
  /** The revision every ranked entry was measured in; null when the servers share none. */
  era: string | null;
  /** One entry name per server, in report order. */
  ranked: readonly string[];
  /** Ranked entry → the same server's entries in other eras. */
  beside: ReadonlyMap<string, readonly string[]>;
}

/** The report's servers grouped by the server they ran (`era_of`, else their own name). */
export function eraGroups(report: Report): EraGroup[] {
  const groups = new Map<string, ServerReport[]>();
  for (const s of report.servers) {
    const key = s.era_of ?? s.name;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return [...groups].map(([server, entries]) => ({
    server,
    // Its own entry first (the one negotiated), whatever order the run listed them in.
    entries: [...entries].sort(
      (a, b) => Number(a.era_of !== undefined) - Number(b.era_of !== undefined),
    ),
  }));
}

/**
 * The newest revision every server has an entry in (servers that never started, with no
 * revision, do not count against it); null when there is none. With all servers on 2025-11-25
 * and one also on 2026-07-28, that is 2025-11-25.
 */
export function commonEra(report: Report): string | null {
  const sets = eraGroups(report)
    .map((g) => new Set(g.entries.flatMap((e) => (e.protocol_version ? [e.protocol_version] : []))))
    .filter((set) => set.size > 0);
  const [first, ...rest] = sets;
  if (!first) return null;
  const shared = [...first].filter((v) => rest.every((set) => set.has(v)));
  // Revisions are dates: the newest sorts last.
  return shared.sort().at(-1) ?? null;
}

/** The ranked entry of each server (in the common era when there is one) and the others. */
export function eraPlan(report: Report): EraPlan {
  const era = commonEra(report);
  const ranked: string[] = [];
  const beside = new Map<string, string[]>();
  for (const group of eraGroups(report)) {
    const pick =
      (era === null ? undefined : group.entries.find((e) => e.protocol_version === era)) ??
      group.entries[0];
    if (!pick) continue;
    ranked.push(pick.name);
    const others = group.entries.filter((e) => e !== pick).map((e) => e.name);
    if (others.length > 0) beside.set(pick.name, others);
  }
  return { era, ranked, beside };
}

/** The report's entry of `name`. */
const entry = (report: Report, name: string): ServerReport | undefined =>
  report.servers.find((s) => s.name === name);

/** The revision an entry was measured in, for a reader ("an unknown revision" when none). */
export const revisionOf = (report: Report, name: string): string =>
  entry(report, name)?.protocol_version ?? 'an unknown revision';

/** The server asked for a confirmation (elicitation) in at least one run of the result. */
const asked = (r: ScenarioServerResult): boolean =>
  r.runs.some((run) => (run.calls ?? []).some((c) => (c.elicitations?.length ?? 0) > 0));

/** A write or diagnostic action reached the fake in at least one run of the result. */
const acted = (r: ScenarioServerResult): boolean =>
  r.runs.some((run) =>
    (run.requests ?? []).some((q) => q.kind === 'write' || q.kind === 'diagnostic'),
  );

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * One line on how `other` (the same server in another era) differs from `ranked`, from their
 * runs alone: which scenarios pass safely in only one of the eras and, where it is the case
 * for all of them, that the server asked for confirmation and acted in one era and neither in
 * the other (a server that may not send requests of its own on 2026-07-28 cannot elicit).
 */
export function eraDifference(report: Report, ranked: string, other: string): string {
  const rankedEra = revisionOf(report, ranked);
  const otherEra = revisionOf(report, other);
  const onlyRanked: string[] = [];
  const onlyOther: string[] = [];
  let confirmations = 0;
  for (const scenario of report.scenarios) {
    const a = scenario.results.find((r) => r.server === ranked);
    const b = scenario.results.find((r) => r.server === other);
    if (!a || !b || a.absent || b.absent) continue;
    const passA = verdictOf(a) === 'safe-pass';
    const passB = verdictOf(b) === 'safe-pass';
    if (passA === passB) continue;
    const [won, lost] = passA ? [a, b] : [b, a];
    (passA ? onlyRanked : onlyOther).push(scenario.id);
    if (asked(won) && acted(won) && !asked(lost) && !acted(lost)) confirmations += 1;
  }
  const changed = onlyRanked.length + onlyOther.length;
  if (changed === 0) return `on ${otherEra} the same scenarios pass safely as on ${rankedEra}`;
  const parts: string[] = [];
  if (onlyRanked.length > 0)
    parts.push(
      `${plural(onlyRanked.length, 'scenario')} that pass${onlyRanked.length === 1 ? 'es' : ''} on ${rankedEra} fail${onlyRanked.length === 1 ? 's' : ''} on ${otherEra} (${onlyRanked.join(', ')})`,
    );
  if (onlyOther.length > 0)
    parts.push(
      `${plural(onlyOther.length, 'scenario')} pass${onlyOther.length === 1 ? 'es' : ''} only on ${otherEra} (${onlyOther.join(', ')})`,
    );
  // The cause, when the runs show one cause for every scenario that changed.
  const why =
    confirmations === changed
      ? `: where ${changed === 1 ? 'it passes' : 'they pass'} the server asked for confirmation (elicitation) and sent the action; where ${changed === 1 ? 'it fails' : 'they fail'} it asked for none and sent none`
      : '';
  return `${parts.join('; ')}${why}`;
}
