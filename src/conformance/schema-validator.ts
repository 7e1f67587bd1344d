import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { compileLinear, type RegExpEngine } from '../common/safe-regex.js';
import { bundleSchema } from './bundle-schema.js';
import { deviationsCovering } from './deviations.js';
import type { JsonValue, OpenApiDocument, Operation } from './openapi-documents.js';

/**
 * A document's `pattern`s run on RE2JS (linear time: a pattern such as `^(.|.)*!$` cannot hang
 * the command on a long string); a pattern RE2 cannot run (a lookaround, a backreference) is not
 * checked, rather than failing its whole schema.
 */
const documentRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string) => {
    try {
      return compileLinear(pattern, flags);
    } catch {
      const source = `/${pattern}/${flags} (not checked: RE2 cannot run it)`;
      return { test: () => true, toString: () => source };
    }
  },
  { code: 're2js-or-unchecked' },
);

/**
 * Validates answers against documented 200 schemas. OpenAPI 3.1 schema objects are JSON Schema
 * 2020-12 (plus annotations such as `discriminator`, `xml`, `example`), so Ajv's 2020-12 mode
 * checks them once the `$ref`s are bundled into the schema (bundle-schema.ts). Ajv and
 * ajv-formats are already the repo's validator; `strict: false` because vendor documents carry
 * annotation keywords and formats (`mac`, `int32`…) Ajv does not define, which are ignored.
 */
export class SchemaValidator {
  private readonly ajv = new Ajv2020({
    strict: false,
    // Every error, with the offending data: a body is "valid with deviations" only when each
    // error is a listed deviation (deviations.ts).
    allErrors: true,
    verbose: true,
    logger: false,
    validateFormats: true,
    code: { regExp: documentRegExp },
  });
  private readonly cache = new Map<string, ValidateFunction | Error>();

  constructor() {
    addFormats.default(this.ajv);
  }

  /**
   * undefined when valid (or no schema is documented), else the first mismatch in words — the
   * first error no listed deviation explains, and `deviations` when every error is one.
   */
  check(
    doc: OpenApiDocument,
    op: Operation,
    body: JsonValue,
  ): { mismatch: string; deviations?: string[] } | undefined {
    if (!op.okSchema) return undefined;
    const key = `${doc.file}\u0000${op.method}\u0000${op.path}`;
    let validate = this.cache.get(key);
    if (validate === undefined) {
      try {
        validate = this.ajv.compile(bundleSchema(doc.root, op.okSchema, doc.file));
      } catch (error) {
        validate = error instanceof Error ? error : new Error(String(error));
      }
      this.cache.set(key, validate);
    }
    if (validate instanceof Error) {
      return { mismatch: `documented schema does not compile: ${validate.message}` };
    }
    if (validate(body)) return undefined;
    const errors = [...(validate.errors ?? [])];
    // D12: switch trend answers wrapped in `response`; the wrapped object is checked instead.
    const inner = wrappedResponse(body);
    if (inner !== undefined && validate(inner)) {
      return { mismatch: 'body wraps the documented object in response', deviations: ['D12'] };
    }
    const deviations = deviationsCovering(errors);
    if (deviations) return { mismatch: describe(errors[0]), deviations };
    const unexplained = errors.find((e) => deviationsCovering([e]) === undefined) ?? errors[0];
    return { mismatch: describe(unexplained) };
  }
}

/** The `response` member of a body that holds nothing else (SPEC.md §13 D12). */
function wrappedResponse(body: JsonValue): JsonValue | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const keys = Object.keys(body);
  return keys.length === 1 && keys[0] === 'response' ? body.response : undefined;
}

function describe(error: ErrorObject | undefined): string {
  if (!error) return 'schema mismatch';
  const where = error.instancePath === '' ? 'body' : error.instancePath;
  const extra =
    error.keyword === 'additionalProperties'
      ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})`
      : error.keyword === 'enum'
        ? ` (${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)})`
        : '';
  return `${where} ${error.message ?? error.keyword}${extra}`;
}
