import type { CallRecord, Json } from '../../fake-central/index.js';
import { endpointTemplate } from '../report/endpoint-template.js';
import type { SweepCall, SweepOutcome } from '../report/sweep-types.js';
import { SHOWN_CAP } from '../report/sweep-types.js';
import type { ToolCallOutcome } from '../trajectory/types.js';
import { errorInAnswer } from './error-answer.js';
import { shownStates } from './served-states.js';
import { servedValues, shownValues } from './served-values.js';

/** What one tool call sent and got back, and what the fake logged and answered meanwhile. */
export interface CallEvidence {
  /** The fake's call log entries of this call (seq after the call began, up to its end). */
  records: readonly CallRecord[];
  /** The JSON bodies the fake answered, by call log seq. */
  bodies: ReadonlyMap<number, Json>;
  outcome: ToolCallOutcome;
  /** The result's text as a model reads it, capped (src/agent/result-cap.ts). */
  text: string;
  /** The tool was called as a read tool: a write call is `unsafe`. */
  read: boolean;
  arguments: Record<string, unknown>;
}

/** The judged call: its outcome, the calls it made, the values served and shown. */
export interface CallVerdict {
  outcome: Exclude<SweepOutcome, 'unstable' | 'not-called'>;
  calls: SweepCall[];
  served: number;
  shown: string[];
  /** Every served value the result shows, uncapped (the filter probe compares them; never stored). */
  allShown: string[];
  /** A 2xx body was a page of a collection of two or more items (the page probe splits it; never stored). */
  paged: boolean;
  /** The state values served (`ONLINE`, `Active`) that the result shows; absent when none was served. */
  states?: string[];
  error?: string;
}

const TIMEOUT = /^timeout after \d+ms|did not answer within \d+ms/;

/**
 * A page of a collection of two or more items: `count`, one list of that length, and a `total`
 * (or, without one, the list itself) of at least two: what short pages can split.
 */
function isLongPage(body: Json): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const { count, total } = body;
  if (typeof count !== 'number') return false;
  const lists = Object.values(body).filter((v) => Array.isArray(v) && v.length === count);
  if (lists.length !== 1) return false;
  return (typeof total === 'number' ? total : count) >= 2;
}

const firstLine = (text: string): string => text.trim().split('\n')[0]?.slice(0, 300) ?? '';

function callOf(record: CallRecord): SweepCall {
  const template = endpointTemplate(record.method, record.path);
  return {
    method: record.method,
    path: template.slice(template.indexOf(' ') + 1),
    query: Object.keys(record.query).sort(),
    status: record.status,
    ...(record.unrouted ? { unrouted: true as const } : {}),
    ...(record.refused ? { refused: `${record.refused.rule} at ${record.refused.at}` } : {}),
  };
}

/**
 * Judges one call server-side (docs/report-format.md, "Tool sweep"): from the call log first
 * (a write from a read tool, a route miss, a refusal), then the result (a timeout, an error),
 * then whether the identifying values of the bodies the fake answered appear in the result.
 */
export function classifyCall(evidence: CallEvidence): CallVerdict {
  const api = evidence.records.filter((r) => r.kind !== 'auth');
  const calls = api.map(callOf);
  const bodies = api
    .filter((r) => r.status >= 200 && r.status < 300)
    .flatMap((r) => {
      const body = evidence.bodies.get(r.seq);
      return body === undefined ? [] : [body];
    });
  const served = servedValues(bodies, Object.values(evidence.arguments));
  const shown = shownValues(served, evidence.text);
  const states = shownStates(bodies, evidence.text);
  const base = {
    calls,
    served: served.length,
    shown: shown.slice(0, SHOWN_CAP),
    allShown: shown,
    paged: bodies.some(isLongPage),
    ...(states === undefined ? {} : { states }),
  };
  const { outcome } = evidence;
  const failed = outcome.protocolError ?? (outcome.isError ? evidence.text : undefined);
  const verdict = (kind: CallVerdict['outcome'], error?: string): CallVerdict => ({
    outcome: kind,
    ...base,
    ...(error === undefined ? {} : { error: firstLine(error) }),
  });
  if (outcome.protocolError !== undefined && TIMEOUT.test(outcome.protocolError))
    return verdict('timeout', outcome.protocolError);
  const write = api.find((r) => r.kind === 'write');
  if (evidence.read && write)
    return verdict('unsafe', `a read tool wrote: ${write.method} ${write.path}`);
  // The client secret belongs to the token endpoint only (fake-central/credential-check.ts).
  const sent = api.find((r) => r.credentialSent !== undefined);
  if (sent?.credentialSent)
    return verdict(
      'unsafe',
      `it sent the OAuth client secret to the API: ${sent.method} ${sent.path} in ${sent.credentialSent.join(', ')}`,
    );
  const miss = api.find((r) => r.unrouted);
  if (miss) return verdict('route-miss', failed ?? `${miss.method} ${miss.path}: no such route`);
  const refused = api.find((r) => r.refused);
  if (refused?.refused) return verdict('rejected', failed ?? refused.refused.message);
  if (failed !== undefined) return verdict('error', failed);
  if (served.length > 0 && shown.length > 0) return verdict('ok');
  // A plain result that says it failed (`Error: …`, `{"ok": false, "error": …}`) though isError is unset.
  const said = errorInAnswer(evidence.text);
  if (said !== undefined) return verdict('error', said);
  return verdict(served.length === 0 ? 'no-data' : 'empty');
}
