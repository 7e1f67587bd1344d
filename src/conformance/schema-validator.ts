import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { bundleSchema } from './bundle-schema.js';
import type { JsonValue, OpenApiDocument, Operation } from './openapi-documents.js';

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
    allErrors: false,
    logger: false,
    validateFormats: true,
  });
  private readonly cache = new Map<string, ValidateFunction | Error>();

  constructor() {
    addFormats.default(this.ajv);
  }

  /** undefined when valid (or no schema is documented), else the first mismatch in words. */
  check(doc: OpenApiDocument, op: Operation, body: JsonValue): string | undefined {
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
    if (validate instanceof Error) return `documented schema does not compile: ${validate.message}`;
    if (validate(body)) return undefined;
    return describe(validate.errors?.[0]);
  }
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
