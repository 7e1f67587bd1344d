import { join, resolve } from 'node:path';
import { defaultServersFile } from '../../scenarios/compared-servers.js';
import { DEFAULT_MAX_TURNS } from '../../agent/run-agent-loop.js';
import { loadScenarios } from '../../scenarios/load-scenarios.js';
import { plansOverTurnLimit } from '../../scenarios/plan-turns.js';
import { packageRoot } from '../../common/package-root.js';
import { formatScenarioError, type ScenarioError } from '../../scenarios/types.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parse-args.js';
import { displayPath } from '../../common/display-path.js';

const HELP = `Usage: hpe-mcp-bench validate [FILES|DIRS…] [--json] [--servers FILE] [--root DIR]
                              [--max-turns N]

Validates scenario manifests: YAML syntax, the JSON Schema (scenarios/scenario.schema.json), and
the checks beyond it (unique ids, fixture bundles exist, facts occur in the fixture, servers are
in the compared set, plan tools are expected tools, result_schema is a valid schema).
With no FILES|DIRS it validates the golden suite: every ROOT/scenarios/*.yaml.
Errors print as file:line:col: /json/pointer: message (hint). A plan that a policy making one
call per turn cannot finish within the turn limit is printed as a warning (the scripted policy
raises its limit to fit every plan; model policies do not).
Exit 0: valid (warnings do not change it); 1: the manifests have errors; 2: usage (an unknown
option, a path that does not exist, a --max-turns that is not a positive integer).

Options:
  --json           print {ok, scenarios, suites, errors:[{file,line,col,pointer,message,hint}]}
  --servers FILE   the compared-servers file (default ROOT/scenarios/compared-servers.yml)
  --root DIR       the bench tree that fixture: paths are relative to (default: this package)
  --max-turns N    the turn limit plans are checked against (default ${DEFAULT_MAX_TURNS})
`;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `hpe-mcp-bench validate`: load manifests, print every problem and a summary line. */
export async function validateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'validate',
    args,
    {
      json: { type: 'boolean' },
      servers: { type: 'string' },
      root: { type: 'string' },
      'max-turns': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  const maxTurns =
    values['max-turns'] === undefined ? DEFAULT_MAX_TURNS : Number(values['max-turns']);
  if (!Number.isInteger(maxTurns) || maxTurns < 1) {
    io.stderr(
      `hpe-mcp-bench validate: --max-turns must be a positive integer, got "${values['max-turns']}"\n`,
    );
    return 2;
  }
  const root = values.root === undefined ? packageRoot() : resolve(io.cwd, values.root);
  // Paths we choose are shown relative to the working directory; the user's as typed.
  const shown = (path: string): string => displayPath(path, io.cwd);
  const paths = positionals.length ? positionals : [shown(join(root, 'scenarios'))];
  const result = await loadScenarios(paths, {
    root,
    serversFile: values.servers ?? shown(defaultServersFile(root)),
    cwd: io.cwd,
  });
  const errors: ScenarioError[] = result.errors;
  const warnings = [...result.warnings, ...plansOverTurnLimit(result.scenarios, maxTurns)];
  const ok = errors.length === 0;
  if (values.json) {
    io.stdout(
      JSON.stringify({
        ok,
        scenarios: result.documents,
        suites: result.suites.length,
        errors: errors.map((e) => ({ ...e, hint: e.hint ?? null })),
        warnings: warnings.map((e) => ({ ...e, hint: e.hint ?? null })),
      }) + '\n',
    );
    return ok ? 0 : 1;
  }
  for (const error of errors) io.stdout(formatScenarioError(error) + '\n');
  for (const warning of warnings) io.stdout(`warning: ${formatScenarioError(warning)}\n`);
  const counted = `${plural(result.documents, 'scenario')} in ${plural(result.suites.length, 'suite')}`;
  const warned = warnings.length > 0 ? `, ${plural(warnings.length, 'warning')}` : '';
  io.stdout(`${counted}: ${ok ? 'ok' : plural(errors.length, 'error')}${warned}\n`);
  return ok ? 0 : 1;
}
