import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
/**
 * An Ajv for JSON Schema 2020-12 with ajv-formats and the manifest vocabulary: the
 * `endpoint-pattern` format (checked by the one pattern parser) and the `x-hint` annotation
 * (the fix shown next to an error). `useDefaults` fills in the schema's `default`s;
 * `linearRegExp` matches `pattern`s on a linear-time engine (for schemas from scenario files).
 */
export declare function createAjv(options?: {
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
}): Ajv2020;
/** The compiled validator of a schema file under `<package>/scenarios/` (compiled once). */
export declare function schemaValidator(name: 'scenario.schema.json' | 'compared-servers.schema.json'): ValidateFunction<unknown>;
