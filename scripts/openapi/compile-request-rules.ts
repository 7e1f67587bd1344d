import { RE2JS } from 're2js';
import type {
  QueryRule,
  RuleNode,
  RuleOperation,
  RuleTable,
} from '../../fake-central/request-rules/table.js';
import {
  deref,
  resolvePointer,
  type JsonObject,
  type JsonValue,
  type OpenApiDocument,
} from '../../src/conformance/openapi-documents.js';

/** One document to compile, with the name the table cites it by. */
export interface RuleSource {
  file: string;
  doc: OpenApiDocument;
}

/** What the compiler left out and why, printed by the command so nothing is dropped silently. */
export interface CompileNotes {
  /** Patterns RE2 cannot compile (e.g. a repeat over 1000): not claimed, so never checked. */
  droppedPatterns: string[];
  /** `x-patterns` strings that are not a quoted YANG pattern or a list of them. */
  unreadXPatterns: string[];
  /** `maxLength` placeholders of 9999 and more left out (no real bound). */
  droppedPlaceholders: number;
}

// Paths whose families refuse unknown query parameters live (nowireless4u CHANGELOG 3.5.0.5 and
// 3.6.1.10): every operation there is marked `s`.
const STRICT_FAMILIES = /^\/(network-monitoring|network-notifications|network-services)\//;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const KEYS_MERGED_FROM_ALLOF = [
  'type',
  'enum',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'x-patterns',
  'items',
  'additionalProperties',
  'oneOf',
  'anyOf',
] as const;

const isObject = (v: JsonValue | undefined): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A YANG `x-patterns` value: `'p'` or `['p1', 'p2']` (every one must match: RFC 7950 §9.4.5). */
export function splitXPatterns(value: string): string[] | undefined {
  let s = value.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1).trim();
  if (s.length < 2 || !s.startsWith("'") || !s.endsWith("'")) return undefined;
  return s.slice(1, -1).split("', '");
}

