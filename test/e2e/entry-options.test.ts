import { describe, expect, it } from 'vitest';
import { INPUTS, NOT_INPUTS, parseActionInputs, type InputName } from '../../src/action/inputs.js';
import { RUN_FLAGS } from '../../src/cli/commands/run.js';
import { BenchError } from '../../src/common/errors.js';
import { ACTION_NAMING, CLI_NAMING, INPUT_FOR_FLAG } from '../../src/run/request/bench-request.js';
import {
  RUN_CHOICES,
  RUN_COUNTS,
  checkGatingRuns,
  type ChoiceOption,
  type CountOption,
} from '../../src/run/request/run-options.js';
import { runCliCaptured } from '../helpers/run-cli.js';

describe('the two entries offer the same run', () => {
  it('gives every flag of `run` an action input, or says why not', () => {
    const inputs = new Set<string>(INPUTS);
    const missing = Object.keys(RUN_FLAGS).filter(
      (flag) => !inputs.has(INPUT_FOR_FLAG[flag] ?? flag) && NOT_INPUTS[flag] === undefined,
    );
    expect(missing).toEqual([]);
  });

  it('explains only flags that exist and have no input', () => {
    for (const flag of Object.keys(NOT_INPUTS)) {
      expect(Object.keys(RUN_FLAGS)).toContain(flag);
      expect(INPUTS as readonly string[]).not.toContain(INPUT_FOR_FLAG[flag] ?? flag);
    }
  });
});

/** The action's message for `name: value`, or null when it takes the value. */
function actionSays(name: CountOption | ChoiceOption, value: string): string | null {
  try {
    parseActionInputs((input: InputName) => (input === name ? value : ''));
    return null;
  } catch (error) {
    return (error as BenchError).message;
  }
}

/**
 * The CLI's first line on stderr for `--name=value`, or null when the flag is taken. `--server
 * nope` makes every run stop before it starts: a taken count then fails on the server instead
 * (`--allow-few-runs`: the gating rule is the next test's).
 */
async function cliSays(name: CountOption | ChoiceOption, value: string): Promise<string | null> {
  const { code, stderr } = await runCliCaptured([
    'run',
    `--${name}=${value}`,
    '--allow-few-runs',
    '--server',
    'nope',
  ]);
  expect(code).toBe(2);
  const first = stderr.split('\n')[0] ?? '';
  return first.includes('"nope"') ? null : first.replace(/^hpe-mcp-bench(?: run)?: /, '');
}

describe('a run option has one rule, worded once, spelled as each entry spells it', () => {
  const cases = [
    ...Object.entries(RUN_COUNTS).flatMap(([name, { min, max }]) =>
      [String(min - 1), String(min), String(max), String(max + 1), 'many', '2.5', '-3'].map(
        (value) => [name as CountOption | ChoiceOption, value] as const,
      ),
    ),
    ...Object.entries(RUN_CHOICES).flatMap(([name, valid]) =>
      [...valid, 'bogus', valid[0].toUpperCase()].map(
        (value) => [name as CountOption | ChoiceOption, value] as const,
      ),
    ),
  ];

  it.each(cases)(
    '%s %s: the CLI and the action agree, each in its own spelling',
    async (name, value) => {
      const action = actionSays(name, value);
      const cli = await cliSays(name, value);
      expect(cli === null, `CLI ${cli ?? 'takes it'}; action ${action ?? 'takes it'}`).toBe(
        action === null,
      );
      if (cli === null || action === null) return;
      expect(cli.startsWith(`${CLI_NAMING.option(name)} `)).toBe(true);
      expect(action.startsWith(`${ACTION_NAMING.option(name)} `)).toBe(true);
      expect(cli.slice(CLI_NAMING.option(name).length)).toBe(
        action.slice(ACTION_NAMING.option(name).length),
      );
    },
  );

  it('refuses fewer than 5 runs without allow-few-runs, in the same words', async () => {
    const refused = (spell: (flag: string) => string) => {
      try {
        checkGatingRuns(2, false, spell);
        return '';
      } catch (error) {
        return `${(error as BenchError).message} / ${(error as BenchError).hint ?? ''}`;
      }
    };
    expect(refused(ACTION_NAMING.option)).toBe(
      'input runs 2 is fewer than 5; a report needs at least 5 runs per scenario to gate a PR or be published / add input allow-few-runs for an exploratory run (the report says gating_eligible: false)',
    );
    const { stderr } = await runCliCaptured(['run', '--runs', '2', '--server', 'nope']);
    expect(stderr).toContain(refused(CLI_NAMING.option).split(' / ')[0]);
  });
});
