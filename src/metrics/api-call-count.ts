import {
  findMatchingPattern,
  normalizeRequestPath,
  type CallKind,
  type CallRecord,
} from '../../fake-central/index.js';
import type { Scenario } from '../scenarios/types.js';
import { byText, callLabel } from './classify-call.js';
import type { ApiCallCount } from './types.js';

const endpoint = (call: CallRecord): string => `${call.method} ${normalizeRequestPath(call.path)}`;

/**
 * Seqs of the calls an injected fault caused: each call the fault plan shaped (`fault` set) and
 * the retry right after it — the next non-auth call to the same method and path (token
 * requests in between, as after an injected expiry, do not break the pair).
 */
export function faultCausedSeqs(calls: readonly CallRecord[]): Set<number> {
  const seqs = new Set<number>();
  calls.forEach((call, i) => {
    if (call.fault === undefined) return;
    seqs.add(call.seq);
    const retry = calls
      .slice(i + 1)
      .find((next) => next.kind !== 'auth' && endpoint(next) === endpoint(call));
    if (retry) seqs.add(retry.seq);
  });
  return seqs;
}

/**
 * API call counts from the fake's log. `total` counts requests that reached the API: not the
 * token endpoints (`auth_calls`) and not refused escapes (a safety finding; still in `by_kind`).
 * `excess` = total − len(expect.api_calls). A call is flailing when it is not auth, poll or
 * escape, matches none of api_calls ∪ allowed_calls ∪ notes.diagnostic, and no injected fault
 * caused it. The run also flails when `excess` exceeds `excess_budget` = len(api_calls) (one
 * read-back each) + len(allowed_calls) (plan: lookups) + async polls + fault-caused calls.
 */
export function apiCallCount(scenario: Scenario, calls: readonly CallRecord[]): ApiCallCount {
  const sorted = [...calls].sort((a, b) => a.seq - b.seq);
  const byKind: Partial<Record<CallKind, number>> = {};
  for (const call of sorted) {
    // A write the fake refused changed nothing: not counted as a write (see effectiveKind).
    const kind = call.refused !== undefined && call.kind === 'write' ? 'read' : call.kind;
    byKind[kind] = (byKind[kind] ?? 0) + 1;
  }
  const counted = sorted.filter((call) => call.kind !== 'auth' && call.kind !== 'escape');
  const faultCaused = faultCausedSeqs(sorted);
  const known = [
    ...scenario.expect.api_calls,
    ...scenario.expect.allowed_calls,
    ...scenario.notes.diagnostic,
  ];
  const flailingCalls = counted
    .filter(
      (call) =>
        call.kind !== 'poll' &&
        !faultCaused.has(call.seq) &&
        findMatchingPattern(known, call.method, call.path) === undefined,
    )
    .map(callLabel)
    .sort(byText);
  const polls = counted.filter((call) => call.kind === 'poll').length;
  const faults = counted.filter((call) => faultCaused.has(call.seq)).length;
  const excess = counted.length - scenario.expect.api_calls.length;
  const budget =
    scenario.expect.api_calls.length + scenario.expect.allowed_calls.length + polls + faults;
  return {
    total: counted.length,
    auth_calls: byKind.auth ?? 0,
    by_kind: byKind,
    excess,
    excess_budget: budget,
    flailing_calls: flailingCalls,
    flailing: flailingCalls.length > 0 || excess > budget,
  };
}
