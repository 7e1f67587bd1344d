import { sweepLine } from '../report/render-sweep.js';
import type { ServerSweep, SweepCall, SweepToolResult } from '../report/sweep-types.js';
import type { Report } from '../report/types.js';

/** One tool × bundle whose sweep entry differs from the baseline's. */
export interface SweepToolChange {
  tool: string;
  fixture: string;
  baseline: string;
  current: string;
  /** `GET /a → GET /b: route miss`, or the calls when they did not change. */
  calls: string;
  /** The first line of the PR's error, when it has one. */
  error?: string;
  /** Served values the baseline's answer showed and the PR's no longer does. */
  lost?: { count: number; examples: string[] };
}

/** A server's sweep against the baseline's. */
export interface SweepComparison {
  server: string;
  /** The PR's sweep line (`sweep: 35/37 tools ok, …`). */
  line: string;
  /** Set when nothing was compared, and why (the baseline has no sweep, …). */
  notCompared: string | null;
  /**
   * `ok` → anything but ok or unstable, anything → `unsafe` (a tool new on the menu too), an
   * API error newly swallowed, a filter the baseline honoured newly ignored, an answer whole
   * under short pages newly truncated, a write that changed the fake's state and now changes
   * nothing or something else: fails.
   */
  regressions: SweepToolChange[];
  /** Still ok, but values the baseline showed are gone: fails. */
  dataLost: SweepToolChange[];
  /** On the baseline's menu, not on the PR's, not retired: fails. */
  missing: string[];
  /** On the baseline's menu, not on the PR's, retired in the thresholds: noted. */
  retired: string[];
  /** On the PR's menu only: listed. */
  added: string[];
  /** Calls or digest (or a non-ok outcome) changed, nothing lost: listed, collapsed. */
  changed: SweepToolChange[];
  /**
   * Write tools (`--sweep all`) not `ok` in the baseline either (they failed, changed nothing,
   * or wrote a wrong value there too): no regression, listed so the comment says so.
   */
  writesFailingBefore: SweepToolChange[];
}

const callText = (c: SweepCall): string =>
  `${c.method} ${c.path}${c.unrouted ? ': route miss' : c.refused ? `: refused (${c.refused})` : ''}`;
const callsText = (calls: readonly SweepCall[]): string =>
  [...new Set(calls.map(callText))].join(', ') || 'no call';

function callsChange(before: SweepToolResult, after: SweepToolResult): string {
  const a = callsText(before.calls);
  const b = callsText(after.calls);
  return a === b ? b : `${a} → ${b}`;
}

const key = (e: SweepToolResult): string => `${e.tool}\0${e.fixture}`;
const sameArguments = (a: SweepToolResult, b: SweepToolResult): boolean =>
  JSON.stringify(a.arguments) === JSON.stringify(b.arguments);

function change(before: SweepToolResult, after: SweepToolResult): SweepToolChange {
  return {
    tool: after.tool,
    fixture: after.fixture,
    baseline: before.outcome,
    current: after.outcome,
    calls: callsChange(before, after),
    ...(after.error === undefined ? {} : { error: after.error }),
  };
}

/** How a probe's fault is described: the 500 probe fails the call and its one retry. */
const faulted = (status: number): string =>
  status === 500
    ? 'its first API call and its retry answered 500'
    : `its first API call answered ${status}`;

/**
 * An API error the baseline's answer said (or recovered from) and the PR's hides, or no longer
 * answers within the call timeout (a back-off grown past it).
 */
function newlySwallowed(before: SweepToolResult, after: SweepToolResult): SweepToolChange | null {
  for (const probe of after.probes ?? []) {
    if (probe.result !== 'swallowed' && probe.result !== 'timeout') continue;
    const was = before.probes?.find((p) => p.status === probe.status);
    if (!was || was.result === 'swallowed' || was.result === 'timeout') continue;
    return {
      ...change(before, after),
      // A no-data tool is probed too (src/sweep/probe-reach.ts): its outcome, not `ok`.
      baseline: `${before.outcome} (API ${probe.status} ${was.result})`,
      current: `${probe.result} (API ${probe.status})`,
      error:
        probe.result === 'timeout'
          ? `${faulted(probe.status)}, it did not answer within the call timeout`
          : `${faulted(probe.status)}, it answered ${JSON.stringify(probe.answer ?? '')}`,
    };
  }
  return null;
}

const shortValue = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/**
 * A filter the baseline's answer honoured (it narrowed) and the PR's ignores or fails on: the
 * filter probe (src/sweep/probe-filters.ts) with the same argument and value.
 */
