import * as core from '@actions/core';
import { actionsCacheStore } from '../baseline/actions-cache-store.js';
import type { BaselineStore } from '../baseline/types.js';
import { BenchError, formatError } from '../common/errors.js';
import type { Logger } from '../run/ports.js';
import { budgetLimits } from '../llm/budget-limits.js';
import { inputName, resolvePolicy } from '../llm/resolve-policy.js';
import { runBench } from '../run/run-bench.js';
import { runResilience } from '../run/run-resilience.js';
import { resilienceRequest, resilienceScenarios } from '../resilience/resilience-suite.js';
import { takeSecrets, withSecretEnv } from '../common/secrets.js';
import { mergeReports } from '../report-io/merge-reports.js';
import { resolveBench } from '../run/resolve-bench.js';
import { formatScenarioError } from '../scenarios/types.js';
import { parseActionInputs, type ActionInputs } from './inputs.js';
import { postStoredComment } from './comment-mode.js';
import { readRunContext, type RunContext } from './run-context.js';
import { finishGate } from './run-gate.js';

/** What the action talks to besides @actions/core; tests inject a directory baseline store. */
export interface ActionDeps {
  /** Default: the Actions cache, at BASELINE_CACHE_PATH in the workspace. */
  baselineStore: BaselineStore;
  env: NodeJS.ProcessEnv;
}

const actionLogger: Logger = {
  info: (m) => core.info(m),
  warn: (m) => core.warning(m),
  progress: (m) => core.info(m),
};

async function gate(inputs: ActionInputs, context: RunContext, deps: ActionDeps): Promise<void> {
  const selection = resilienceRequest({
    resilience: inputs.resilience,
    suites: inputs.suites,
    scenarioIds: [],
    scenarioPaths: inputs.scenarios,
    option: 'Input "suites":',
  });
  const resolved = await resolveBench({
    config: inputs.config,
    servers: inputs.servers,
    scenarioPaths: inputs.scenarios,
    suites: selection.suites,
    scenarioIds: [],
    shard: inputs.shard,
    cwd: context.workspace,
    label: (option, value) =>
      `Input "${option === 'suite' ? 'suites' : option}" names "${value}", which`,
  });
  if (resolved.errors.length > 0) {
    for (const e of resolved.errors) {
      core.error(formatScenarioError(e), {
        file: e.file,
        ...(e.line > 0 ? { startLine: e.line, startColumn: e.col } : {}),
        title: 'hpe-mcp-bench scenario',
      });
    }
    throw new BenchError(
      'scenario_invalid',
      `${resolved.errors.length} problem(s) in the scenario manifest (annotated at file and line)`,
    );
  }
  if (resolved.scenarios.length === 0) {
    core.warning('This shard has no scenarios; nothing to run.');
    return;
  }
  const scenarios = selection.byTag ? resilienceScenarios(resolved.scenarios) : resolved.scenarios;
  // Before any server starts: a missing model key fails here, naming the variable.
  const policy = await resolvePolicy(inputs.policy, process.env, context.workspace, inputName);
  const budget = budgetLimits(
    inputs.budget.maxCost,
    inputs.budget.maxTokens,
    (key) => `input ${key}`,
  );
  core.info(
    `Running ${scenarios.length} scenario(s) × ${inputs.runs} run(s) against ${resolved.servers.join(', ')} (policy ${policy.name})${inputs.resilience ? ', then under each fault of the resilience matrix' : ''}`,
  );
  const bench = inputs.resilience ? runResilience : runBench;
  const report = await bench(
    {
      config: resolved.config,
      servers: resolved.servers,
      scenarios,
      runs: inputs.runs,
      allowFewRuns: inputs.runs < 5,
      ...(inputs.concurrency === null ? {} : { concurrency: inputs.concurrency }),
      root: resolved.root,
      cwd: context.workspace,
      ...(inputs.sandbox === null ? {} : { sandbox: inputs.sandbox }),
      ...(inputs.escapes === null ? {} : { escapes: inputs.escapes }),
      manifestFiles: resolved.manifestFiles,
      ...(inputs.shard ? { shard: inputs.shard } : {}),
      policy,
      budget,
      ...(resolved.config.prices ? { prices: resolved.config.prices } : {}),
    },
    { logger: actionLogger },
  );
  await finishGate(report, inputs, context, deps.baselineStore);
}

/** The action: parse inputs once, run the chosen mode, fail the check with the reasons. */
export async function run(deps: Partial<ActionDeps> = {}): Promise<void> {
  const env = deps.env ?? process.env;
  // First thing: no child of the harness can inherit a token after this (src/common/secrets.ts).
  const secrets = takeSecrets(env);
  try {
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
    };
    switch (inputs.mode) {
      case 'gate':
        await gate(inputs, context, full);
        break;
      case 'merge':
        await finishGate(await mergeReports(inputs.reportDir), inputs, context, full.baselineStore);
        break;
      case 'comment':
        core.setOutput('comment-url', await postStoredComment(inputs, context));
        break;
    }
  } catch (error) {
    core.setFailed(`hpe-mcp-bench: ${formatError(error)}`);
  }
}
