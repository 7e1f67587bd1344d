import { fillOperation } from './fill-operation.js';
import type { FixtureIds } from './fixture-ids.js';
import {
  deref,
  type JsonObject,
  type JsonValue,
  type OpenApiDocument,
  type Operation,
} from './openapi-documents.js';
import type { ProbeClient } from './probe-client.js';
import type { SchemaValidator } from './schema-validator.js';

/** A documented replace (PUT) or merge-patch (PATCH) of the probe's item, and the read after it. */
export interface Update {
  method: 'PUT' | 'PATCH';
  status: number;
  read: number;
  mismatch?: string;
}

/** One create → read-back → [replace, patch →] delete → read lifecycle of a documented item path. */
export interface WriteResult {
  path: string;
  /** The create's operationId. */
  operationId: string;
  /** The item path as probed (a fresh name in the last segment). */
  request: string;
  created: number;
  read: number;
  /** PUT and PATCH where the path documents them, each followed by a read. */
  updated?: Update[];
  deleted: number;
  /** Status of the read after the delete (404 expected). */
  gone: number;
  /** Every step answered as documented and the read-back validates against the GET schema. */
  ok: boolean;
  mismatch?: string;
}

const norm = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const is2xx = (status: number): boolean => status >= 200 && status < 300;

function isObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function firstType(schema: JsonObject): string | undefined {
  const t = schema.type;
  if (Array.isArray(t)) return t.find((x): x is string => typeof x === 'string' && x !== 'null');
  return typeof t === 'string' ? t : undefined;
}

function stringFor(schema: JsonObject, now: string): string {
  const format = schema.format;
  if (format === 'uuid') return '00000000-0000-4000-8000-00000000c0de';
  if (format === 'ipv4') return '192.0.2.10';
  if (format === 'date-time') return now;
  if (format === 'email') return 'probe@example.com';
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 64;
  return 'conformance-probe'.slice(0, Math.max(1, max));
}

/**
 * The smallest body the documented request schema asks for: required members only, the first
 * enum value, the minimum of a number, `false`, one item where an array needs one. Exported for
 * its tests; the vendor schemas' `x-patterns` are not honoured (Ajv ignores them too).
 */
export function sampleBody(
  doc: OpenApiDocument,
  schema: JsonValue | undefined,
  now: string,
  depth = 0,
): JsonValue {
  const s = deref(doc.root, schema, doc.file);
  if (!isObject(s) || depth > 8) return {};
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0] ?? null;
  if (s.default !== undefined && !isObject(s.default)) return s.default;
  if (Array.isArray(s.allOf) && s.allOf.length > 0) {
    // Members and `required` may sit in the parts or beside them: gather both.
    const props = propertiesOf(doc, s);
    const out: JsonObject = {};
    for (const name of requiredOf(doc, s)) out[name] = sampleBody(doc, props[name], now, depth + 1);
    return out;
  }
  const union = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : [];
  if (union.length > 0) return sampleBody(doc, union[0], now, depth + 1);
  const type = firstType(s) ?? (isObject(s.properties) ? 'object' : undefined);
  if (type === 'object') {
    const props = isObject(s.properties) ? s.properties : {};
    const required = Array.isArray(s.required) ? s.required : [];
    const out: JsonObject = {};
    for (const name of required) {
      if (typeof name === 'string') out[name] = sampleBody(doc, props[name], now, depth + 1);
    }
    return out;
  }
  if (type === 'array') {
    const min = typeof s.minItems === 'number' ? s.minItems : 0;
    return min > 0 ? [sampleBody(doc, s.items, now, depth + 1)] : [];
  }
  if (type === 'integer' || type === 'number') {
    const min = typeof s.minimum === 'number' ? s.minimum : 1;
    return typeof s.maximum === 'number' ? Math.min(min, s.maximum) : min;
  }
  if (type === 'boolean') return false;
  return stringFor(s, now);
}

/** The probe's item key: a number inside the key's range when the schema types it integer. */
function probeKey(doc: OpenApiDocument, schema: JsonValue | undefined): string | number {
  const s = deref(doc.root, schema, doc.file);
  if (!isObject(s)) return 'conformance-probe';
  if (Array.isArray(s.enum) && (typeof s.enum[0] === 'string' || typeof s.enum[0] === 'number')) {
    return s.enum[0];
  }
  const type = firstType(s);
  if (type !== 'integer' && type !== 'number') return stringFor(s, '');
  const min = typeof s.minimum === 'number' ? s.minimum : 1;
  const max = typeof s.maximum === 'number' ? s.maximum : 3999;
  return Math.max(min, Math.min(max, 3999));
}

/** Every member schema an object schema defines, through `allOf` parts. */
function propertiesOf(doc: OpenApiDocument, schema: JsonValue | undefined, depth = 0): JsonObject {
  const s = deref(doc.root, schema, doc.file);
  if (!isObject(s) || depth > 8) return {};
  const out: JsonObject = {};
  for (const part of Array.isArray(s.allOf) ? s.allOf : []) {
    Object.assign(out, propertiesOf(doc, part, depth + 1));
  }
  return isObject(s.properties) ? { ...out, ...s.properties } : out;
}