function newlyIgnoredFilter(
  before: SweepToolResult,
  after: SweepToolResult,
): SweepToolChange | null {
  for (const probe of after.filters ?? []) {
    if (probe.result === 'narrowed') continue;
    const was = before.filters?.find(
      (p) =>
        p.argument === probe.argument && JSON.stringify(p.value) === JSON.stringify(probe.value),
    );
    if (was?.result !== 'narrowed') continue;
    const call = `called with ${probe.argument}=${shortValue(probe.value)}`;
    return {
      ...change(before, after),
      baseline: `ok (filter ${probe.argument} narrowed)`,
      current:
        probe.result === 'ignored'
          ? `filter-ignored (${probe.argument})`
          : `filter-failed (${probe.argument})`,
      error:
        probe.result === 'ignored'
          ? `${call} it still showed all ${probe.values ?? 0} values it showed without (the baseline's answer left ${was.values ?? 0} out)`
          : `${call} it failed: ${probe.error ?? ''}`,
    };
  }
  return null;
}

/**
 * A tool whose answer held every value under short pages in the baseline and no longer does in
 * the PR (src/sweep/probe-pages.ts): its loop over pages cut short, or a short page taken for the
 * last. A baseline that lost values too (a server that never paged) is no regression.
 */
function newlyTruncated(before: SweepToolResult, after: SweepToolResult): SweepToolChange | null {
  const probe = after.pages;
  if (probe === undefined || probe.result === 'whole' || before.pages?.result !== 'whole')
    return null;
  const served = `served in ${probe.pages} short pages`;
  return {
    ...change(before, after),
    baseline: 'ok (short pages whole)',
    current: probe.result === 'truncated' ? 'truncated' : 'pages-failed',
    error:
      probe.result === 'truncated'
        ? `${served} it lost ${probe.values ?? 0} value(s) it showed with full pages, e.g. ${(probe.missing ?? []).map((v) => JSON.stringify(v)).join(', ')}`
        : `${served} it failed: ${probe.error ?? ''}`,
  };
}

const changedText = (lines: readonly string[]): string =>
  lines.length <= 2 ? lines.join('; ') : `${lines.slice(0, 2).join('; ')} (+${lines.length - 2})`;

/**
 * A write tool (`--sweep all`) whose call, with the same arguments on a freshly reset fake,
 * changed the fake's state in the baseline and now changes nothing, or something else: another
 * item (a wrong id), other fields (a wrong body), more or fewer items.
 */
function writeChangedElse(before: SweepToolResult, after: SweepToolResult): SweepToolChange | null {
  const was = before.changed;
  const now = after.changed;
  if (was === undefined || was.length === 0 || now === undefined) return null;
  if (!sameArguments(before, after) || JSON.stringify(was) === JSON.stringify(now)) return null;
  const gone = was.filter((line) => !now.includes(line));
  const extra = now.filter((line) => !was.includes(line));
  return {
    ...change(before, after),
    baseline: `ok (changed ${changedText(was)})`,
    current: now.length === 0 ? 'no-change' : 'changed-other',
    error:
      now.length === 0
        ? 'its write changed nothing in the fake'
        : `it changed ${changedText(extra.length > 0 ? extra : now)}${gone.length > 0 ? `, not ${changedText(gone)}` : ''}`,
  };
}

/** A write tool's entry, judged by the fake's state diff (it has `changed`). */
const isWrite = (e: SweepToolResult): boolean => e.changed !== undefined;

/**
 * The state values (`ONLINE`, `Active`: src/sweep/served-states.ts) the baseline's answer showed
 * that the PR's shows nowhere, when the fake served states on both sides: a status read from a
 * key the API does not have. Reports made before states were recorded compare none.
 */
function lostStates(before: SweepToolResult, after: SweepToolResult): string[] {
  if (before.states === undefined || after.states === undefined) return [];
  const shown = new Set(after.states.map((v) => v.toLowerCase()));
  return before.states.filter((v) => !shown.has(v.toLowerCase()));
}

/**
 * One tool × bundle present on both sides, put where it belongs in `result`: a regression, data
 * lost, a write failing in the baseline too, changed, or nowhere (unchanged, or unstable).
 */
