import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { endpointPatternProblem, type FaultPlan } from '../../fake-central/index.js';
import schema from '../../fake-central/faults/fault-plan.schema.json' with { type: 'json' };
import { BenchError } from '../common/errors.js';
import { explainPlanError, type PlanProblem } from './fault-plan-errors.js';

const SCHEMA_FILE = 'fake-central/faults/fault-plan.schema.json';

const ajv = new Ajv2020({ allErrors: true, verbose: true, discriminator: true, logger: false });
ajv.addKeyword({ keyword: 'x-hint', schemaType: 'string' });
// The fake's one endpoint-pattern parser decides, so a plan takes exactly the scenarios' syntax.
ajv.addFormat('endpoint-pattern', (value: string) => endpointPatternProblem(value) === undefined);
const validate = ajv.compile<FaultPlan>(schema);

function segments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Line:col of the deepest node on the pointer's path that exists (a missing field → its parent). */
function positionOf(doc: Document, lines: LineCounter, pointer: string): string {
  const path = segments(pointer);
  for (let n = path.length; n >= 0; n--) {
    const node: unknown = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
    const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
    if (range) {
      const { line, col } = lines.linePos(range[0]);
      return `${line}:${col}`;
    }
  }
  return '1:1';
}

/**
 * Parses and validates a fault plan (YAML or JSON text) against
 * fake-central/faults/fault-plan.schema.json. Every problem names `file:line:col`, the JSON
 * pointer and the fix.
 */
export function parseFaultPlan(text: string, file: string): FaultPlan {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  const syntax = doc.errors[0];
  if (syntax) {
    const pos = syntax.linePos?.[0];
    throw new BenchError(
      'fault_plan_invalid',
      `${file}:${pos ? `${pos.line}:${pos.col}` : '1:1'}: not valid YAML/JSON: ${(syntax.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '')}`,
      { hint: 'fix the syntax at that position (a fault plan is YAML or JSON)' },
    );
  }
  const data: unknown = doc.toJS();
  if (validate(data)) return data;
  const problems = (validate.errors ?? [])
    .map(explainPlanError)
    .filter((p): p is PlanProblem => p !== undefined)
    .filter(
      (p, i, all) => all.findIndex((q) => q.pointer === p.pointer && q.message === p.message) === i,
    );
  const described = problems.map((p) => {
    const where = `${file}:${positionOf(doc, lines, p.pointer)}: ${p.pointer === '' ? '/' : p.pointer}: ${p.message}`;
    return p.hint === undefined ? where : `${where}\n    fix: ${p.hint}`;
  });
  throw new BenchError(
    'fault_plan_invalid',
    `Invalid fault plan (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n  ${described.join('\n  ')}`,
    { hint: `the fault plan format is ${SCHEMA_FILE} (documented in fake-central/README.md)` },
  );
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
