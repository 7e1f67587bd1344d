import type { ComparedServer } from './compared-servers.js';
import { didYouMean } from '../common/did-you-mean.js';
import { parseEndpointPattern } from '../../fake-central/index.js';
import type { FixtureIndex } from './fixture-index.js';
import { resultSchemaErrors } from './result-schema.js';
import { stateChecks } from './state-checks.js';
import { planChecks } from './plan-checks.js';
import { factSourceChecks } from './fact-source-checks.js';
import type { Scenario, ScenarioError } from './types.js';
import { unanchoredNote } from '../common/unanchored.js';
import { errorAt, type YamlDocument } from '../common/yaml-source.js';

/** What the checks beyond the schema need to know about the bench tree. */
export interface SemanticContext {
  /** `undefined` when the compared-servers file itself is invalid: server checks are skipped. */
  servers: readonly ComparedServer[] | undefined;
  /** How to name the compared-servers file in hints. */
  serversFile: string;
  fixtures: FixtureIndex;
}

/** A schema-valid scenario and the YAML document it came from. */
export interface LoadedScenario {
  scenario: Scenario;
  document: YamlDocument;
}

const shaOf = (ref: string): string => ref.slice(ref.lastIndexOf('@') + 1);

/**
 * A citation `hpe-mcp-bench pin` marked `# unanchored …` (it could not find the lines at the new
 * commit) is a warning naming the comment, so the suite still runs while someone fixes it.
 */
function unanchored(
  document: YamlDocument,
  path: (string | number)[],
  error: ScenarioError,
): ScenarioError {
  const note = unanchoredNote(document, path);
  if (note === null) return error;
  return {
    ...error,
    message: `${error.message} (${note})`,
    hint: `${error.hint ?? ''}; marked by hpe-mcp-bench pin: find the cited code at the pinned commit, cite it there and drop the comment`.replace(
      /^; /,
      '',
    ),
    warning: true,
  };
}

// Citations must be at the pinned commits, or the tool names they back may not exist there.
function evidenceChecks(
  { scenario, document }: LoadedScenario,
  servers: readonly ComparedServer[],
  serversFile: string,
): ScenarioError[] {
  const pinned = (name: string): string | undefined => servers.find((s) => s.name === name)?.commit;
  const errors: ScenarioError[] = [];
  const evidence = scenario.evidence;
  if (typeof evidence === 'string') {
    const named = Object.keys(scenario.expected_tools);
    // A server without a pin (a local one) can be cited at any commit of this repository.
    if (named.some((name) => servers.some((s) => s.name === name) && pinned(name) === undefined)) {
      return errors;
    }
    const pins = named.flatMap((name) => {
      const commit = pinned(name);
      return commit === undefined ? [] : [{ name, commit }];
    });
    if (pins.length === 0 || pins.some((p) => p.commit.startsWith(shaOf(evidence)))) return errors;
    errors.push(
      unanchored(
        document,
        ['evidence'],
        errorAt(
          document,
          ['evidence'],
          `"${evidence}" is not at the pinned commit of ${pins.map((p) => p.name).join(' or ')}`,
          {
            hint: `pinned in ${serversFile}: ${pins.map((p) => `${p.name} ${p.commit.slice(0, 7)}`).join(', ')}; to cite several servers write evidence: {server: [path:line@sha]}`,
          },
        ),
      ),
    );
    return errors;
  }
  for (const [server, refs] of Object.entries(evidence)) {
    const commit = pinned(server);
    if (commit === undefined) continue;
    refs.forEach((ref, index) => {
      if (commit.startsWith(shaOf(ref))) return;
      errors.push(
        unanchored(
          document,
          ['evidence', server, index],
          errorAt(
            document,
            ['evidence', server, index],
            `"${ref}" is not at the pinned commit of ${server}`,
            {
              hint: `cite ${server} at ${commit.slice(0, 7)}, the commit pinned in ${serversFile}`,
            },
          ),
        ),
      );
    });
  }
  return errors;
}

function serverChecks(
  { scenario, document }: LoadedScenario,
  servers: readonly ComparedServer[],
  serversFile: string,
): ScenarioError[] {
  const names = servers.map((s) => s.name);
  const errors: ScenarioError[] = [];
  const requireKnown = (field: string, server: string): boolean => {
    if (names.includes(server)) return true;
    errors.push(
      errorAt(document, [field, server], `unknown server "${server}"`, {
        at: 'key',
        hint: `${didYouMean(server, names)}servers in ${serversFile}: ${names.join(', ')}`,
      }),
    );
    return false;
  };
  for (const server of Object.keys(scenario.expected_tools)) requireKnown('expected_tools', server);
  for (const [server, plan] of Object.entries(scenario.plans)) {
    if (!requireKnown('plans', server)) continue;
    const expected = scenario.expected_tools[server];
    if (!expected) {
      errors.push(
        errorAt(document, ['plans', server], `plan for "${server}", which has no expected_tools`, {
          at: 'key',
          hint: `add expected_tools.${server} listing the plan's tools, or drop the plan`,
        }),
      );
      continue;
    }
    plan.forEach((step, index) => {
      if (expected.includes(step.tool)) return;
      errors.push(
        errorAt(
          document,
          ['plans', server, index, 'tool'],
          `tool "${step.tool}" is not in expected_tools.${server}`,
          { hint: `${didYouMean(step.tool, expected)}expected: ${expected.join(', ')}` },
        ),
      );
    });
    expected.forEach((tool, index) => {
      if (plan.some((step) => step.tool === tool)) return;
      errors.push(
        errorAt(
          document,
          ['expected_tools', server, index],
          `expected tool "${tool}" is never called by plans.${server}`,
          { hint: 'add the call to the plan, or drop the tool from expected_tools' },
        ),
      );
    });
  }
  if (typeof scenario.evidence !== 'string') {
    for (const server of Object.keys(scenario.evidence)) requireKnown('evidence', server);
  }
  return [...errors, ...evidenceChecks({ scenario, document }, servers, serversFile)];
}