function placeEntry(
  result: SweepComparison,
  before: SweepToolResult,
  after: SweepToolResult,
): void {
  // A read tool that writes, or an answer that carries a secret, fails whatever it was before.
  if (after.outcome === 'unsafe' && before.outcome !== 'unsafe') {
    result.regressions.push(change(before, after));
    return;
  }
  if (before.outcome === 'unstable' || after.outcome === 'unstable') return;
  if (isWrite(before) && isWrite(after) && before.outcome !== 'ok' && after.outcome !== 'ok') {
    result.writesFailingBefore.push(change(before, after));
    return;
  }
  if (before.outcome === 'ok' && after.outcome !== 'ok') {
    result.regressions.push(change(before, after));
    return;
  }
  const probed =
    newlySwallowed(before, after) ??
    newlyIgnoredFilter(before, after) ??
    newlyTruncated(before, after) ??
    writeChangedElse(before, after);
  if (probed) {
    result.regressions.push(probed);
    return;
  }
  if (before.outcome === 'ok' && sameArguments(before, after)) {
    const shown = new Set(after.shown);
    const lost = [
      ...before.shown.filter((v) => !shown.has(v)),
      ...lostStates(before, after).map((v) => `${v} (a state)`),
    ];
    if (lost.length > 0) {
      result.dataLost.push({
        ...change(before, after),
        lost: { count: lost.length, examples: lost.slice(0, 3) },
      });
      return;
    }
  }
  if (
    before.outcome !== after.outcome ||
    before.digest !== after.digest ||
    callsText(before.calls) !== callsText(after.calls)
  )
    result.changed.push(change(before, after));
}

/** One server's sweep against its baseline sweep (both present). */
export function compareServerSweep(
  server: string,
  current: ServerSweep,
  baseline: ServerSweep,
  retiredTools: readonly string[],
): SweepComparison {
  const result: SweepComparison = {
    server,
    line: sweepLine(current),
    notCompared: null,
    regressions: [],
    dataLost: [],
    missing: [],
    retired: [],
    added: current.menu.filter((t) => !baseline.menu.includes(t)),
    changed: [],
    writesFailingBefore: [],
  };
  if (current.failure !== null && current.tools.length === 0) {
    result.notCompared = `not compared (the server did not start for the sweep: ${current.failure.split('\n')[0] ?? ''})`;
    return result;
  }
  for (const tool of baseline.menu.filter((t) => !current.menu.includes(t)))
    (retiredTools.includes(tool) ? result.retired : result.missing).push(tool);
  // A new tool is listed, never a failure, unless it is unsafe: a read tool that writes, or an
  // answer that carries a secret, fails whether or not the baseline had the tool.
  for (const after of current.tools) {
    if (after.outcome !== 'unsafe' || baseline.menu.includes(after.tool)) continue;
    result.regressions.push({
      tool: after.tool,
      fixture: after.fixture,
      baseline: 'new',
      current: 'unsafe',
      calls: callsText(after.calls),
      ...(after.error === undefined ? {} : { error: after.error }),
    });
  }
  const now = new Map(current.tools.map((e) => [key(e), e]));
  for (const before of baseline.tools) {
    const after = now.get(key(before));
    if (after) placeEntry(result, before, after);
  }
  return result;
}

/**
 * Every server's sweep against the baseline's (docs/gate.md, Tool sweep). A server without a
 * sweep on either side is not compared, and says which side lacks it; never a failure.
 */
export function compareSweeps(
  report: Report,
  base: Report | null,
  retiredTools: readonly string[],
): SweepComparison[] {
  return report.servers.flatMap((server) => {
    const current = server.sweep;
    const before = base?.servers.find((s) => s.name === server.name)?.sweep;
    if (!current && !before) return [];
    const empty = {
      server: server.name,
      regressions: [],
      dataLost: [],
      missing: [],
      retired: [],
      added: [],
      changed: [],
      writesFailingBefore: [],
    };
    if (!current)
      return [
        { ...empty, line: 'sweep: off', notCompared: 'not compared (this run has no sweep)' },
      ];
    if (!base)
      return [
        {
          ...empty,
          line: sweepLine(current),
          notCompared: 'not compared (no comparable baseline)',
        },
      ];
    if (!before)
      return [
        { ...empty, line: sweepLine(current), notCompared: 'not compared (baseline has no sweep)' },
      ];
    return [compareServerSweep(server.name, current, before, retiredTools)];
  });
}

/** The lines the check fails for: one per regressed tool, tool lost, data lost. */
export function sweepReasons(comparisons: readonly SweepComparison[]): string[] {
  return comparisons.flatMap((c) => [
    ...c.missing.map(
      (tool) =>
        `${c.server} sweep: ${tool} is missing from the menu (declare a removal on purpose under "retired: {tools: [${tool}]}" in the thresholds)`,
    ),
    ...c.regressions.map(
      (r) =>
        `${c.server} sweep: ${r.tool} (${r.fixture}) ${r.baseline} → ${r.current}; ${r.calls}${r.error ? `; ${r.error}` : ''}`,
    ),
    ...c.dataLost.map(
      (r) =>
        `${c.server} sweep: ${r.tool} (${r.fixture}) lost ${r.lost?.count ?? 0} value(s) the baseline showed, e.g. ${(r.lost?.examples ?? []).map((v) => JSON.stringify(v)).join(', ')}`,
    ),
  ]);
}
