import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BenchError } from '../common/errors.js';
import { readDocumentFile } from './read-document.js';

/** A JSON value as read from an OpenAPI document. */
export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
/** A JSON object of a document. */
export type JsonObject = { [key: string]: JsonValue };

/** One documented parameter, after its `$ref` (if any) is resolved. */
export interface OperationParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonObject;
  example?: JsonValue;
}

/** One documented operation: what conformance asks the fake. */
export interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: OperationParameter[];
  /** The documented `application/json` schema of the 200 answer, when there is one. */
  okSchema: JsonObject | undefined;
  /**
   * The 200 answer is a file, not JSON: the documented media types of a 200 one of whose schemas
   * is a binary string (`type: string, format: binary`), e.g. `text/csv` or `image/png`. Absent
   * otherwise.
   */
  okBinary?: string[];
  /** The documented `application/json` schema of the request body (writes), when there is one. */
  requestSchema?: JsonObject;
  /** The request body's documented example (`example`, else the first `examples` value). */
  bodyExample?: JsonValue;
}

/** An OpenAPI document as conformance uses it: its file, version and operations. */
export interface OpenApiDocument {
  file: string;
  openapi: string;
  /** The whole parsed document: `$ref`s in schemas point into it. */
  root: JsonObject;
  operations: Operation[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `#/…` reference inside the document; throws naming the file on a bad one. */
export function resolvePointer(root: JsonObject, ref: string, file: string): JsonValue {
  if (!ref.startsWith('#/')) {
    throw new BenchError('usage', `${file}: only local $refs are supported, got "${ref}"`);
  }
  let node: JsonValue | undefined = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) ? node[key] : undefined;
    if (node === undefined) throw new BenchError('usage', `${file}: $ref "${ref}" points nowhere`);
  }
  return node;
}

/** Follows `$ref`s (up to 20 hops) to the node they name. */
export function deref(
  root: JsonObject,
  value: JsonValue | undefined,
  file: string,
): JsonValue | undefined {
  let node = value;
  for (let hops = 0; isObject(node) && typeof node.$ref === 'string' && hops < 20; hops++) {
    node = resolvePointer(root, node.$ref, file);
  }
  return node;
}

function parameters(
  root: JsonObject,
  list: JsonValue | undefined,
  file: string,
): OperationParameter[] {
  if (!Array.isArray(list)) return [];
  const out: OperationParameter[] = [];
  for (const entry of list) {
    const p = deref(root, entry, file);
    if (!isObject(p) || typeof p.name !== 'string' || typeof p.in !== 'string') continue;
    const schema = deref(root, p.schema, file);
    out.push({
      name: p.name,
      in: p.in as OperationParameter['in'],
      required: p.required === true,
      schema: isObject(schema) ? schema : {},
      ...(p.example === undefined ? {} : { example: p.example }),
    });
  }
  return out;
}

function okSchema(root: JsonObject, op: JsonObject, file: string): JsonObject | undefined {
  const responses = isObject(op.responses) ? op.responses : {};
  const ok = deref(root, responses['200'], file);
  if (!isObject(ok) || !isObject(ok.content)) return undefined;
  const media =
    ok.content['application/json'] ??
    Object.entries(ok.content).find(([type]) => type.includes('json'))?.[1];
  return isObject(media) && isObject(media.schema) ? media.schema : undefined;
}

function okBinary(root: JsonObject, op: JsonObject, file: string): string[] | undefined {
  const responses = isObject(op.responses) ? op.responses : {};
  const ok = deref(root, responses['200'], file);
  if (!isObject(ok) || !isObject(ok.content)) return undefined;
  const binary = Object.values(ok.content).some((media) => {
    const schema = isObject(media) ? deref(root, media.schema, file) : undefined;
    return isObject(schema) && schema.type === 'string' && schema.format === 'binary';
  });
  // A file in one media type is a file in each the 200 lists (getFloorMapImageV1: jpeg, png, svg).
  return binary ? Object.keys(ok.content) : undefined;
}

function requestSchema(root: JsonObject, op: JsonObject, file: string): JsonObject | undefined {
  const body = deref(root, op.requestBody, file);
  if (!isObject(body) || !isObject(body.content)) return undefined;
  const media = body.content['application/json'];
  return isObject(media) && isObject(media.schema) ? media.schema : undefined;
}

