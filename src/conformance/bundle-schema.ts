import { resolvePointer, type JsonValue } from './openapi-documents.js';

type JsonObject = { [key: string]: JsonValue };

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `#/components/schemas/Site` → `components~schemas~Site`: one `$defs` key per pointer. */
function defKey(ref: string): string {
  return ref.slice(2).replace(/[^A-Za-z0-9_.-]/g, '~');
}

/**
 * OpenAPI 3.0 `nullable: true` as 2020-12 sees it: `null` joins the `type` (or an `anyOf` when
 * there is no type). 3.1 documents say `type: [..., "null"]` themselves and pass through as-is.
 */
function nullable(node: JsonObject): JsonObject {
  if (node.nullable !== true) return node;
  const { nullable: _drop, ...rest } = node;
  if (typeof rest.type === 'string') return { ...rest, type: [rest.type, 'null'] };
  if (Array.isArray(rest.type)) return { ...rest, type: [...rest.type, 'null'] };
  return { anyOf: [rest, { type: 'null' }] };
}

/**
 * The HPE config documents write unions of address forms (IPv4, IPv6, FQDN) as `oneOf` string
 * branches told apart only by the vendor's `x-patterns` (YANG patterns, not JSON Schema). To a
 * JSON Schema validator every string matches several branches, so no value could pass `oneOf`;
 * such a union is checked as `anyOf` (e.g. system `readNtp` servers' `address`).
 */
function patternUnion(node: JsonObject): JsonObject {
  const branches = node.oneOf;
  if (!Array.isArray(branches) || branches.length < 2) return node;
  const patternOnly = branches.every(
    (b) => isObject(b) && b.type === 'string' && b.$ref === undefined && 'x-patterns' in b,
  );
  if (!patternOnly) return node;
  const { oneOf: _union, ...rest } = node;
  return { ...rest, anyOf: branches };
}

/**
 * Turns one schema of an OpenAPI document into a self-contained JSON Schema 2020-12: every local
 * `$ref` it reaches (transitively) is copied into `$defs` and the reference rewritten to point
 * there, so Ajv compiles it without the 3 MB document, and recursive schemas stay finite.
 */
export function bundleSchema(root: JsonObject, schema: JsonObject, file: string): JsonObject {
  const defs: JsonObject = {};
  const walk = (node: JsonValue): JsonValue => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
      const key = defKey(node.$ref);
      if (!(key in defs)) {
        defs[key] = true; // placeholder: a cycle back to this ref stops here
        defs[key] = walk(resolvePointer(root, node.$ref, file));
      }
      // Siblings of $ref (3.1 allows them) still apply: keep them beside the rewritten ref.
      const { $ref: _ref, ...siblings } = node;
      return { ...walkObject(siblings), $ref: `#/$defs/${key}` };
    }
    return walkObject(node);
  };
  const walkObject = (node: JsonObject): JsonObject => {
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(patternUnion(nullable(node)))) {
      // Examples and vendor extensions are data, not schema: never walk into them.
      out[key] =
        key === 'example' || key === 'examples' || key.startsWith('x-') ? value : walk(value);
    }
    return out;
  };
  const top = walk(schema) as JsonObject;
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...top, $defs: defs };
}
