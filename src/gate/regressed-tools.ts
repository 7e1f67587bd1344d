import type { Report, RunCall, RunResult } from '../report/types.js';
import { diffRequests } from './call-diff.js';
import { brokenCalls, firstWithCalls } from './planned-call-rule.js';
import { pairKey, scenarioIndex } from './rule-kit.js';
import type { EndpointDiff, Regression, ToolRegression } from './types.js';

/** The regressions a broken tool explains: a scenario that now fails, a call that now fails. */
const BROKEN = new Set(['task_success', 'planned_call']);
// A fact missing from the answer, or held only by a tool other than its named source.
const FACT = /^fact (.+?) is not (?:in the answer$|in the results of |from )/;
const LOOKUP = /from step \d+ \((?<tool>[^)]+)\) at (?<path>\S+), (?<what>[^:]+): (?<answer>.*)$/;

/** The facts a run's task failures name (`name (value)`), for the comment's "missing facts". */
export const missing = (run: Pick<RunResult, 'task_failures'> | undefined): string[] =>
  (run?.task_failures ?? []).flatMap((f) => FACT.exec(f)?.[1] ?? []);

function lookupOf(
  run: RunResult | undefined,
): { tool: string; path: string; answer: string; what: string } | null {
  if (run?.stop_reason !== 'failed_lookup') return null;
  const groups = run.task_failures.map((f) => LOOKUP.exec(f)?.groups).find(Boolean);
  return groups
    ? {
        tool: groups.tool ?? '',
        path: groups.path ?? '',
        answer: groups.answer ?? '',
        what: groups.what ?? '',
      }
    : null;
}

// A state check the fake's state failed after the run: `state: #0 wlan-ssids: …`.
const STATE = /^state: #\d+ (?<collection>[^:]+): /;

/** The run's write requests a call made (`METHOD path`), by its request span. */
function writesOf(run: RunResult, call: RunCall): string[] {
  const span = call.request_span;
  if (!span || !run.requests) return [];
  return run.requests
    .slice(span.first, span.first + span.count)
    .filter((r) => r.kind === 'write')
    .map((r) => `${r.method} ${r.path}`);
}

/**
 * The call whose write a failed state check points at: of the calls that made write requests,
 * the first whose write path names the check's collection, else the first that wrote at all.
 */
function writerOf(run: RunResult | undefined, collection: string) {
  if (!run) return null;
  const writers = (run.calls ?? [])
    .map((call) => ({ call, writes: writesOf(run, call) }))
    .filter((w) => w.writes.length > 0);
  return (
    writers.find((w) => w.writes.some((line) => line.includes(`/${collection}`))) ??
    writers[0] ??
    null
  );
}

/**
 * A scenario whose state check failed: the tool that wrote (not the tool that read the result
 * back), with the check's words. When the PR's run wrote nothing, the baseline's writer names
 * the tool that no longer writes.
 */
function stateCause(old: RunResult | undefined, cur: RunResult | undefined) {
  const failure = cur?.task_failures.find((f) => STATE.test(f));
  const collection = failure ? STATE.exec(failure)?.groups?.collection : undefined;
  if (!failure || !collection) return null;
  const now = writerOf(cur, collection);
  if (now)
    return {
      tool: now.call.tool,
      answer: failure.slice('state: '.length),
      whatToDo: `${now.call.tool} sent ${now.writes.join(', ')} but the fake's ${collection} is not what the scenario asks: compare its request body with the API's document.`,
    };
  const was = writerOf(old, collection);
  return was
    ? {
        tool: was.call.tool,
        answer: failure.slice('state: '.length),
        whatToDo: `${was.call.tool} no longer sends ${was.writes.join(', ')} (the baseline's run did): restore the write.`,
      }
    : null;
}

/** The lookup message quotes the answer as a JSON string: show the text itself. */
const unquote = (text: string): string => {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'string' ? value : text;
  } catch {
    return text;
  }
};

const paramChange = (endpoints: readonly EndpointDiff[]): string | null => {
  for (const e of endpoints)
    for (const p of e.params)
      if (p.name !== 'next' && p.name !== 'limit' && p.name !== 'offset')
        return `${e.endpoint} now sends ${p.name} \`${p.after}\` (was \`${p.before}\`)`;
  return null;
};

/** `limit 1000 → 100` on an endpoint called no more often than before: the paging was cut. */
const smallerPage = (endpoints: readonly EndpointDiff[]): string | null => {
  for (const e of endpoints) {
    const limit = e.params.find((p) => p.name === 'limit');
    if (limit && e.after <= e.before && Number(limit.after) < Number(limit.before))
      return `${e.endpoint} now asks for limit ${limit.after} (was ${limit.before}) and calls it ×${e.after}`;
  }
  return null;
};

