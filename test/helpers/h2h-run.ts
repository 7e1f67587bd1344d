/**
 * What the tests of scripts/h2h/run.sh hand the script so that the script, not the servers' or
 * the sweep's cost, is what they wait for: a bench config whose servers start from the bundles
 * this test run built, and a CLI whose `run` leaves the tool sweep off.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { bundledArgs } from './bundled-servers.js';
import { cliEntry } from './cli-entry.js';

/**
 * The bench config `file` copied into `dir`, each `args: [--import, tsx, <source>]` server started
 * from its bundle (test/helpers/bundled-servers.ts) and each `cwd:` made absolute (the copy is
 * elsewhere): tsx took seconds a start under load, for every server start of the run. Throws
 * when a tsx start is left (a line the pattern did not match).
 */
export function bundledBenchFile(file: string, dir: string): string {
  const bundled = readFileSync(file, 'utf8')
    .replace(
      /^( {4}args: )\[--import, tsx, (\S+)\]$/gm,
      (_line, key: string, source: string) =>
        `${key}${JSON.stringify(bundledArgs(['--import', 'tsx', source]))}`,
    )
    .replace(
      /^( {4}cwd: )(\S+)$/gm,
      (_line, key: string, cwd: string) => `${key}${JSON.stringify(resolve(dirname(file), cwd))}`,
    );
  if (/\[--import, tsx/.test(bundled))
    throw new Error(`${file}: a server still starts through tsx`);
  const copy = join(dir, 'bench.yml');
  writeFileSync(copy, bundled);
  return copy;
}

/**
 * HPE_MCP_BENCH for run.sh: the CLI under test (cliEntry()), its `run` with `--sweep off` (the
 * sweep is `run`'s default; these tests hold the script's installs, eras, verify and pages, and
 * the sweep added a server per server to every run). `afterRun`: shell lines run after each
 * command with its arguments and `$status`. A script in `dir`.
 */
export function cliWithoutSweep(dir: string, afterRun = ''): string {
  const cli = [process.execPath, ...cliEntry()].map((a) => JSON.stringify(a)).join(' ');
  const script = join(dir, 'cli.sh');
  writeFileSync(
    script,
    [
      'extra=()',
      'if [ "$1" = run ]; then extra=(--sweep off); fi',
      `${cli} "$@" "\${extra[@]}"; status=$?`,
      afterRun,
      'exit $status',
    ].join('\n'),
  );
  return `bash ${script}`;
}
