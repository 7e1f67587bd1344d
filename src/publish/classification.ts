import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import type { Report } from '../report/types.js';
import { createAjv } from '../common/ajv.js';
import { didYouMean } from '../common/did-you-mean.js';
import { packageRoot } from '../common/package-root.js';
import { schemaErrors } from '../common/schema-errors.js';
import type { ScenarioError } from '../scenarios/types.js';
import { unanchoredNote } from '../common/unanchored.js';
import { errorAt, parseYamlDocuments } from '../common/yaml-source.js';
import type { SweepRule } from './sweep-rules.js';
import { checkSweepRules } from './sweep-rules-check.js';

/** Why a (server, scenario) did not pass. */
export const CLASSES = [
  'absent',
  'server-bug',
  'server-limitation',
  'harness-gap',
  'fake-gap',
] as const;
export type ClassificationClass = (typeof CLASSES)[number];

/** One entry of a classification file (schemas/classification.schema.json). */
export interface Classification {
  server: string;
  scenario: string;
  class: ClassificationClass;
  summary: string;
  evidence?: string[];
  fixed_by?: string;
}

let compiled: ValidateFunction | undefined;
function validator(): ValidateFunction {
  if (!compiled) {
    const path = join(packageRoot(), 'schemas', 'classification.schema.json');
    compiled = createAjv().compile(JSON.parse(readFileSync(path, 'utf8')) as object);
  }
  return compiled;
}

/** What a classification file holds for one report. */
export interface ParsedClassification {
  /** The entries of the report's servers (empty when there is any error). */
  entries: Classification[];
  /** The sweep rules of the report's servers and of no server (empty when there is any error). */
  sweep: SweepRule[];
  errors: ScenarioError[];
  /** Citations marked `# unanchored` by `hpe-mcp-bench pin` that do not cite the pinned commit. */
  warnings: ScenarioError[];
  /** Servers the file classifies that are not in the report (their entries are left out). */
  skipped: string[];
}

/**
 * Parses and checks a classification file against the schema and the report it classifies.
 * Only the entries of the report's servers are used: a file covering every compared server
 * serves a report of some of them (`run.sh --servers karthik`); an unknown name close to a
 * report server's is a typo, an error. Scenarios must exist in the report, a (server, scenario)
 * is classified once, and code evidence for a server bug or limitation must cite that server's
 * pinned commit (a citation pin marked `# unanchored` is a warning). Every problem is a
 * positioned error; `entries` is empty when there is any.
 */
export function parseClassification(
  file: string,
  text: string,
  report: Report,
): ParsedClassification {
  const none = { entries: [], sweep: [], warnings: [], skipped: [] };
  const { documents, errors } = parseYamlDocuments(file, text);
  if (errors.length > 0) return { ...none, errors };
  const [document, extra] = documents;
  if (!document || extra) {
    const message = document ? 'expected one YAML document' : 'the file is empty';
    return { ...none, errors: [{ file, line: 1, col: 1, pointer: '', message }] };
  }
  const validate = validator();
  if (!validate(document.data)) {
    return { ...none, errors: schemaErrors(validate.errors ?? [], document) };
  }
  const data = document.data as { classifications: Classification[]; sweep?: SweepRule[] };
  const all = data.classifications;
  const servers = new Map(report.servers.map((s) => [s.name, s]));
  const scenarios = new Set(report.scenarios.map((s) => s.id));
  const seen = new Map<string, number>();
  const problems: ScenarioError[] = [];
  const warnings: ScenarioError[] = [];
  const skipped = new Set<string>();
  const entries: Classification[] = [];
  for (const [i, entry] of all.entries()) {
    const at = (
      field: string | number,
      message: string,
      hint?: string,
      ...rest: (string | number)[]
    ) => {
      const path = ['classifications', i, field, ...rest];
      const error = errorAt(document, path, message, { hint });
      const note = unanchoredNote(document, path);
      if (note === null) problems.push(error);
      else warnings.push({ ...error, message: `${message} (${note})`, warning: true });
    };
    const server = servers.get(entry.server);
    if (!server) {
      const close = didYouMean(entry.server, [...servers.keys()]);
      if (close === '') {
        skipped.add(entry.server);
        continue;
      }
      at(
        'server',
        `server "${entry.server}" is not in the report`,
        `${close}servers: ${[...servers.keys()].join(', ')}`,
      );
    }
    entries.push(entry);
    if (!scenarios.has(entry.scenario)) {
      at(
        'scenario',
        `scenario "${entry.scenario}" is not in the report`,
        didYouMean(entry.scenario, [...scenarios]).trim() || undefined,
      );
    }
    const key = `${entry.server}\u0000${entry.scenario}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      at(
        'scenario',
        `${entry.server} × ${entry.scenario} is already classified by item ${earlier}`,
        'one entry per server and scenario',
      );
    }
    seen.set(key, i);
    if ((entry.class === 'server-bug' || entry.class === 'server-limitation') && server) {
      const sha = server.git?.sha;
      for (const [j, ref] of (entry.evidence ?? []).entries()) {
        const cited = ref.slice(ref.lastIndexOf('@') + 1);
        if (sha === undefined) {
          at(
            'evidence',
            `${entry.server} has no pinned commit in the report, so ${ref} cannot be checked`,
            'run the server from scenarios/compared-servers.yml',
            j,
          );
        } else if (!sha.startsWith(cited)) {
          at(
            'evidence',
            `${ref} cites ${cited}, not ${entry.server}'s pinned commit ${sha.slice(0, 12)}`,
            `cite the code at ${sha.slice(0, 8)}`,
            j,
          );
        }
      }
    }
  }
  const sweep = checkSweepRules(data.sweep ?? [], report, (i, field, message, hint, ...rest) => {
    problems.push(errorAt(document, ['sweep', i, field, ...rest], message, { hint }));
  });
  for (const name of sweep.skipped) skipped.add(name);
  return {
    entries: problems.length > 0 ? [] : entries,
    sweep: problems.length > 0 ? [] : sweep.rules,
    errors: problems,
    warnings,
    skipped: [...skipped],
  };
}
