import type { RefusalRule } from '../../fake-central/index.js';
import type {
  JsonObject,
  JsonValue,
  OpenApiDocument,
  Operation,
  OperationParameter,
} from './openapi-documents.js';
import { deref } from './openapi-documents.js';
import type { ProbeClient } from './probe-client.js';
import { firstType, isObject, propertiesOf, requiredOf } from './sample-body.js';

/** One request that breaks one documented rule of a GET, and how the fake answered it. */
export interface RejectProbe {
  operationId: string;
  path: string;
  /** The rule the probe breaks, and the query parameter (or body member) it breaks it on. */
  rule: RefusalRule;
  parameter: string;
  /** `body`: a write whose JSON body breaks the rule at member `parameter` (`/opmode`). */
  in?: 'body';
  method?: string;
  request: string;
  status: number;
  /** 400 with the family's error body, and the call log names this rule at this parameter. */
  refused: boolean;
  /** Why it does not count as refused: the answer, or the rule the fake named instead. */
  mismatch?: string;
}

/** The probes of one document: operations probed, those whose base request was already refused. */
export interface RejectResult {
  probed: number;
  refused: number;
  /**
   * Operations left out: their filled request (a GET's query, a write's smallest documented
   * body) breaks a rule already (a made-up id), so no probe of them is clean.
   */
  baseRefused: number;
  /** GETs left out: the fake does not serve them (a route miss comes before any check). */
  unrouted: number;
  results: RejectProbe[];
}

// Paging parameters are lenient by design (fake-central/SPEC.md §9, §13 D15).
const PAGING = new Set(['limit', 'offset', 'next']);
// The families that refuse unknown query parameters live (SPEC.md §9).
const STRICT = /^\/(network-monitoring|network-notifications|network-services)\//;
const UNKNOWN = 'conformance-unknown';

const isErrorBody = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { errorCode?: unknown }).errorCode === 'string' &&
  typeof (body as { message?: unknown }).message === 'string';

/** The probes of one operation: one broken rule each, on top of a request the fake accepts. */
function probesOf(
  op: Operation,
): { rule: RefusalRule; parameter: string; edit: (q: URLSearchParams) => void }[] {
  const query = op.parameters.filter((p) => p.in === 'query' && !PAGING.has(p.name));
  const out: { rule: RefusalRule; parameter: string; edit: (q: URLSearchParams) => void }[] = [];
  if (STRICT.test(op.path))
    out.push({ rule: 'unknown-parameter', parameter: UNKNOWN, edit: (q) => q.set(UNKNOWN, '1') });
  const withEnum = query.find((p) => Array.isArray(p.schema.enum) && p.schema.type === 'string');
  if (withEnum)
    out.push({
      rule: 'enum',
      parameter: withEnum.name,
      edit: (q) => q.set(withEnum.name, 'NOT_DOCUMENTED_VALUE'),
    });
  const typed = query.find(
    (p: OperationParameter) =>
      typeof p.schema.type === 'string' && ['integer', 'number', 'boolean'].includes(p.schema.type),
  );
  if (typed)
    out.push({
      rule: 'type',
      parameter: typed.name,
      edit: (q) => q.set(typed.name, 'not-a-value'),
    });
  const required = query.find((p) => p.required);
  if (required)
    out.push({ rule: 'required', parameter: required.name, edit: (q) => q.delete(required.name) });
  return out;
}

/** A write to probe: its filled path and the smallest body its document allows. */
export interface WriteToProbe {
  doc: OpenApiDocument;
  op: Operation;
  request: string;
  body: JsonValue;
}

type BodyProbe = { rule: RefusalRule; member: string; edit: (b: JsonObject) => void };

/**
 * The body probes of one write: a top-level member outside its enum, one of the wrong type, a
 * required member left out, each on top of the smallest documented body.
 */
