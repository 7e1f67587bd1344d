import type { ErrorObject } from 'ajv/dist/2020.js';
import { didYouMean } from './did-you-mean.js';
import { endpointPatternProblem } from '../../fake-central/index.js';
import type { ScenarioError } from './source-error.js';
import { errorAt, pointerSegments, toPointer, type YamlDocument } from './yaml-source.js';

type SchemaNode = Record<string, unknown>;

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping',
  null: 'null',
};

/** The most of an offending string an error quotes. */
const EXCERPT = 24;

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  // A short excerpt only: the "string" may be a whole file that is not the format at all
  // (`--faults /etc/passwd` parses as one long scalar), and an error must not print it.
  if (typeof value === 'string')
    return value.length <= EXCERPT
      ? `a string (${JSON.stringify(value)})`
      : `a string of ${value.length} characters (${JSON.stringify(value.slice(0, EXCERPT).split('\n')[0])}…)`;
  if (typeof value === 'boolean') return JSON.stringify(value);
  return `${typeof value} ${JSON.stringify(value)}`;
}

function oneOfNames(names: readonly string[]): string {
  return names.length < 2
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1] ?? ''}`;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

interface Explained {
  path: string[];
  message: string;
  hint?: string | undefined;
  at?: 'value' | 'key';
  pointer?: string;
}

function explain(error: ErrorObject, prefix: readonly string[]): Explained | undefined {
  const path = [...prefix, ...pointerSegments(error.instancePath)];
  const parent = (error.parentSchema ?? {}) as SchemaNode;
  const hint = typeof parent['x-hint'] === 'string' ? parent['x-hint'] : undefined;
  const title = typeof parent.title === 'string' ? parent.title : 'value';
  const params = error.params as Record<string, unknown>;
  if (error.propertyName !== undefined) {
    // Inside `propertyNames` the value at fault is the key itself.
    const name = error.propertyName;
    return { path: [...path, name], at: 'key', message: `"${name}" is not a valid ${title}`, hint };
  }
  switch (error.keyword) {
    case 'if':
    case 'propertyNames':
    case 'anyOf':
    case 'oneOf':
      return undefined; // the errors of the branch that failed say more
    case 'required': {
      const missing = String(params.missingProperty);
      const properties = (parent.properties ?? {}) as Record<string, SchemaNode>;
      const field = properties[missing] ?? {};
      const choices = Array.isArray(field.enum) ? `one of ${field.enum.join(', ')}` : undefined;
      return {
        path,
        pointer: toPointer([...path, missing]),
        message: `missing required field "${missing}"`,
        hint: typeof field['x-hint'] === 'string' ? field['x-hint'] : choices,
      };
    }
    case 'additionalProperties': {
      const field = String(params.additionalProperty);
      const allowed = Object.keys(parent.properties ?? {});
      return {
        path: [...path, field],
        at: 'key',
        message: `unknown field "${field}"`,
        hint: allowed.length
          ? `${didYouMean(field, allowed)}allowed fields: ${allowed.join(', ')}`
          : undefined,
      };
    }
    case 'type': {
      const types = ([] as string[]).concat(error.schema as string | string[]);
      const expected = oneOfNames(types.map((t) => TYPE_NAMES[t] ?? t));
      return { path, message: `must be ${expected}, got ${describe(error.data)}`, hint };
    }
    case 'enum': {
      const allowed = (error.schema as unknown[]).map(String);
      const got = String(error.data);
      return {
        path,
        message: `must be one of ${allowed.join(', ')}; got ${describe(error.data)}`,
        hint: didYouMean(got, allowed).trim() || hint,
      };
    }
    case 'discriminator': {
      // A tagged union (fault plans' `kind`): name the tag and its known values.
      const tag = String(params.tag);
      const known = ((parent.oneOf ?? []) as SchemaNode[]).flatMap((branch) => {
        const value = ((branch.properties as SchemaNode | undefined)?.[tag] as SchemaNode)?.const;
        return typeof value === 'string' ? [value] : [];
      });
      const got = params.tagValue;
      return {
        path: [...path, tag],
        message:
          got === undefined
            ? `missing required field "${tag}"`
            : `unknown ${tag} ${JSON.stringify(got)}; known: ${known.join(', ')}`,
        hint: `${typeof got === 'string' ? didYouMean(got, known) : ''}set ${tag}: to one of ${known.join(', ')}`,
      };
    }
    case 'not': {
      // `not: {required: [a, b]}` is how a schema says "not both".
      const inner = (error.schema ?? {}) as SchemaNode;
      const both = Array.isArray(inner.required) ? inner.required.map((f) => `"${String(f)}"`) : [];
      return {
        path,
        message: both.length > 1 ? `sets both ${both.join(' and ')}` : `is not allowed here`,
        hint: typeof inner['x-hint'] === 'string' ? inner['x-hint'] : hint,
      };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const words: Record<string, string> = {
        minimum: 'at least',
        maximum: 'at most',
        exclusiveMinimum: 'more than',
        exclusiveMaximum: 'less than',
      };
      return {
        path,
        message: `must be ${words[error.keyword] ?? ''} ${String(params.limit)}, got ${describe(error.data)}`,
        hint,
      };
    }
    case 'format':
      if (params.format === 'endpoint-pattern') {
        const problem = endpointPatternProblem(String(error.data));
        if (problem) return { path, message: problem.message, hint: problem.hint };
      }
      return { path, message: `"${String(error.data)}" is not a valid ${title}`, hint };
    case 'pattern':
      return {
        path,
        message: `"${String(error.data)}" is not a valid ${title}`,
        hint: hint ?? `must match ${String(params.pattern)}`,
      };
    case 'minLength':
      return { path, message: 'must not be empty', hint };
    case 'maxLength':
      // The value's length, never the value: it may be megabytes.
      return {
        path,
        message: `is ${String(error.data).length} characters long, more than the ${Number(params.limit)} allowed`,
        hint,
      };
    case 'minItems':
      return { path, message: `must list at least ${plural(Number(params.limit), 'item')}`, hint };
    case 'minProperties':
      return { path, message: `must have at least ${plural(Number(params.limit), 'entry')}`, hint };
    case 'uniqueItems': {
      const [first, second] = [Number(params.i), Number(params.j)].sort((a, b) => a - b);
      const items = error.data as unknown[];
      return {
        path: [...path, String(second)],
        message: `duplicate item ${JSON.stringify(items[second ?? 0])} (same as item ${first})`,
        hint,
      };
    }
    default:
      return { path, message: error.message ?? error.keyword, hint };
  }
}

/**
 * Turns Ajv errors (run with `verbose: true`) into positioned, human-readable errors. `prefix` is
 * where the validated value sits in the document (e.g. `['result_schema']`). Errors of the same
 * place and message are reported once.
 */
export function schemaErrors(
  errors: readonly ErrorObject[],
  source: YamlDocument,
  prefix: readonly string[] = [],
): ScenarioError[] {
  const seen = new Set<string>();
  const out: ScenarioError[] = [];
  for (const error of errors) {
    const explained = explain(error, prefix);
    if (!explained) continue;
    const positioned = errorAt(source, explained.path, explained.message, {
      hint: explained.hint,
      ...(explained.at ? { at: explained.at } : {}),
      ...(explained.pointer === undefined ? {} : { pointer: explained.pointer }),
    });
    const key = `${positioned.pointer}\u0000${positioned.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(positioned);
  }
  return out;
}
