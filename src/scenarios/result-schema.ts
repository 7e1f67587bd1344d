import type { ValidateFunction } from 'ajv/dist/2020.js';
import { createAjv } from '../common/ajv.js';
import { unsafePatternProblem } from '../common/safe-regex.js';
import { schemaErrors } from '../common/schema-errors.js';
import type { ScenarioError } from './types.js';
import { errorAt, type YamlDocument } from '../common/yaml-source.js';

const ajv = createAjv({ linearRegExp: true });

/** The path (inside `schema`) of the first object key named `key`, depth first. */
function findKey(value: unknown, key: string, path: string[] = []): string[] | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  for (const [name, child] of Object.entries(value)) {
    if (name === key && !Array.isArray(value)) return [...path, name];
    const found = findKey(child, key, [...path, name]);
    if (found) return found;
  }
  return undefined;
}

/** Every regular expression in a schema: `pattern` values and `patternProperties` keys. */
function patternsOf(
  value: unknown,
  path: string[] = [],
  out: { pattern: string; path: string[]; at?: 'key' }[] = [],
): { pattern: string; path: string[]; at?: 'key' }[] {
  if (value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) {
    value.forEach((item, i) => patternsOf(item, [...path, String(i)], out));
    return out;
  }
  for (const [name, child] of Object.entries(value as Record<string, unknown>)) {
    if (name === 'pattern' && typeof child === 'string') {
      out.push({ pattern: child, path: [...path, name] });
    } else if (name === 'patternProperties' && child !== null && typeof child === 'object') {
      for (const key of Object.keys(child)) {
        out.push({ pattern: key, path: [...path, name, key], at: 'key' });
      }
    }
    patternsOf(child, [...path, name], out);
  }
  return out;
}

/**
 * Compiles a scenario's `result_schema` (JSON Schema 2020-12, unknown keywords rejected).
 * Throws Ajv's error when it does not compile; {@link resultSchemaErrors} explains it.
 */
export function compileResultSchema(schema: Record<string, unknown>): ValidateFunction {
  return ajv.compile(schema);
}

/**
 * Checks that `result_schema` is itself a valid schema: first against the 2020-12 meta-schema
 * (errors at the offending keyword), then by compiling it (unknown keywords, unresolvable $refs).
 */
export function resultSchemaErrors(
  schema: Record<string, unknown>,
  document: YamlDocument,
): ScenarioError[] {
  const prefix = ['result_schema'];
  if (!ajv.validateSchema(schema)) {
    // The meta-schema reports several alternatives per bad keyword; the first says it best.
    const seen = new Set<string>();
    const first = (ajv.errors ?? []).filter((error) => {
      if (seen.has(error.instancePath)) return false;
      seen.add(error.instancePath);
      return true;
    });
    return schemaErrors(first, document, prefix).map((error) => ({
      ...error,
      message: `invalid JSON Schema: ${error.message}`,
    }));
  }
  const unsafe = patternsOf(schema).flatMap(({ pattern, path, at }) => {
    const problem = unsafePatternProblem(pattern);
    if (!problem) return [];
    return [
      errorAt(document, [...prefix, ...path], problem.message, {
        ...(at ? { at } : {}),
        hint: problem.hint,
      }),
    ];
  });
  if (unsafe.length > 0) return unsafe;
  try {
    compileResultSchema(schema);
    return [];
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replace(
      /^strict mode: /,
      '',
    );
    const unknown = /unknown keyword: "([^"]+)"/.exec(message)?.[1];
    const at = unknown === undefined ? undefined : findKey(schema, unknown);
    return [
      errorAt(document, [...prefix, ...(at ?? [])], `invalid JSON Schema: ${message}`, {
        ...(at ? { at: 'key' as const } : {}),
        hint:
          unknown === undefined
            ? 'check $ref targets and keyword values'
            : 'use a JSON Schema 2020-12 keyword; check the spelling',
      }),
    ];
  }
}
