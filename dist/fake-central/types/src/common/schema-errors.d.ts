import type { ErrorObject } from 'ajv/dist/2020.js';
import type { ScenarioError } from './source-error.js';
import { type YamlDocument } from './yaml-source.js';
/**
 * Turns Ajv errors (run with `verbose: true`) into positioned, human-readable errors. `prefix` is
 * where the validated value sits in the document (e.g. `['result_schema']`). Errors of the same
 * place and message are reported once.
 */
export declare function schemaErrors(errors: readonly ErrorObject[], source: YamlDocument, prefix?: readonly string[]): ScenarioError[];