/** Compiles documents into the table; `sources` names the pinned repositories. */
export function compileRequestRules(
  inputs: readonly RuleSource[],
  sources: RuleTable['sources'],
): { table: RuleTable; notes: CompileNotes } {
  const nodes: RuleNode[] = [];
  const nodeIndex = new Map<string, number>();
  const qsets: Record<string, QueryRule>[] = [];
  const qsetIndex = new Map<string, number>();
  const codes: string[] = [];
  const notes: CompileNotes = { droppedPatterns: [], unreadXPatterns: [], droppedPlaceholders: 0 };
  const compiles = new Map<string, boolean>();

  const intern = (node: RuleNode): number => {
    const key = JSON.stringify(node);
    let i = nodeIndex.get(key);
    if (i === undefined) {
      i = nodes.length;
      nodes.push(node);
      nodeIndex.set(key, i);
    }
    return i;
  };
  const usable = (pattern: string): boolean => {
    let ok = compiles.get(pattern);
    if (ok === undefined) {
      try {
        RE2JS.compile(pattern);
        ok = true;
      } catch {
        ok = false;
        notes.droppedPatterns.push(pattern);
      }
      compiles.set(pattern, ok);
    }
    return ok;
  };

  function compact(
    root: JsonObject,
    file: string,
    raw: JsonValue | undefined,
    seen: Set<string>,
  ): number {
    let s = raw;
    const refs: string[] = [];
    while (isObject(s) && typeof s.$ref === 'string') {
      if (seen.has(s.$ref)) return -1; // recursive: unchecked below this point
      refs.push(s.$ref);
      s = resolvePointer(root, s.$ref, file);
    }
    if (!isObject(s)) return -1;
    const inner = new Set([...seen, ...refs]);
    if (Array.isArray(s.allOf)) s = mergeAllOf(root, file, s);
    const n: RuleNode = {};
    let type = s.type;
    if (type === undefined && isObject(s.properties)) type = 'object';
    if (type === undefined && s.items !== undefined) type = 'array';
    if (typeof type === 'string' && s.nullable === true) n.t = [type, 'null'];
    else if (typeof type === 'string') n.t = type;
    else if (Array.isArray(type)) n.t = type.filter((t): t is string => typeof t === 'string');
    if (Array.isArray(s.enum)) n.e = s.enum;
    if (s.const !== undefined) n.e = [s.const];
    if (Array.isArray(s.required) && s.required.length > 0)
      n.r = [...new Set(s.required.filter((r): r is string => typeof r === 'string'))];
    if (typeof s.minimum === 'number') n.n = s.minimum;
    if (typeof s.maximum === 'number') n.x = s.maximum;
    if (typeof s.exclusiveMinimum === 'number') n.en = s.exclusiveMinimum;
    if (typeof s.exclusiveMaximum === 'number') n.ex = s.exclusiveMaximum;
    if (typeof s.minLength === 'number' && s.minLength > 0) n.nl = s.minLength;
    if (typeof s.maxLength === 'number') {
      if (s.maxLength >= 9999) notes.droppedPlaceholders++;
      else n.xl = s.maxLength;
    }
    if (typeof s.minItems === 'number' && s.minItems > 0) n.ni = s.minItems;
    if (typeof s.maxItems === 'number') n.xi = s.maxItems;
    const patterns: string[] = [];
    if (typeof s.pattern === 'string' && usable(s.pattern)) patterns.push(s.pattern);
    if (typeof s['x-patterns'] === 'string') {
      const split = splitXPatterns(s['x-patterns']);
      if (split === undefined && !notes.unreadXPatterns.includes(s['x-patterns']))
        notes.unreadXPatterns.push(s['x-patterns']);
      for (const p of split ?? []) if (usable(`^(?:${p})$`)) patterns.push(`^(?:${p})$`);
    }
    if (patterns.length > 0) n.pt = patterns;
    if (s.additionalProperties === false) n.ap = 0;
    if (isObject(s.properties)) {
      const members: Record<string, number> = {};
      for (const [name, sub] of Object.entries(s.properties))
        members[name] = compact(root, file, sub, inner);
      n.p = members;
    }
    if (isObject(s.additionalProperties)) {
      const i = compact(root, file, s.additionalProperties, inner);
      if (i >= 0) n.ad = i;
    }
    if (s.items !== undefined) {
      const i = compact(root, file, s.items, inner);
      if (i >= 0) n.i = i;
    }
    const union = s.oneOf ?? s.anyOf;
    if (Array.isArray(union)) {
      const branches = union.map((b) => compact(root, file, b, inner));
      // A branch with no rule accepts anything, and so does the union.
      if (!branches.includes(-1)) n.u = branches;
    }
    return Object.keys(n).length === 0 ? -1 : intern(n);
  }

  const internQuerySet = (set: Record<string, QueryRule>): number => {
    const key = JSON.stringify(set);
    let i = qsetIndex.get(key);
    if (i === undefined) {
      i = qsets.length;
      qsets.push(set);
      qsetIndex.set(key, i);
    }
    return i;
  };

  const ops: RuleTable['ops'] = {};
  inputs.forEach(({ doc }, fileIndex) => {
    const { root, file } = doc;
    const paths = isObject(root.paths) ? root.paths : {};
    for (const operation of doc.operations) {
      const item = paths[operation.path];
      const raw = isObject(item) ? item[operation.method.toLowerCase()] : undefined;
      if (!isObject(raw) || !METHODS.includes(operation.method.toLowerCase() as never)) continue;
      const entry: RuleOperation = { d: fileIndex, id: operation.operationId };
      const query: Record<string, QueryRule> = {};
      const pathRules: Record<string, number> = {};
      for (const p of operation.parameters) {
        if (p.in === 'query') {
          const i = compact(root, file, p.schema, new Set());
          query[p.name] = p.required ? [i, 1] : i;
        } else if (p.in === 'path') {
          const rule: RuleNode = {};
          if (typeof p.schema.pattern === 'string' && usable(p.schema.pattern))
            rule.pt = [p.schema.pattern];
          if (p.schema.format === 'uuid') rule.f = 'uuid';
          if (Array.isArray(p.schema.enum)) rule.e = p.schema.enum;
          if (Object.keys(rule).length > 0) pathRules[p.name] = intern(rule);
        }
      }
      if (Object.keys(query).length > 0) entry.q = internQuerySet(query);
      if (Object.keys(pathRules).length > 0) entry.pp = pathRules;
      if (STRICT_FAMILIES.test(operation.path)) entry.s = 1;
      const body = deref(root, raw.requestBody, file);
      const content = isObject(body) && isObject(body.content) ? body.content : {};
      const media = content['application/json'] ?? content['application/merge-patch+json'];
      if (isObject(media) && media.schema !== undefined) {
        const i = compact(root, file, media.schema, new Set());
        if (i >= 0) entry.b = i;
        if (isObject(body) && body.required === true) entry.br = 1;
      }
      const code = badRequestCode(root, file, raw);
      if (code !== undefined) {
        if (!codes.includes(code)) codes.push(code);
        entry.c = codes.indexOf(code);
      }
      (ops[operation.path] ??= {})[operation.method] = entry;
    }
  });
  const table: RuleTable = {
    v: 1,
    sources,
    files: inputs.map((input) => input.file),
    codes,
    nodes,
    qsets,
    ops,
  };
  return { table, notes };
}

