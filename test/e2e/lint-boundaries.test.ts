import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs config module without types
import { boundaries } from '../../eslint.boundaries.mjs';

const REPO = resolve(import.meta.dirname, '../..');

/** ESLint with the repository's boundary rules only (the same blocks eslint.config.mjs uses). */
const eslint = new ESLint({
  cwd: REPO,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
    ...(boundaries as ESLint.Options['overrideConfig'][]),
  ] as ESLint.Options['overrideConfig'],
});

async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(REPO, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? ''}: ${m.message}`);
}

describe('the module boundaries are lint errors', () => {
  it.each([
    ['src/metrics/planted.ts', "import * as core from '@actions/core';", /Only src\/action/],
    ['src/run/planted.ts', "import * as cache from '@actions/cache';", /Only src\/action/],
    [
      'src/gate/planted.ts',
      "import { INPUTS } from '../action/inputs.js';",
      /Nothing imports from an entry/,
    ],
    [
      'src/report/planted.ts',
      "import { runCli } from '../cli/main.js';",
      /Nothing imports from an entry/,
    ],
    [
      'src/github/planted.ts',
      "import { run } from '../action/main.js';",
      /Nothing imports from an entry/,
    ],
    [
      'src/cli/commands/planted.ts',
      "import { run } from '../../action/main.js';",
      /does not import the action entry/,
    ],
    ['src/cli/planted.ts', "import * as core from '@actions/core';", /Only src\/action/],
    [
      'src/action/planted.ts',
      "import { runCli } from '../cli/main.js';",
      /does not import the CLI entry/,
    ],
    [
      'fake-central/routes/planted.ts',
      "import { BenchError } from '../../src/common/errors.js';",
      /never src\//,
    ],
    [
      'fake-central/proxy/planted.ts',
      "import { BenchError } from '../../src/common/errors.js';",
      /never src\//,
    ],
    ['fake-central/planted.ts', "import YAML from 'yaml';", /fake-central imports only node/],
    ['fake-central/planted.ts', "import { RE2JS } from 're2js';", /fake-central imports only node/],
    [
      'fake-central/endpoint-pattern.ts',
      "import { closest } from '../src/common/did-you-mean.js';",
      /never src\//,
    ],
    [
      'fake-central/endpoint-pattern.ts',
      "import YAML from 'yaml';",
      /imports only node:\*, its own modules and re2js/,
    ],
    [
      'src/metrics/planted.ts',
      "import type { CallRecord } from '../../fake-central/types.js';",
      /through its public index/,
    ],
    [
      'src/cli/commands/planted.ts',
      "import { startFakeCentral } from '../../../fake-central/start-fake-central.js';",
      /through its public index/,
    ],
    [
      'src/action/planted.ts',
      "import { loadBundle } from '../../fake-central/fixture-store.js';",
      /through its public index/,
    ],
    [
      'src/common/planted.ts',
      "import type { Report } from '../report/types.js';",
      /src\/common may import no other folder of src\//,
    ],
    [
      'src/scenarios/planted.ts',
      "import { runBench } from '../run/run-bench.js';",
      /src\/scenarios may import only src\/common \(ARCHITECTURE\.md\)/,
    ],
    [
      'src/metrics/discoverability/planted.ts',
      "import type { Report } from '../../report/types.js';",
      /src\/metrics may import only src\/scenarios, src\/trajectory/,
    ],
    [
      'src/servers/launch/sandbox/planted.ts',
      "import type { Report } from '../../../report/types.js';",
      /src\/servers may import only src\/common, src\/config/,
    ],
    [
      'src/report-io/planted.ts',
      "import { runBench } from '../run/run-bench.js';",
      /src\/report-io may import only src\/common, src\/report/,
    ],
    [
      'src/baseline/actions-cache-store.ts',
      "import { gate } from '../gate/gate.js';",
      /src\/baseline may import only/,
    ],
    [
      'src/report/planted.ts',
      "import { sampleReport } from '../../test/helpers/report/test-report.js';",
      /Production code never imports test support/,
    ],
    [
      'src/servers/launch/planted.ts',
      "import { stdioTestServer } from '../../../test/helpers/servers/launch/test-servers.js';",
      /Production code never imports test support/,
    ],
    [
      'src/gate/planted.ts',
      "import { x } from './compare-to-baseline.test.js';",
      /Production code never imports test support/,
    ],
    [
      'src/cli/planted.ts',
      "import { runCli } from '../../test/helpers/run-cli.js';",
      /Production code never imports test support/,
    ],
    [
      'src/action/planted.ts',
      "import { fakeGitHub } from '../../test/helpers/fake-github.js';",
      /Production code never imports test support/,
    ],
    [
      'fake-central/planted.ts',
      "import { fakeApi } from '../test/helpers/fake-api.js';",
      /Production code never imports test support/,
    ],
    [
      'fake-central/proxy/planted.ts',
      "import { fakeApi } from '../../test/helpers/fake-api.js';",
      /Production code never imports test support/,
    ],
  ])('%s: %s', async (file, code, message) => {
    const found = await violations(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-restricted-imports: /);
    expect(found[0]).toMatch(message);
  });

  it.each([
    ['src/action/planted.ts', "import * as core from '@actions/core';"],
    ['src/github/planted.ts', "import * as github from '@actions/github';"],
    ['src/baseline/actions-cache-store.ts', "import * as cache from '@actions/cache';"],
    ['src/cli/planted.ts', "import { gate } from '../gate/gate.js';"],
    ['src/action/planted.ts', "import { resolveBench } from '../run/request/resolve-bench.js';"],
    [
      'src/servers/launch/sandbox/planted.ts',
      "import { BenchError } from '../../../common/errors.js';",
    ],
    ['fake-central/proxy/planted.ts', "import { X509Certificate } from '@peculiar/x509';"],
    ['fake-central/endpoint-pattern.ts', "import { RE2JS } from 're2js';"],
    ['src/metrics/planted.ts', "import type { CallRecord } from '../../fake-central/index.js';"],
    [
      'src/resilience/planted.ts',
      "import schema from '../../fake-central/faults/fault-plan.schema.json' with { type: 'json' };",
    ],
    ['src/cli/planted.ts', "import { fakeCentralCommand } from './commands/fake-central.js';"],
    [
      'src/servers/planted.ts',
      "import { Client } from '@modelcontextprotocol/sdk/client/index.js';",
    ],
    ['src/metrics/discoverability/planted.ts', "import { x } from '../resilience/fault-run.js';"],
    ['src/run/planted.ts', "import { writeReport } from '../report-io/write-report.js';"],
    ['src/gate/planted.ts', "import { MARKER } from '../github/comment-marker.js';"],
  ])('allows %s: %s', async (file, code) => {
    expect(await violations(file, code)).toEqual([]);
  });
});