function fixtureChecks(entry: LoadedScenario, fixtures: FixtureIndex): ScenarioError[] {
  const { scenario, document } = entry;
  if (!fixtures.exists(scenario.fixture)) {
    const bundles = fixtures.bundles();
    return [
      errorAt(document, ['fixture'], `fixture bundle "${scenario.fixture}" not found`, {
        hint: bundles.length
          ? `${didYouMean(
              scenario.fixture,
              bundles.map((b) => `fixtures/central/${b}`),
            )}bundles: ${bundles.join(', ')}`
          : `no bundles under ${fixtures.root}/fixtures/central; generate them with npm run fixtures`,
      }),
    ];
  }
  const integrity = fixtures.integrity(scenario.fixture);
  // A bundle that is not what its manifest says is not read (a symlink may lead anywhere).
  if (integrity.problems.length > 0) {
    if (!integrity.first) return [];
    return integrity.problems.map((problem) =>
      errorAt(document, ['fixture'], problem.message, { hint: problem.hint }),
    );
  }
  return Object.entries(scenario.expect.facts)
    .filter(([, value]) => !fixtures.contains(scenario.fixture, value))
    .map(([name, value]) =>
      errorAt(
        document,
        ['expect', 'facts', name],
        `fact ${JSON.stringify(value)} does not occur in ${scenario.fixture}`,
        { hint: 'facts are ground truth: copy the value exactly from the bundle’s JSON files' },
      ),
    );
}

// A request every expected pattern matches: wildcards become a segment no forbidding pattern
// names literally, alternatives their first choice. If must_not_call matches it, the scenario
// forbids what it requires.
function sampleRequest(source: string): { method: string; path: string } {
  const pattern = parseEndpointPattern(source);
  const path = pattern.path
    .replace(/\*\*|\*/g, '_sample_')
    .replace(/\{([^,}]*)[^}]*\}/g, (_, first: string) => first);
  return { method: pattern.methods ? ([...pattern.methods][0] ?? 'GET') : 'GET', path };
}

function contradictionChecks({ scenario, document }: LoadedScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  scenario.expect.api_calls.forEach((source, index) => {
    const { method, path } = sampleRequest(source);
    const forbidden = scenario.expect.must_not_call.find((other) =>
      parseEndpointPattern(other).matches(method, path),
    );
    if (forbidden === undefined) return;
    errors.push(
      errorAt(
        document,
        ['expect', 'api_calls', index],
        `expected call "${source}" is forbidden by must_not_call "${forbidden}"`,
        { hint: 'narrow the must_not_call pattern or fix the expected call' },
      ),
    );
  });
  return errors;
}

/** The checks a schema cannot express, for one schema-valid scenario. */
export function checkScenario(entry: LoadedScenario, context: SemanticContext): ScenarioError[] {
  const { scenario, document } = entry;
  return [
    ...fixtureChecks(entry, context.fixtures),
    ...(context.servers ? serverChecks(entry, context.servers, context.serversFile) : []),
    ...contradictionChecks(entry),
    ...planChecks(scenario, document, context.fixtures),
    ...factSourceChecks(scenario, document),
    ...(context.fixtures.exists(scenario.fixture)
      ? stateChecks(scenario, document, context.fixtures)
      : []),
    ...(scenario.result_schema ? resultSchemaErrors(scenario.result_schema, document) : []),
  ];
}

/**
 * Ids must be unique across every file: each repeat is reported where it occurs, naming the
 * first. Works on any document whose `id` is a string, valid or not.
 */
export function duplicateIds(
  documents: readonly YamlDocument[],
): { document: YamlDocument; error: ScenarioError }[] {
  const first = new Map<string, ScenarioError>();
  const repeats: { document: YamlDocument; error: ScenarioError }[] = [];
  for (const document of documents) {
    const id = (document.data as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') continue;
    const here = errorAt(document, ['id'], `duplicate id "${id}"`);
    const previous = first.get(id);
    if (!previous) {
      first.set(id, here);
      continue;
    }
    const hint = `first defined at ${previous.file}:${previous.line}:${previous.col}; ids are unique across all suites`;
    repeats.push({ document, error: { ...here, hint } });
  }
  return repeats;
}
