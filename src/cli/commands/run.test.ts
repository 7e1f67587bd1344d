import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../../test/helpers/run-cli.js';

const run = (...args: string[]) => runCliCaptured(['run', ...args]);

describe('hpe-mcp-bench run: usage errors (exit 2, nothing started)', () => {
  it.each([
    [
      ['--runs', 'many'],
      /--runs "many" is not a whole number from 1 to 1000 \(runs per scenario\)/,
    ],
    [['--runs', '0'], /--runs "0" is not a whole number from 1 to 1000/],
    [['--runs', '1001'], /--runs "1001" is not a whole number from 1 to 1000/],
    [['--runs', '2'], /--runs 2 is fewer than 5.*\n {2}hint: add --allow-few-runs/],
    [['--concurrency', '0'], /--concurrency "0" is not a whole number from 1 to 64/],
    [
      ['--tokenizer', 'p50k_base'],
      /--tokenizer "p50k_base" is not one of: cl100k_base, o200k_base/,
    ],
    [['--isolation', 'process'], /--isolation "process" is not one of: run, scenario/],
    [['--sandbox', 'maybe'], /--sandbox "maybe" is not one of: auto, on, off/],
    [['--escapes', 'warn'], /--escapes "warn" is not one of: record, fail/],
    [
      ['--server', 'karthik'],
      /--server "karthik" is not in the built-in config\n {2}hint: servers: reference/,
    ],
    [
      ['--out', 'package.json'],
      /--out package\.json: cannot write the report there \(\S*package\.json is not a directory\)/,
    ],
    [['--bogus'], /run: Unknown option '--bogus'/],
    [['--faults', 'no-such-plan.yaml'], /no-such-plan\.yaml/],
    [['--config', 'no-such-config.yml'], /no-such-config\.yml/],
    [
      ['--resilience', '--faults', 'plan.yaml'],
      /--resilience and --faults cannot be combined\n {2}hint: the resilience matrix sets its own/,
    ],
    [
      ['--suite', 'resilience', '--suite', 'nac'],
      /--suite resilience cannot be combined with --suite nac/,
    ],
  ])('%j', async (args, message) => {
    const result = await run(...args);
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });

  it('names an unknown suite, suggests the near one and lists the valid ones', async () => {
    const result = await run('--suite', 'client-diagnosys');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--suite "client-diagnosys" is not a suite of the loaded scenarios',
    );
    expect(result.stderr).toMatch(
      /hint: did you mean "client-diagnosis"\? suites: adversarial, .*wlan-change/,
    );
  });

  it('names an unknown scenario id and lists the valid ones', async () => {
    const result = await run('--scenario', 'nac-999');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--scenario "nac-999" is not a loaded scenario');
    expect(result.stderr).toMatch(/scenarios: .*nac-001/);
  });

  it('says so when the suite and id filters leave nothing', async () => {
    const result = await run('--suite', 'nac', '--scenario', 'client-diagnosis-001');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /no scenario is in suite\(s\) nac and has id\(s\) client-diagnosis-001/,
    );
  });

  it('refuses a manifest with errors and points at validate', async () => {
    const result = await run('package.json');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/the scenarios have \d+ problem\(s\):\npackage\.json/);
    expect(result.stderr).toContain("hint: run 'hpe-mcp-bench validate package.json'");
  });

  it('prints help with every option', async () => {
    const result = await run('--help');
    expect(result.code).toBe(0);
    for (const option of [
      '--config',
      '--server',
      '--suite',
      '--scenario',
      '--runs',
      '--out',
      '--concurrency',
      '--tokenizer',
      '--isolation',
      '--faults',
      '--quiet',
      '--allow-few-runs',
    ]) {
      expect(result.stdout).toContain(option);
    }
  });
});
