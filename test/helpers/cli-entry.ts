import { inject } from 'vitest';

/**
 * The CLI as a process's arguments after `node`: the bundle this test run built from the
 * working tree (test/helpers/build-cli-under-test.ts, Vitest's global setup). A module of its
 * own, so a test that only spawns the CLI does not import the CLI's whole graph as well.
 */
export function cliEntry(): string[] {
  return [inject('cliBundle')];
}
