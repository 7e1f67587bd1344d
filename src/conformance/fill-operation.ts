import { documentedValue, knownValue, type FixtureIds } from './fixture-ids.js';
import type { JsonValue, Operation, OperationParameter } from './openapi-documents.js';
import type { ProbeClient } from './probe-client.js';

const norm = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Fallback for a required parameter nothing else fills: a value of the documented type. */
function typedValue(param: OperationParameter): string {
  const type = Array.isArray(param.schema.type) ? param.schema.type[0] : param.schema.type;
  if (type === 'integer' || type === 'number')
    return typeof param.schema.minimum === 'number' ? String(param.schema.minimum) : '1';
  if (type === 'boolean') return 'false';
  return 'conformance-probe';
}

/** The first array of objects in a list answer (top level, or one level down: `items`, `wlan-ssid`…). */
function firstItem(body: JsonValue | undefined): Record<string, JsonValue> | undefined {
  const isRow = (v: JsonValue): v is Record<string, JsonValue> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (Array.isArray(body)) return body.find(isRow);
  if (!body || typeof body !== 'object') return undefined;
  for (const value of Object.values(body)) {
    if (Array.isArray(value) && value.some(isRow)) return value.find(isRow);
  }
  for (const value of Object.values(body)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const inner = firstItem(value);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** The item field that names this parameter (`name`, `id`, `wlan-name` → `wlanName`/`essid`…). */
function fieldFor(item: Record<string, JsonValue>, param: string): string | undefined {
  const wanted = norm(param);
  // `report-id`, `job-id`: the item's own `id` before its display `name`.
  const named = wanted.endsWith('id') && wanted !== 'id' ? ['id', 'name'] : ['name', 'id'];
  const candidates = [wanted, wanted.replace(/id$/, ''), ...named, 'essid', 'serialnumber'];
  for (const c of candidates) {
    const key = Object.keys(item).find((k) => norm(k) === c);
    const value = key === undefined ? undefined : item[key];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return undefined;
}

const ASYNC = '/async-operations';

/**
 * The id of a task started by the documented POST that the poll `…/async-operations/{id}` belongs
 * to (the troubleshooting tests), with the POST's documented example body: a made-up id could only
 * ever be 404, so the poll's shape would never be checked. Started once per filled path.
 */
async function startedTask(
  parent: string,
  starter: Operation,
  client: ProbeClient,
  listed: Map<string, JsonValue | undefined>,
): Promise<string | undefined> {
  const key = `POST ${parent}`;
  if (!listed.has(key)) {
    const started = await client.post(parent, starter.bodyExample ?? {});
    const id =
      started.status === 202 && started.location !== undefined
        ? started.location.split('?')[0]?.split('/').filter(Boolean).pop()
        : undefined;
    listed.set(key, id ?? null);
  }
  const id = listed.get(key);
  return typeof id === 'string' ? id : undefined;
}

/** The operation's required query parameters, filled like the path (fixture, then document). */
function requiredQuery(op: Operation, ids: FixtureIds): URLSearchParams {
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    if (p.in !== 'query' || !p.required) continue;
    query.set(p.name, knownValue(op, p, ids) ?? documentedValue(p) ?? typedValue(p));
  }
  return query;
}

/**
 * Fills one operation's path template and required query parameters with fixture ids: first the
 * ids the bundle knows by name (sites, serials, MACs, the clock window), then the first item the
 * fake lists at the parent collection, then the document's example/enum/default.
 */
export async function fillOperation(
  op: Operation,
  ids: FixtureIds,
  client: ProbeClient,
  listed: Map<string, JsonValue | undefined>,
  /** The POST operation documented at a path template, if any (starts async tasks). */
  starterAt: (template: string) => Operation | undefined = () => undefined,
  /** The GET operation documented at a path template, if any (its required query lists it). */
  getterAt: (template: string) => Operation | undefined = () => undefined,
): Promise<string> {
  const query = requiredQuery(op, ids);
  let path = '';
  let template = '';
  for (const segment of op.path.split('/').slice(1)) {
    const match = /^\{(.+)\}$/.exec(segment);
    if (!match) {
      path += `/${segment}`;
      template += `/${segment}`;
      continue;
    }
    const name = match[1] ?? '';
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name) ?? {
      name,
      in: 'path' as const,
      required: true,
      schema: {},
    };
    let value = knownValue(op, param, ids);
    const at = op.path.indexOf(`${ASYNC}/{`);
    if (value === undefined && at > 0 && path.endsWith(ASYNC)) {
      const starter = starterAt(op.path.slice(0, at));
      if (starter) value = await startedTask(path.slice(0, -ASYNC.length), starter, client, listed);
    }
    if (value === undefined) {
      // The parent collection, else (`cnac-image/download/{id}`) the collection above a verb.
      // The collection as its own GET documents it (audits need start-at/end-at to list).
      const collection = getterAt(template);
      const qs = collection ? requiredQuery(collection, ids).toString() : '';
      const listing = qs === '' ? path : `${path}?${qs}`;
      for (const at of [listing, path.slice(0, path.lastIndexOf('/'))]) {
        if (at === '' || value !== undefined) continue;
        if (!listed.has(at)) {
          const answer = await client.get(at);
          listed.set(at, answer.status === 200 ? answer.body : undefined);
        }
        const item = firstItem(listed.get(at));
        value = item ? fieldFor(item, name) : undefined;
      }
    }
    value ??= documentedValue(param) ?? typedValue(param);
    path += `/${encodeURIComponent(value)}`;
    template += `/${segment}`;
  }
  const qs = query.toString();
  return qs === '' ? path : `${path}?${qs}`;
}
