import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { endpointPatternProblem } from '../../fake-central/index.js';
import { packageRoot } from './package-root.js';
import { linearRegExp } from './safe-regex.js';

/**
 * An Ajv for JSON Schema 2020-12 with ajv-formats and the manifest vocabulary: the
 * `endpoint-pattern` format (checked by the one pattern parser) and the `x-hint` annotation
 * (the fix shown next to an error). `useDefaults` fills in the schema's `default`s;
 * `linearRegExp` matches `pattern`s on a linear-time engine (for schemas from scenario files).
 */
export function createAjv(
  options: {
    useDefaults?: boolean;
    linearRegExp?: boolean;
    discriminator?: boolean;
    /**
     * A schema of the harness's own (committed, meta-validated by its test), compiled once per
     * process: skip the meta-schema check and the generated code's optimiser. Measured on the
     * report schema with `terseErrors`: 3.6 s → 1.25 s to compile and validate one report at load
     * 8–11; the report's is paid by every run and every compare, the scenario schema's by every
     * command that loads scenarios.
     */
    ownSchema?: boolean;
    /** Errors without copies of their schema and data (no `x-hint` lookups need them). */
    terseErrors?: boolean;
  } = {},
): Ajv2020 {
  const ajv = new Ajv2020({
    // Patterns of untrusted schemas run on RE2JS (safe-regex.ts): linear time, no ReDoS.
    ...(options.linearRegExp ? { code: { regExp: linearRegExp } } : {}),
    ...(options.ownSchema ? { code: { optimize: false }, validateSchema: false } : {}),
    allErrors: true,
    verbose: !(options.terseErrors ?? false),
    allowUnionTypes: true,
    useDefaults: options.useDefaults ?? false,
    // OpenAPI's `discriminator` (fault plans' `kind`): one error naming the tag, not one per branch.
    discriminator: options.discriminator ?? false,
    // Unknown keywords (a misspelt `requried`) are errors; type-inference nags are not.
    strictSchema: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    logger: false,
  });
  addFormats.default(ajv);
  ajv.addFormat('endpoint-pattern', (value: string) => endpointPatternProblem(value) === undefined);
  ajv.addKeyword({ keyword: 'x-hint', schemaType: 'string' });
  return ajv;
}

const validators = new Map<string, ValidateFunction>();

/** The compiled validator of a schema file under `<package>/scenarios/` (compiled once). */
export function schemaValidator(name: 'scenario.schema.json' | 'compared-servers.schema.json') {
  let validate = validators.get(name);
  if (!validate) {
    const path = join(packageRoot(), 'scenarios', name);
    const schema = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    validate = createAjv({ useDefaults: true, ownSchema: true }).compile(schema);
    validators.set(name, validate);
  }
  return validate;
}
