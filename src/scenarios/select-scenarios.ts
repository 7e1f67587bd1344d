import { BenchError } from '../common/errors.js';
import { didYouMean } from '../common/did-you-mean.js';
import type { Scenario } from './types.js';

/** How an error names a value of an option: `--suite "x"` in the CLI, `input suites "x"` in the action. */
export type OptionLabel = (option: 'server' | 'suite' | 'scenario', value: string) => string;

/** The CLI's way: `--suite "x"`. */
export const cliLabel: OptionLabel = (option, value) => `--${option} "${value}"`;

const list = (values: readonly string[], max = 200): string =>
  values.length > max
    ? `${values.slice(0, max).join(', ')}, … (${values.length} in all)`
    : values.join(', ');

/**
 * Keeps the scenarios of the given suites and ids (both filters apply; empty = no filter), in
 * manifest order. An unknown suite or id is a usage error naming it and listing the valid ones.
 */
export function selectScenarios(
  scenarios: readonly Scenario[],
  suites: readonly string[],
  ids: readonly string[],
  label: OptionLabel = cliLabel,
): Scenario[] {
  const knownSuites = [...new Set(scenarios.map((s) => s.suite))].sort();
  for (const suite of suites) {
    if (!knownSuites.includes(suite)) {
      throw new BenchError(
        'usage',
        `${label('suite', suite)} is not a suite of the loaded scenarios`,
        {
          hint: `${didYouMean(suite, knownSuites)}suites: ${list(knownSuites)}`,
        },
      );
    }
  }
  const knownIds = scenarios.map((s) => s.id);
  for (const id of ids) {
    if (!knownIds.includes(id)) {
      throw new BenchError('usage', `${label('scenario', id)} is not a loaded scenario`, {
        hint: `${didYouMean(id, knownIds)}scenarios: ${list(knownIds)}`,
      });
    }
  }
  const selected = scenarios.filter(
    (s) =>
      (suites.length === 0 || suites.includes(s.suite)) && (ids.length === 0 || ids.includes(s.id)),
  );
  if (selected.length === 0) {
    throw new BenchError(
      'usage',
      `no scenario is in suite(s) ${suites.join(', ')} and has id(s) ${ids.join(', ')}`,
      {
        hint: `scenarios of those suites: ${list(scenarios.filter((s) => suites.includes(s.suite)).map((s) => s.id))}`,
      },
    );
  }
  return selected;
}
