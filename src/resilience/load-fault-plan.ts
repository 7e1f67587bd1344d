import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { resolve } from 'node:path';
import type { FaultPlan } from '../../fake-central/index.js';
import schema from '../../fake-central/faults/fault-plan.schema.json' with { type: 'json' };
import { createAjv } from '../common/ajv.js';
import { BenchError } from '../common/errors.js';
import { schemaErrors } from '../common/schema-errors.js';
import { formatScenarioError, type ScenarioError } from '../common/source-error.js';
import { parseYamlDocuments } from '../common/yaml-source.js';

const SCHEMA_FILE = 'fake-central/faults/fault-plan.schema.json';

// The loaders' one toolkit (src/common): the same Ajv, positions and wording as scenarios and
// configs. The fake's endpoint-pattern parser decides `match`, so a plan takes the scenarios' syntax.
// Compiled on the first plan read, not at import: every command imports this module, and
// compiling the schema took 0.57 s of CPU at load 9 (--cpu-prof) in every `run` without a plan.
let compiled: ValidateFunction<FaultPlan> | undefined;
const validator = (): ValidateFunction<FaultPlan> =>
  (compiled ??= createAjv({ discriminator: true }).compile<FaultPlan>(schema));

function invalid(problems: readonly ScenarioError[]): BenchError {
  const n = problems.length;
  return new BenchError(
    'fault_plan_invalid',
    `Invalid fault plan (${n} problem${n === 1 ? '' : 's'}):\n  ${problems.map(formatScenarioError).join('\n  ')}`,
    { hint: `the fault plan format is ${SCHEMA_FILE} (documented in fake-central/README.md)` },
  );
}

/**
 * Parses and validates a fault plan (YAML or JSON text) against
 * fake-central/faults/fault-plan.schema.json. Every problem names `file:line:col`, the JSON
 * pointer and the fix, as every other loader's do (src/common/schema-errors.ts).
 */
export function parseFaultPlan(text: string, file: string): FaultPlan {
  const { documents, errors } = parseYamlDocuments(file, text);
  if (errors.length > 0) throw invalid(errors);
  const [source, extra] = documents;
  if (source === undefined) {
    throw invalid([
      {
        file,
        line: 1,
        col: 1,
        pointer: '',
        message: 'the file is empty',
        hint: 'a fault plan is a mapping with a faults: list',
      },
    ]);
  }
  if (extra !== undefined) {
    const { line, col } = extra.lineCounter.linePos(extra.doc.range[0]);
    throw invalid([
      {
        file,
        line,
        col,
        pointer: '',
        message: 'a fault plan is one YAML document',
        hint: 'remove the second document (---)',
      },
    ]);
  }
  const validate = validator();
  if (validate(source.data)) return source.data;
  throw invalid(schemaErrors(validate.errors ?? [], source));
}

/** Reads and validates a fault plan file (`--faults FILE`); errors name the path as given. */
export function loadFaultPlan(path: string, cwd = process.cwd()): FaultPlan {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, path), 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new BenchError('fault_plan_invalid', `Cannot read fault plan ${path} (${reason})`, {
      hint: 'pass the path of a YAML or JSON fault plan',
      cause: error,
    });
  }
  return parseFaultPlan(text, path);
}
