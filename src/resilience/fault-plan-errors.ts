import type { ErrorObject } from 'ajv/dist/2020.js';
import { endpointPatternProblem } from '../../fake-central/index.js';

type SchemaNode = Record<string, unknown>;

/** One schema violation in words: where (JSON pointer), what, and how to fix it. */
export interface PlanProblem {
  pointer: string;
  message: string;
  hint?: string;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping',
};

function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return JSON.stringify(value);
}

function hintOf(schema: unknown): string | undefined {
  const hint = (schema as SchemaNode | undefined)?.['x-hint'];
  return typeof hint === 'string' ? hint : undefined;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Explains one Ajv error (Ajv run with `verbose: true`) for a person; undefined for wrapper
 * errors whose inner errors say more.
 */
export function explainPlanError(error: ErrorObject): PlanProblem | undefined {
  const parent = error.parentSchema as SchemaNode | undefined;
  const params = error.params as Record<string, unknown>;
  const at = error.instancePath;
  const withHint = (problem: PlanProblem, hint: string | undefined): PlanProblem =>
    hint === undefined ? problem : { ...problem, hint };
  switch (error.keyword) {
    case 'oneOf':
    case 'anyOf':
    case 'if':
      return undefined;
    case 'discriminator': {
      const kinds = ((parent?.oneOf ?? []) as SchemaNode[]).map(
        (branch) => ((branch.properties as SchemaNode).kind as SchemaNode).const as string,
      );
      const got = params.tagValue;
      return {
        pointer: `${at}/kind`,
        message:
          got === undefined
            ? 'fault has no "kind"'
            : `unknown fault kind ${shown(got)}; known kinds: ${kinds.join(', ')}`,
        hint: `set kind: to one of ${kinds.join(', ')}`,
      };
    }
    case 'required': {
      const missing = String(params.missingProperty);
      const field = (parent?.properties as Record<string, SchemaNode> | undefined)?.[missing];
      return withHint(
        {
          pointer: `${at}/${escapePointer(missing)}`,
          message: `missing required field "${missing}"`,
        },
        hintOf(field) === undefined ? `add ${missing}:` : `add ${missing}: ${hintOf(field)}`,
      );
    }
    case 'additionalProperties': {
      const field = String(params.additionalProperty);
      const allowed = Object.keys(parent?.properties ?? {});
      return {
        pointer: `${at}/${escapePointer(field)}`,
        message: `unknown field "${field}"`,
        hint: `remove it; allowed here: ${allowed.join(', ')}`,
      };
    }
    case 'not':
      return withHint(
        { pointer: at, message: 'sets both "every" and "first"' },
        hintOf(error.schema),
      );
    case 'type': {
      const expected = [error.schema as string | string[]].flat();
      const names = expected.map((t) => TYPE_NAMES[t] ?? t).join(' or ');
      return withHint(
        { pointer: at, message: `must be ${names}, got ${shown(error.data)}` },
        hintOf(parent),
      );
    }
    case 'enum':
      return withHint(
        {
          pointer: at,
          message: `must be one of ${(error.schema as unknown[]).map(String).join(', ')}, got ${shown(error.data)}`,
        },
        hintOf(parent),
      );
    case 'minimum':
    case 'maximum':
      return withHint(
        {
          pointer: at,
          message: `must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}, got ${shown(error.data)}`,
        },
        hintOf(parent),
      );
    case 'format': {
      // The parser's own words: what is wrong with the pattern and how to write it.
      const problem =
        params.format === 'endpoint-pattern'
          ? endpointPatternProblem(String(error.data))
          : undefined;
      if (problem) return { pointer: at, message: problem.message, hint: problem.hint };
      return withHint(
        { pointer: at, message: `${shown(error.data)} is not a valid ${String(params.format)}` },
        hintOf(parent),
      );
    }
    case 'pattern':
      return withHint(
        {
          pointer: at,
          message: `${shown(error.data)} is not a valid ${typeof parent?.title === 'string' ? parent.title : 'value'}`,
        },
        hintOf(parent),
      );
    default:
      return withHint({ pointer: at, message: error.message ?? error.keyword }, hintOf(parent));
  }
}
