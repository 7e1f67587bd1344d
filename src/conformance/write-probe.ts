import { fillOperation } from './fill-operation.js';
import type { FixtureIds } from './fixture-ids.js';
import {
  deref,
  type JsonValue,
  type OpenApiDocument,
  type Operation,
} from './openapi-documents.js';
import type { ProbeClient } from './probe-client.js';
import {
  firstType,
  isObject,
  propertiesOf,
  sampleBody,
  SampleTooLargeError,
  stringFor,
} from './sample-body.js';
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
    let sample: JsonValue;
    let readable: JsonValue;
    try {
      sample = sampleBody(doc, create.requestSchema, ids.now);
      readable = sampleBody(doc, read.okSchema, ids.now);
    } catch (error) {
      if (!(error instanceof SampleTooLargeError)) throw error;
      out.push({
        path: create.path,
        operationId: create.operationId,
        request: '',
        created: 0,
        read: 0,
        deleted: 0,
        gone: 0,
        ok: false,
        mismatch: `not probed: ${error.message}`,
      });
      continue;
    }
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
