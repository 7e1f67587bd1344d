import {
  deref,
  type JsonObject,
  type JsonValue,
  type OpenApiDocument,
} from './openapi-documents.js';

/**
 * How big a sample body may grow: nesting, required members of one object, values in all, bytes
 * of its JSON. A document is not trusted: ten required members that each refer to the schema
 * they sit in made 10^8 values (2.46 GB) before these bounds.
 */
export const SAMPLE_LIMITS = { depth: 8, members: 200, values: 5_000, bytes: 256 * 1024 };

/** The documented body is larger than SAMPLE_LIMITS allow: the probe of that path is skipped. */
export class SampleTooLargeError extends Error {}

export function isObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function firstType(schema: JsonObject): string | undefined {
  const t = schema.type;
  if (Array.isArray(t)) return t.find((x): x is string => typeof x === 'string' && x !== 'null');
  return typeof t === 'string' ? t : undefined;
}

export function stringFor(schema: JsonObject, now: string): string {
  const format = schema.format;
  if (format === 'uuid') return '00000000-0000-4000-8000-00000000c0de';
  if (format === 'ipv4') return '192.0.2.10';
  if (format === 'date-time') return now;
  if (format === 'email') return 'probe@example.com';
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 64;
  return 'conformance-probe'.slice(0, Math.max(1, max));
}

/**
 * Every member schema an object schema defines, through `allOf` parts (each part once: a part
 * that refers back to its own schema is not followed again).
 */
export function propertiesOf(
  doc: OpenApiDocument,
  schema: JsonValue | undefined,
  depth = 0,
  seen = new Set<JsonObject>(),
): JsonObject {
  const s = deref(doc.root, schema, doc.file);
  if (!isObject(s) || depth > SAMPLE_LIMITS.depth || seen.has(s)) return {};
  seen.add(s);
  const out: JsonObject = {};
  for (const part of Array.isArray(s.allOf) ? s.allOf : []) {
    Object.assign(out, propertiesOf(doc, part, depth + 1, seen));
  }
  return isObject(s.properties) ? { ...out, ...s.properties } : out;
}

/** Every `required` member name of an object schema, through `allOf` parts (each once). */
export function requiredOf(
  doc: OpenApiDocument,
  schema: JsonValue | undefined,
  depth = 0,
  seen = new Set<JsonObject>(),
): string[] {
  const s = deref(doc.root, schema, doc.file);
  if (!isObject(s) || depth > SAMPLE_LIMITS.depth || seen.has(s)) return [];
  seen.add(s);
  const own = Array.isArray(s.required)
    ? s.required.filter((n): n is string => typeof n === 'string')
    : [];
  const parts = Array.isArray(s.allOf) ? s.allOf : [];
  return [...new Set([...parts.flatMap((p) => requiredOf(doc, p, depth + 1, seen)), ...own])];
}

/**
 * The smallest body the documented request schema asks for: required members only, the first
 * enum value, the minimum of a number, `false`, one item where an array needs one. A required
 * member whose schema is one it sits in (directly or further up) is sent empty (`{}`): no finite
 * body satisfies it. Beyond SAMPLE_LIMITS it throws SampleTooLargeError naming the bound.
 * The vendor schemas' `x-patterns` are not honoured (Ajv ignores them too).
 */
export function sampleBody(
  doc: OpenApiDocument,
  schema: JsonValue | undefined,
  now: string,
): JsonValue {
  let values = 0;
  const build = (node: JsonValue | undefined, depth: number, path: Set<JsonObject>): JsonValue => {
    const s = deref(doc.root, node, doc.file);
    if (!isObject(s) || depth > SAMPLE_LIMITS.depth || path.has(s)) return {};
    if (++values > SAMPLE_LIMITS.values)
      throw new SampleTooLargeError(
        `the documented body needs more than ${SAMPLE_LIMITS.values} values (required members that refer to each other?)`,
      );
    if (s.const !== undefined) return s.const;
    if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0] ?? null;
    if (s.default !== undefined && !isObject(s.default)) return s.default;
    const inner = new Set(path).add(s);
    const members = (names: readonly string[], props: JsonObject): JsonObject => {
      if (names.length > SAMPLE_LIMITS.members)
        throw new SampleTooLargeError(
          `an object of the documented body requires ${names.length} members, more than ${SAMPLE_LIMITS.members}`,
        );
      const out: JsonObject = {};
      for (const name of names) out[name] = build(props[name], depth + 1, inner);
      return out;
    };
    if (Array.isArray(s.allOf) && s.allOf.length > 0)
      // Members and `required` may sit in the parts or beside them: gather both.
      return members(requiredOf(doc, s), propertiesOf(doc, s));
    const union = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : [];
    if (union.length > 0) return build(union[0], depth + 1, inner);
    const type = firstType(s) ?? (isObject(s.properties) ? 'object' : undefined);
    if (type === 'object') {
      const required = Array.isArray(s.required)
        ? s.required.filter((n): n is string => typeof n === 'string')
        : [];
      return members(required, isObject(s.properties) ? s.properties : {});
    }
    if (type === 'array') {
      const min = typeof s.minItems === 'number' ? s.minItems : 0;
      return min > 0 ? [build(s.items, depth + 1, inner)] : [];
    }
    if (type === 'integer' || type === 'number') {
      const min = typeof s.minimum === 'number' ? s.minimum : 1;
      return typeof s.maximum === 'number' ? Math.min(min, s.maximum) : min;
    }
    if (type === 'boolean') return false;
    return stringFor(s, now);
  };
  const body = build(schema, 0, new Set());
  const bytes = Buffer.byteLength(JSON.stringify(body));
  if (bytes > SAMPLE_LIMITS.bytes)
    throw new SampleTooLargeError(
      `the documented body is ${bytes} bytes of JSON, more than ${SAMPLE_LIMITS.bytes}`,
    );
  return body;
}