/** Every `required` member name of an object schema, through `allOf` parts. */
function requiredOf(doc: OpenApiDocument, schema: JsonValue | undefined, depth = 0): string[] {
  const s = deref(doc.root, schema, doc.file);
  if (!isObject(s) || depth > 8) return [];
  const own = Array.isArray(s.required)
    ? s.required.filter((n): n is string => typeof n === 'string')
    : [];
  const parts = Array.isArray(s.allOf) ? s.allOf : [];
  return [...new Set([...parts.flatMap((p) => requiredOf(doc, p, depth + 1)), ...own])];
}

/** The request member the path's last `{param}` names (else `name`), and its schema. */
function keyMember(
  doc: OpenApiDocument,
  body: JsonValue | undefined,
  param: string,
): [string, JsonValue] | undefined {
  const props = propertiesOf(doc, body);
  const wanted = norm(param);
  const name =
    Object.keys(props).find((p) => norm(p) === wanted) ??
    Object.keys(props).find((p) => p === 'name');
  const schema = name === undefined ? undefined : props[name];
  return name === undefined || schema === undefined ? undefined : [name, schema];
}

const withLast = (filled: string, last: string): string => {
  const [path = '', query] = filled.split('?');
  const head = path.slice(0, path.lastIndexOf('/'));
  return `${head}/${encodeURIComponent(last)}${query === undefined ? '' : `?${query}`}`;
};

/**
 * Runs create → read-back → (replace → read, patch → read, where documented) → delete → read for
 * every documented item path (`…/{name}`) that has a POST, a GET and a DELETE, with a fresh name
 * and the smallest body the create and the read schemas document. Each step's path is filled like
 * the reads (fixture ids, required query), its last segment the probe's name.
 */
export async function probeWrites(
  doc: OpenApiDocument,
  ids: FixtureIds,
  client: ProbeClient,
  listed: Map<string, JsonValue | undefined>,
  validator: SchemaValidator,
): Promise<WriteResult[]> {
  const at = (method: string, path: string): Operation | undefined =>
    doc.operations.find((o) => o.method === method && o.path === path);
  const out: WriteResult[] = [];
  for (const create of doc.operations.filter((o) => o.method === 'POST')) {
    const last = /\{([^}]+)\}$/.exec(create.path)?.[1];
    const read = at('GET', create.path);
    const remove = at('DELETE', create.path);
    if (last === undefined || !read || !remove) continue;
    const keyParam = create.parameters.find((p) => p.in === 'path' && p.name === last);
    const [member, memberSchema] = keyMember(doc, create.requestSchema, last) ?? [];
    const key = probeKey(doc, memberSchema ?? keyParam?.schema);
    // What the create asks for, plus what the read-back must carry (some documents require more
    // of an item they answer than of one they accept): the round trip is then a fair test.
    const sample = sampleBody(doc, create.requestSchema, ids.now);
    const readable = sampleBody(doc, read.okSchema, ids.now);
    const merged = isObject(sample) && isObject(readable) ? { ...readable, ...sample } : sample;
    const body = isObject(merged) && member ? { ...merged, [member]: key } : merged;
    const fill = async (op: Operation): Promise<string> =>
      withLast(await fillOperation(op, ids, client, listed), String(key));
    const request = await fill(create);
    const created = await client.send('POST', request, body);
    const readPath = await fill(read);
    const answer = await client.get(readPath);
    const checked =
      answer.status === 200 ? validator.check(doc, read, answer.body ?? null) : undefined;
    // Replace and merge-patch with the same body where documented; each is read back again.
    const updated: Update[] = [];
    for (const method of ['PUT', 'PATCH'] as const) {
      const op = at(method, create.path);
      if (!op || !is2xx(created.status)) continue;
      const sent = await client.send(method, await fill(op), body);
      const after = await client.get(readPath);
      const valid =
        after.status === 200 ? validator.check(doc, read, after.body ?? null) : undefined;
      const problem = !is2xx(sent.status)
        ? `${method} ${sent.status}: ${sent.message}`
        : after.status !== 200
          ? `read after ${method} ${after.status}`
          : valid !== undefined
            ? `read after ${method}: ${valid.mismatch}`
            : undefined;
      updated.push({
        method,
        status: sent.status,
        read: after.status,
        ...(problem ? { mismatch: problem } : {}),
      });
    }
    const deleted = await client.send('DELETE', await fill(remove));
    const gone = await client.get(readPath);
    const failedUpdate = updated.find((u) => u.mismatch !== undefined)?.mismatch;
    const mismatch = !is2xx(created.status)
      ? `create ${created.status}: ${created.message}`
      : answer.status !== 200
        ? `read-back ${answer.status}`
        : checked !== undefined
          ? `read-back: ${checked.mismatch}`
          : failedUpdate !== undefined
            ? failedUpdate
            : !is2xx(deleted.status)
              ? `delete ${deleted.status}: ${deleted.message}`
              : gone.status !== 404
                ? `read after delete ${gone.status}`
                : undefined;
    out.push({
      path: create.path,
      operationId: create.operationId,
      request,
      created: created.status,
      read: answer.status,
      ...(updated.length > 0 ? { updated } : {}),
      deleted: deleted.status,
      gone: gone.status,
      ok: mismatch === undefined,
      ...(mismatch === undefined ? {} : { mismatch }),
    });
  }
  return out;
}