function bodyExample(root: JsonObject, op: JsonObject, file: string): JsonValue | undefined {
  const body = deref(root, op.requestBody, file);
  if (!isObject(body) || !isObject(body.content)) return undefined;
  const media = body.content['application/json'];
  if (!isObject(media)) return undefined;
  if (media.example !== undefined) return media.example;
  const first = isObject(media.examples) ? Object.values(media.examples)[0] : undefined;
  const example = deref(root, first, file);
  return isObject(example) ? example.value : undefined;
}

/** Operations of every document together that conformance asks (the vendor's: 2,734). */
export const MAX_OPERATIONS = 10_000;

/**
 * Why a `paths` key is not an API path relative to the fake (undefined when it is one): it must
 * start with one `/` and hold no scheme, authority, `.`/`..` segment, query, fragment or
 * backslash, so that a document cannot send a probe to another host or outside the API.
 */
export function apiPathProblem(path: string): string | undefined {
  if (!path.startsWith('/') || path.startsWith('//'))
    return 'it must start with a single "/" (no scheme or host)';
  if (/[?#\\]/.test(path) || [...path].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f'))
    return 'it holds a query, a fragment, a backslash or a control character';
  // `%2e` is a dot to a server that decodes the path before it resolves it.
  if (path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment)))
    return 'it has a "." or ".." segment';
  return undefined;
}

/** Parses one OpenAPI 3.x document into its operations (path-level parameters merged in). */
export function parseDocument(file: string, root: JsonObject): OpenApiDocument {
  const operations: Operation[] = [];
  const paths = isObject(root.paths) ? root.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    const problem = apiPathProblem(path);
    if (problem !== undefined)
      throw new BenchError(
        'usage',
        `${file}: paths key ${JSON.stringify(path)} is not an API path: ${problem}`,
        {
          hint: 'conformance asks the fake only paths relative to its API root, such as /network-monitoring/v1/aps',
        },
      );
    const shared = parameters(root, item.parameters, file);
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const own = parameters(root, op.parameters, file);
      // An operation-level parameter overrides a path-level one of the same name and place.
      const merged = [
        ...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)),
        ...own,
      ];
      const body = method === 'post' ? bodyExample(root, op, file) : undefined;
      const binary = okBinary(root, op, file);
      const request = method === 'get' ? undefined : requestSchema(root, op, file);
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: typeof op.operationId === 'string' ? op.operationId : `${method} ${path}`,
        parameters: merged,
        okSchema: okSchema(root, op, file),
        ...(binary === undefined ? {} : { okBinary: binary }),
        ...(request === undefined ? {} : { requestSchema: request }),
        ...(body === undefined ? {} : { bodyExample: body }),
      });
    }
  }
  return { file, openapi: typeof root.openapi === 'string' ? root.openapi : '', root, operations };
}

/**
 * Every OpenAPI 3.x document (`*.json` with `openapi` and `paths`) directly under `dir`, sorted by
 * file name. Other JSON files (manifests, notices) are skipped; an unreadable one is an error.
 */
export function loadDocuments(dir: string): OpenApiDocument[] {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort();
  } catch (error) {
    throw new BenchError(
      'usage',
      `--openapi ${dir}: ${error instanceof Error ? error.message : String(error)}`,
      { hint: 'pass a directory holding OpenAPI 3.x JSON documents' },
    );
  }
  const docs: OpenApiDocument[] = [];
  for (const name of names) {
    const path = join(dir, name);
    let parsed: JsonValue;
    try {
      parsed = JSON.parse(readDocumentFile(path)) as JsonValue;
    } catch (error) {
      if (error instanceof BenchError) throw error;
      throw new BenchError(
        'usage',
        `${path}: not JSON (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (!isObject(parsed) || typeof parsed.openapi !== 'string' || !isObject(parsed.paths))
      continue;
    docs.push(parseDocument(basename(path), parsed));
  }
  if (docs.length === 0) {
    throw new BenchError('usage', `--openapi ${dir}: no OpenAPI 3.x JSON document in it`);
  }
  const total = docs.reduce((n, d) => n + d.operations.length, 0);
  if (total > MAX_OPERATIONS) {
    const largest = [...docs].sort((a, b) => b.operations.length - a.operations.length)[0];
    throw new BenchError(
      'usage',
      `--openapi ${dir}: ${total} operations, more than the ${MAX_OPERATIONS} conformance asks in one run (the most in ${largest?.file ?? '?'}: ${largest?.operations.length ?? 0})`,
      { hint: 'point --openapi at a directory with fewer documents, or split them' },
    );
  }
  return docs;
}
