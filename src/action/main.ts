import * as core from '@actions/core';
import { actionsCacheStore } from '../baseline/actions-cache-store.js';
import type { BaselineStore } from '../baseline/types.js';
import { formatError } from '../common/errors.js';
import { verifyOwnBundle } from '../common/dist-digest.js';
import { takeSecrets, withSecretEnv, type Secrets } from '../common/secrets.js';
import { mergeReports } from '../report-io/merge-reports.js';
import { ACTION_NAMING, type BenchRequest } from '../run/request/bench-request.js';
import type { Logger } from '../run/ports.js';
import { prepareBench } from '../run/prepare-bench.js';
import { formatScenarioError, type ScenarioError } from '../scenarios/types.js';
import { parseActionInputs, type ActionInputs } from './inputs.js';
import { postStoredComment } from './comment-mode.js';
import { checkReportDir } from './report-dir.js';
import { readRunContext, type RunContext } from './run-context.js';
import { finishGate } from './run-gate.js';
import { prepareRunnerSandbox } from '../servers/launch/sandbox/runner-setup.js';

/** What the action talks to besides @actions/core; tests inject a directory baseline store. */
export interface ActionDeps {
  /** Default: the Actions cache, at BASELINE_CACHE_PATH in the workspace. */
  baselineStore: BaselineStore;
  env: NodeJS.ProcessEnv;
  /** What run() took out of `env` first thing (takeSecrets): this run's own. */
  secrets: Secrets;
}

const actionLogger: Logger = {
  info: (m) => core.info(m),
  warn: (m) => core.warning(m),
  progress: (m) => core.info(m),
};

/** The inputs as the core's request; the gate's own inputs (thresholds, comment…) stay here. */
function benchRequest(
  inputs: ActionInputs,
  context: RunContext,
  env: ActionDeps['env'],
  secrets: Secrets,
): BenchRequest {
  return {
    config: inputs.config,
    servers: inputs.servers,
    scenarioPaths: inputs.scenarios,
    suites: inputs.suites,
    scenarioIds: inputs.scenarioIds,
    shard: inputs.shard,
    cwd: context.workspace,
    runs: inputs.runs,
    // The action runs what `runs` says: a report of fewer than 5 runs is refused by the gate's
    // enough-runs rule (the check fails with the reason), never earlier.
    allowFewRuns: true,
    ...(inputs.concurrency === null ? {} : { concurrency: inputs.concurrency }),
    ...(inputs.isolation === null ? {} : { isolation: inputs.isolation }),
    ...(inputs.tokenizer === null ? {} : { tokenizer: inputs.tokenizer }),
    faults: inputs.faults,
    ...(inputs.sandbox === null ? {} : { sandbox: inputs.sandbox }),
    ...(inputs.escapes === null ? {} : { escapes: inputs.escapes }),
    ...(inputs.validation === null ? {} : { validation: inputs.validation }),
    ...(inputs.deadline === '' ? {} : { deadline: inputs.deadline }),
    resilience: inputs.resilience,
    sweep: inputs.sweep,
    policy: inputs.policy,
    budget: inputs.budget,
    env,
    secrets,
    naming: ACTION_NAMING,
  };
}

/** Each manifest problem as an annotation at its file and line. */
function annotate(errors: readonly ScenarioError[]): void {
  for (const e of errors) {
    core.error(formatScenarioError(e), {
      file: e.file,
      ...(e.line > 0 ? { startLine: e.line, startColumn: e.col } : {}),
      title: 'hpe-mcp-bench scenario',
    });
  }
}

/** mode: gate — the core runs the bench, then the gate compares, comments and saves. */
async function runGateMode(
  given: ActionInputs,
  context: RunContext,
  deps: ActionDeps,
): Promise<void> {
  // Before minutes of runs: a report-dir that cannot take the report fails now.
  const inputs = await withCheckedReportDir(given, context, deps.env);
  // On a GitHub-hosted runner: bubblewrap and an AppArmor profile for it, before the probe.
  await prepareRunnerSandbox({ mode: inputs.sandbox ?? 'auto', env: deps.env, log: core.info });
  const prepared = await prepareBench(benchRequest(inputs, context, deps.env, deps.secrets), {
    annotate,
  });
  if (prepared.options.scenarios.length === 0) {
    core.warning('This shard has no scenarios; nothing to run.');
    return;
  }
  core.info(prepared.description);
  const report = await prepared.run({ logger: actionLogger });
  await finishGate(report, inputs, context, deps.baselineStore);
}

async function withCheckedReportDir(
  inputs: ActionInputs,
  context: RunContext,
  env: NodeJS.ProcessEnv,
): Promise<ActionInputs> {
  const roots = { workspace: context.workspace, runnerTemp: env.RUNNER_TEMP };
  return { ...inputs, reportDir: await checkReportDir(inputs.reportDir, roots) };
}

/** The action: parse inputs once, run the chosen mode, fail the check with the reasons. */
export async function run(deps: Partial<ActionDeps> = {}): Promise<void> {
  const env = deps.env ?? process.env;
  // First thing: no child of the harness can inherit a token after this (src/common/secrets.ts).
  const secrets = takeSecrets(env);
  try {
    // Before anything can load a lazily imported chunk of the bundle (src/common/dist-digest.ts).
    verifyOwnBundle();
    const inputs = parseActionInputs((name) =>
      name === 'github-token'
        ? (secrets.get('INPUT_GITHUB-TOKEN') ?? core.getInput(name))
        : core.getInput(name),
    );
    const context = readRunContext(env);
    const full: ActionDeps = {
      baselineStore:
        deps.baselineStore ??
        withSecretEnv(
          actionsCacheStore(context.workspace),
          secrets,
          ['ACTIONS_RUNTIME_TOKEN'],
          env,
        ),
      env,
      secrets,
    };
    switch (inputs.mode) {
      case 'gate':
        await runGateMode(inputs, context, full);
        break;
      case 'merge':
        await finishGate(
          await mergeReports(inputs.reportDir),
          await withCheckedReportDir(inputs, context, env),
          context,
          full.baselineStore,
        );
        break;
      case 'comment':
        core.setOutput('comment-url', await postStoredComment(inputs, context));
        break;
    }
  } catch (error) {
    core.setFailed(`hpe-mcp-bench: ${formatError(error)}`);
  }
}