/** allOf's branches merged into one schema: members and required lists joined, first of the rest. */
function mergeAllOf(root: JsonObject, file: string, s: JsonObject): JsonObject {
  const merged: JsonObject = {
    ...s,
    properties: { ...(isObject(s.properties) ? s.properties : {}) },
  };
  const required: JsonValue[] = Array.isArray(s.required) ? [...s.required] : [];
  delete merged.allOf;
  for (const branch of Array.isArray(s.allOf) ? s.allOf : []) {
    let b = deref(root, branch, file);
    if (!isObject(b)) continue;
    if (Array.isArray(b.allOf)) b = mergeAllOf(root, file, b);
    Object.assign(merged.properties as JsonObject, isObject(b.properties) ? b.properties : {});
    if (Array.isArray(b.required)) required.push(...b.required);
    for (const key of KEYS_MERGED_FROM_ALLOF)
      if (merged[key] === undefined && b[key] !== undefined) merged[key] = b[key];
  }
  if (Object.keys(merged.properties as JsonObject).length === 0) delete merged.properties;
  if (required.length > 0) merged.required = required;
  else delete merged.required;
  return merged;
}

/** The `errorCode` of the operation's documented 400 example (the response's or its schema's). */
function badRequestCode(root: JsonObject, file: string, op: JsonObject): string | undefined {
  const responses = isObject(op.responses) ? op.responses : {};
  const response = deref(root, responses['400'], file);
  const content = isObject(response) && isObject(response.content) ? response.content : {};
  const media = content['application/json'];
  if (!isObject(media)) return undefined;
  const candidates: (JsonValue | undefined)[] = [media.example];
  if (isObject(media.examples)) {
    const first = deref(root, Object.values(media.examples)[0], file);
    if (isObject(first)) candidates.push(first.value);
  }
  const schema = deref(root, media.schema, file);
  if (isObject(schema)) {
    candidates.push(schema.example);
    const member = isObject(schema.properties)
      ? deref(root, schema.properties.errorCode, file)
      : undefined;
    if (isObject(member)) candidates.push({ errorCode: member.example ?? null });
  }
  for (const c of candidates)
    if (isObject(c) && typeof c.errorCode === 'string') return c.errorCode;
  return undefined;
}