function bodyProbesOf(doc: OpenApiDocument, op: Operation): BodyProbe[] {
  const props = Object.entries(propertiesOf(doc, op.requestSchema)).map(
    ([name, schema]) => [name, deref(doc.root, schema, doc.file)] as const,
  );
  const out: BodyProbe[] = [];
  const withEnum = props.find(
    ([, s]) => isObject(s) && Array.isArray(s.enum) && firstType(s) === 'string',
  );
  if (withEnum)
    out.push({
      rule: 'enum',
      member: withEnum[0],
      edit: (b) => (b[withEnum[0]] = 'NOT_DOCUMENTED_VALUE'),
    });
  const typed = props.find(
    ([, s]) =>
      isObject(s) &&
      !Array.isArray(s.enum) &&
      ['integer', 'number', 'boolean', 'string'].includes(firstType(s) ?? ''),
  );
  if (typed) {
    const wrong = isObject(typed[1]) && firstType(typed[1]) === 'string' ? 12345 : 'not-a-value';
    out.push({ rule: 'type', member: typed[0], edit: (b) => (b[typed[0]] = wrong) });
  }
  // A merge-patch sends only what changes: its required members are not checked (SPEC.md §9).
  const required = op.method === 'PATCH' ? undefined : requiredOf(doc, op.requestSchema)[0];
  if (required !== undefined)
    out.push({ rule: 'required', member: required, edit: (b) => delete b[required] });
  return out;
}

/**
 * Sends, for every write whose smallest documented body the fake accepts, writes whose body
 * breaks one documented rule each, and records whether the fake refused each with the family's
 * error body for that rule at that member. The writes go to the checking fake, whose state they
 * may change: each probe stands alone, since the rules are checked before any handler runs.
 */
async function probeBodies(
  writes: readonly WriteToProbe[],
  client: ProbeClient,
  tally: { baseRefused: number; unrouted: number },
): Promise<RejectProbe[]> {
  const results: RejectProbe[] = [];
  for (const { doc, op, request, body } of writes) {
    if (!isObject(body)) continue;
    const probes = bodyProbesOf(doc, op);
    if (probes.length === 0) continue;
    const base = await client.send(op.method, request, body);
    if (base.unrouted) {
      tally.unrouted += 1;
      continue;
    }
    if (base.refused) {
      tally.baseRefused += 1;
      continue;
    }
    for (const probe of probes) {
      const broken: JsonObject = structuredClone(body);
      probe.edit(broken);
      const answer = await client.send(op.method, request, broken);
      const at = `body:/${probe.member}`;
      const named = answer.refused?.rule === probe.rule && answer.refused.at === at;
      const refused = answer.status === 400 && named && isErrorBody(answer.body);
      results.push({
        operationId: op.operationId,
        path: op.path,
        rule: probe.rule,
        parameter: `/${probe.member}`,
        in: 'body',
        method: op.method,
        request,
        status: answer.status,
        refused,
        ...(refused
          ? {}
          : {
              mismatch: answer.refused
                ? `refused for ${answer.refused.rule} at ${answer.refused.at}`
                : `answered ${answer.status}`,
            }),
      });
    }
  }
  return results;
}

/**
 * Sends, for every GET whose filled request the fake accepts, requests that break one documented
 * query rule each (an unknown parameter where the family refuses them, a value outside an enum, a
 * wrong type, a missing required parameter) to a fake checking requests against the documents,
 * and counts those refused with the family's error body for that very rule; then the writes'
 * body probes (probeBodies).
 */
export async function probeRejects(
  gets: readonly { op: Operation; request: string }[],
  client: ProbeClient,
  writes: readonly WriteToProbe[] = [],
): Promise<RejectResult> {
  const results: RejectProbe[] = [];
  let baseRefused = 0;
  let unrouted = 0;
  for (const { op, request } of gets) {
    const probes = probesOf(op);
    if (probes.length === 0) continue;
    const base = await client.get(request);
    if (base.unrouted) {
      unrouted += 1;
      continue;
    }
    if (base.refused) {
      baseRefused += 1;
      continue;
    }
    const [path = '', search = ''] = request.split('?');
    for (const probe of probes) {
      const query = new URLSearchParams(search);
      probe.edit(query);
      const sent = query.size > 0 ? `${path}?${query.toString()}` : path;
      const answer = await client.get(sent);
      const named =
        answer.refused?.rule === probe.rule && answer.refused.at === `query:${probe.parameter}`;
      const refused = answer.status === 400 && named && isErrorBody(answer.body);
      results.push({
        operationId: op.operationId,
        path: op.path,
        rule: probe.rule,
        parameter: probe.parameter,
        request: sent,
        status: answer.status,
        refused,
        ...(refused
          ? {}
          : {
              mismatch: answer.refused
                ? `refused for ${answer.refused.rule} at ${answer.refused.at}`
                : `answered ${answer.status}`,
            }),
      });
    }
  }
  const tally = { baseRefused, unrouted };
  results.push(...(await probeBodies(writes, client, tally)));
  return {
    probed: results.length,
    refused: results.filter((r) => r.refused).length,
    baseRefused: tally.baseRefused,
    unrouted: tally.unrouted,
    results,
  };
}
