import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { BenchError } from '../common/errors.js';
import { schemaValidator } from '../common/ajv.js';
import {
  defaultServersFile,
  loadComparedServers,
  type ComparedServer,
} from './compared-servers.js';
import { createFixtureIndex } from './fixture-index.js';
import { packageRoot } from '../common/package-root.js';
import { schemaErrors } from '../common/schema-errors.js';
import { checkScenario, duplicateIds, type LoadedScenario } from './semantic-checks.js';
import type { Scenario, ScenarioError } from './types.js';
import { parseYamlDocuments, positionOf, type YamlDocument } from '../common/yaml-source.js';

/** Where the loader finds fixtures and the compared set. */
export interface LoadOptions {
  /** The bench tree `fixture:` paths are relative to (default: the hpe-mcp-bench package). */
  root?: string;
  /** The compared-servers file (default `<root>/scenarios/compared-servers.yml`). */
  serversFile?: string;
  /** The compared set, already loaded (then `serversFile` only names it in hints). */
  servers?: readonly ComparedServer[];
  /** Relative paths resolve against this (default `process.cwd()`); errors show them as given. */
  cwd?: string;
}

/** Everything a load found: the valid scenarios and every problem, in file order. */
export interface LoadResult {
  /** Scenarios that passed every check. */
  scenarios: Scenario[];
  /** Scenario documents found, valid or not. */
  documents: number;
  /** Suite names of the documents found, sorted. */
  suites: string[];
  files: string[];
  errors: ScenarioError[];
  /** Problems that do not invalidate a scenario (a citation marked `# unanchored`). */
  warnings: ScenarioError[];
}

const HEADER = /^# yaml-language-server: \$schema=\S*scenario\.schema\.json\s*$/;
const isSuiteFile = (name: string): boolean =>
  /\.ya?ml$/.test(name) && !name.startsWith('compared-servers.');

/**
 * Expands files and directories (their `*.yaml`/`*.yml` files, compared-servers excluded) into
 * suite files. A path that does not exist is a usage error; a directory without suite files is
 * reported as an error.
 */
export async function findSuiteFiles(
  paths: readonly string[],
  cwd = process.cwd(),
): Promise<{ files: string[]; errors: ScenarioError[] }> {
  const files: string[] = [];
  const errors: ScenarioError[] = [];
  for (const path of paths) {
    const info = await stat(resolve(cwd, path)).catch(() => undefined);
    if (!info) {
      throw new BenchError('usage', `no such file or directory: ${path}`, {
        hint: 'pass suite files (*.yaml) or directories that hold them',
      });
    }
    if (!info.isDirectory()) {
      files.push(path);
      continue;
    }
    const found = (await readdir(resolve(cwd, path))).filter(isSuiteFile).sort();
    if (found.length === 0) {
      errors.push({
        file: path,
        line: 0,
        col: 0,
        pointer: '',
        message: 'no scenario files (*.yaml) found',
        hint: 'add a suite file such as client-diagnosis.yaml as docs/scenario-format.md describes, or pass FILES|DIRS',
      });
    }
    files.push(...found.map((name) => join(path, name)));
  }
  return { files, errors };
}

function headerErrors(file: string, path: string, text: string): ScenarioError[] {
  // A byte-order mark before the header is not the header's fault (editors on Windows add one).
  if (HEADER.test((text.split('\n', 1)[0] ?? '').replace(/^\uFEFF/, ''))) return [];
  const schema = relative(dirname(path), join(packageRoot(), 'scenarios', 'scenario.schema.json'));
  const line = `# yaml-language-server: $schema=${schema.startsWith('.') ? schema : './' + schema}`;
  return [
    {
      file,
      line: 1,
      col: 1,
      pointer: '',
      message: 'the first line must point editors at the scenario schema',
      hint: `start the file with "${line}"`,
    },
  ];
}

interface ParsedFile {
  documents: YamlDocument[];
  valid: LoadedScenario[];
  errors: ScenarioError[];
}

async function parseSuiteFile(file: string, cwd: string): Promise<ParsedFile> {
  const path = resolve(cwd, file);
  const text = await readFile(path, 'utf8');
  const { documents, errors } = parseYamlDocuments(file, text);
  if (documents.length === 0 && errors.length === 0) {
    const message = 'the file has no scenarios';
    const hint = 'a suite file holds one YAML document per scenario, separated by ---';
    return {
      documents,
      valid: [],
      errors: [{ file, line: 1, col: 1, pointer: '', message, hint }],
    };
  }
  errors.unshift(...headerErrors(file, path, text));
  const validate = schemaValidator('scenario.schema.json');
  const valid: LoadedScenario[] = [];
  for (const document of documents) {
    if (!validate(document.data)) {
      errors.push(...schemaErrors(validate.errors ?? [], document));
      continue;
    }
    const data = document.data as Omit<Scenario, 'suite' | 'source'> & { suite?: string };
    const scenario: Scenario = {
      ...data,
      suite: data.suite ?? basename(file, extname(file)),
      source: { file, ...positionOf(document, []) },
    };
    valid.push({ scenario, document });
  }
  return { documents, valid, errors };
}

/**
 * Loads suite files and directories: YAML (multi-document), the JSON Schema, then the semantic
 * checks (unique ids, fixture bundles, grounded facts, known servers, plans, result_schema).
 * Never throws for a bad manifest: every problem is in `errors` as `file:line:col` + pointer.
 */
export async function loadScenarios(
  paths: readonly string[],
  options: LoadOptions = {},
): Promise<LoadResult> {
  const cwd = options.cwd ?? process.cwd();
  const root = resolve(cwd, options.root ?? packageRoot());
  const serversFile = options.serversFile ?? defaultServersFile(root);
  const { files, errors } = await findSuiteFiles(paths, cwd);
  let servers = options.servers;
  if (!servers) {
    const loaded = await loadComparedServers(serversFile, cwd);
    errors.push(...loaded.errors);
    if (loaded.errors.length === 0) servers = loaded.servers;
  }
  const parsed: ParsedFile[] = [];
  for (const file of files) parsed.push(await parseSuiteFile(file, cwd));
  const documents = parsed.flatMap((p) => p.documents);
  const context = { servers, serversFile, fixtures: createFixtureIndex(root) };
  const rejected = new Set<YamlDocument>();
  const warnings: ScenarioError[] = [];
  for (const { document, error } of duplicateIds(documents)) {
    rejected.add(document);
    errors.push(error);
  }
  for (const file of parsed) {
    errors.push(...file.errors);
    for (const entry of file.valid) {
      const checked = checkScenario(entry, context);
      const problems = checked.filter((p) => p.warning !== true);
      warnings.push(...checked.filter((p) => p.warning === true));
      if (problems.length > 0) rejected.add(entry.document);
      errors.push(...problems);
    }
  }
  const order = new Map(files.map((file, index) => [file, index]));
  errors.sort(
    (a, b) =>
      (order.get(a.file) ?? -1) - (order.get(b.file) ?? -1) || a.line - b.line || a.col - b.col,
  );
  const suites = new Set(
    documents.map((d) => {
      const suite = (d.data as { suite?: unknown } | null)?.suite;
      return typeof suite === 'string' ? suite : basename(d.file, extname(d.file));
    }),
  );
  return {
    scenarios: parsed
      .flatMap((p) => p.valid)
      .filter((entry) => !rejected.has(entry.document))
      .map((entry) => entry.scenario),
    documents: documents.length,
    suites: [...suites].sort(),
    files,
    errors,
    warnings,
  };
}