const fewerPages = (endpoints: readonly EndpointDiff[]): EndpointDiff | undefined =>
  endpoints.find(
    (e) =>
      e.after > 0 &&
      e.after < e.before &&
      e.params.some((p) => p.name === 'next' || p.name === 'limit'),
  );

/**
 * The tool a regressed scenario points at, and what it did: a planned call that now fails (that
 * tool, its error), else a state check that failed (the tool that wrote), else a lookup that found nothing (the tool it read, its answer), else the
 * first call whose answer changed size (the tool, the sizes). The "what to do" line names the
 * likeliest cause the call diff shows: a changed filter, paging that stopped, an error.
 */
function explain(
  old: RunResult | undefined,
  cur: RunResult | undefined,
  endpoints: EndpointDiff[],
) {
  const broken = brokenCalls(old, cur)[0];
  if (broken) {
    const error = broken.call.error ?? broken.call.outcome;
    return {
      tool: broken.call.tool,
      answer: error,
      whatToDo: `${broken.call.tool} now fails (${broken.call.outcome}) where the baseline's call succeeded: restore the tool or its arguments' handling, or declare it under "retired" if it is gone on purpose.`,
    };
  }
  const state = stateCause(old, cur);
  if (state) return state;
  const lookup = lookupOf(cur);
  const changedParam = paramChange(endpoints);
  const paging = fewerPages(endpoints);
  if (lookup) {
    const cause = changedParam
      ? `${changedParam}, and its answer has nothing at ${lookup.path}`
      : `its answer has nothing at ${lookup.path} that the next step needs`;
    return {
      tool: lookup.tool,
      answer: unquote(lookup.answer),
      whatToDo: `${lookup.tool}: ${cause}; check the filter it sends against the API's field names.`,
    };
  }
  const calls = cur?.calls ?? [];
  const before = old?.calls ?? [];
  const changed = calls.find(
    (c, i) => before[i]?.tool === c.tool && before[i]?.result_chars !== c.result_chars,
  );
  const tool = changed?.tool ?? calls[0]?.tool ?? '(no call)';
  const was = changed ? before[calls.indexOf(changed)]?.result_chars : undefined;
  const answer =
    changed && was !== undefined
      ? `${was} → ${changed.result_chars} characters`
      : 'the same size as the baseline’s';
  const cutPage = smallerPage(endpoints);
  const whatToDo = cutPage
    ? `${tool}: ${cutPage}, so it sees one page of the list; follow the API's next cursor to its last page.`
    : paging
      ? `${tool} calls ${paging.endpoint} ×${paging.before} → ×${paging.after}: it stops before the API's last page; follow the API's next cursor to its last page.`
      : changedParam
        ? `${tool}: ${changedParam}; check it against the API's parameters.`
        : `${tool} answers differently: compare its answer with the baseline's for the missing facts.`;
  return { tool, answer, whatToDo };
}

/**
 * The regressed scenarios grouped by the MCP tool that explains them (per server, in the order
 * the regressions came), each with the call diff, the missing facts, the tool's answer and one
 * line of what to do: the comment's first screen.
 */
export function regressedTools(
  report: Report,
  base: Report | null,
  regressions: readonly Regression[],
): ToolRegression[] {
  if (!base) return [];
  const before = scenarioIndex(base);
  const after = scenarioIndex(report);
  const byTool = new Map<string, ToolRegression>();
  for (const r of regressions) {
    // Figures that rose (tokens, latency) have no broken tool to name: the reasons list them.
    if (!r.where.startsWith('scenario:') || !BROKEN.has(r.metric)) continue;
    const id = r.where.slice('scenario:'.length).split(' ')[0] ?? '';
    const key = pairKey(r.server, id);
    const old = firstWithCalls(before.get(key)?.result.runs ?? []);
    const cur = firstWithCalls(after.get(key)?.result.runs ?? []);
    const endpoints =
      old?.requests && cur?.requests ? diffRequests(old.requests, cur.requests) : [];
    const { tool, answer, whatToDo } = explain(old, cur, endpoints);
    const gone = new Set(missing(old));
    const facts = missing(cur).filter((f) => !gone.has(f));
    const toolKey = pairKey(r.server, tool);
    const entry = byTool.get(toolKey);
    if (entry) {
      if (!entry.scenarios.includes(id)) entry.scenarios.push(id);
      for (const f of facts) if (!entry.missingFacts.includes(f)) entry.missingFacts.push(f);
      continue;
    }
    byTool.set(toolKey, {
      server: r.server,
      tool,
      scenarios: [id],
      endpoints,
      missingFacts: facts,
      answer,
      whatToDo,
    });
  }
  return [...byTool.values()];
}
