import { trace } from '../common/trace.js';
import { BenchError } from '../common/errors.js';
import { budgetLimits } from '../llm/budget-limits.js';
import { policyOptionName, resolvePolicy } from '../llm/resolve-policy.js';
import type { Report, ReportSelection } from '../report/types.js';
import { loadFaultPlan } from '../resilience/load-fault-plan.js';
import { resilienceRequest, resilienceScenarios } from '../resilience/resilience-suite.js';
import { formatScenarioError, type ScenarioError } from '../scenarios/types.js';
import type { BenchRequest } from './request/bench-request.js';
import { harnessSecrets } from './execute/harness-secrets.js';
import { resolveBench } from './request/resolve-bench.js';
import type { RunBenchOptions } from './request/run-bench-options.js';
import { runBench, type RunBenchPorts } from './run-bench.js';
import { parseDeadline } from './execute/run-deadline.js';
import { runResilience } from './modes/run-resilience.js';
import { checkCount, checkGatingRuns } from './request/run-options.js';

/** What an entry may add to the core's handling of a request. */
export interface PreparePorts {
  /** Shown each manifest problem before the bench refuses them (the action annotates file:line). */
  annotate?: (errors: readonly ScenarioError[]) => void;
}

/** A request checked against the disk, the model key and the budget: ready to run. */
export interface PreparedBench {
  /** What runBench (or runResilience) gets. No scenario: a shard with nothing in it. */
  options: RunBenchOptions;
  resilience: boolean;
  /** One line for the log: scenarios × runs against servers (policy). */
  description: string;
  /** Runs it: the resilience matrix when asked for, else the bench. */
  run(ports: RunBenchPorts): Promise<Report>;
}

const SHOWN_ERRORS = 10;

/**
 * The one way from a request to a run, for the CLI and the action: the option checks, the
 * resilience selection, `resolveBench` (config, servers, scenarios, shard), manifest problems
 * (one usage error listing them), the resilience scenarios, the policy (a missing model key fails
 * here, before any server starts), the budget and the fault plan. Every message names the
 * option the way the entry spells it (`request.naming`).
 */
export async function prepareBench(
  request: BenchRequest,
  ports: PreparePorts = {},
): Promise<PreparedBench> {
  const { naming } = request;
  const option = naming.option;
  // The entries parsed the counts with these rules already; a request built in code meets them here.
  checkCount('runs', request.runs, option);
  checkGatingRuns(request.runs, request.allowFewRuns, option);
  if (request.concurrency !== undefined) checkCount('concurrency', request.concurrency, option);
  if (request.resilience && request.faults !== null) {
    throw new BenchError(
      'usage',
      `${option('resilience')} and ${option('faults')} cannot be combined`,
      { hint: `the resilience matrix sets its own fault plans; drop ${option('faults')}` },
    );
  }
  const faults = request.faults === null ? null : loadFaultPlan(request.faults, request.cwd);
  const deadlineMs =
    request.deadline === undefined || request.deadline === ''
      ? undefined
      : parseDeadline(request.deadline, option('deadline'));
  const selection = resilienceRequest({
    resilience: request.resilience,
    suites: request.suites,
    scenarioIds: request.scenarioIds,
    scenarioPaths: request.scenarioPaths,
    option: option('suite'),
  });
  const resolved = await resolveBench({
    config: request.config,
    servers: request.servers,
    scenarioPaths: request.scenarioPaths,
    suites: selection.suites,
    scenarioIds: request.scenarioIds,
    shard: request.shard,
    ...(request.root === undefined ? {} : { root: request.root }),
    cwd: request.cwd,
    label: (name, value) => `${option(name)} "${value}"`,
  });
  if (resolved.errors.length > 0) {
    ports.annotate?.(resolved.errors);
    const shown = resolved.errors.slice(0, SHOWN_ERRORS).map(formatScenarioError);
    const more =
      resolved.errors.length > SHOWN_ERRORS
        ? `\n… and ${resolved.errors.length - SHOWN_ERRORS} more`
        : '';
    throw new BenchError(
      'scenario_invalid',
      `the scenarios have ${resolved.errors.length} problem(s):\n${shown.join('\n')}${more}`,
      { hint: `run 'hpe-mcp-bench validate ${resolved.paths.join(' ')}' and fix them first` },
    );
  }
  trace('prepare.resolved');
  const scenarios = selection.byTag ? resilienceScenarios(resolved.scenarios) : resolved.scenarios;
  // Before any server starts: a missing key or a bad model option fails here, in seconds.
  const policy = await resolvePolicy(
    request.policy,
    request.env,
    request.cwd,
    policyOptionName(option),
    request.secrets,
  );
  const budget = budgetLimits(request.budget.maxCost, request.budget.maxTokens, option);
  const { config, servers, root } = resolved;
  const options: RunBenchOptions = {
    config,
    servers,
    scenarios,
    runs: request.runs,
    allowFewRuns: request.allowFewRuns,
    ...(request.isolation === undefined ? {} : { isolation: request.isolation }),
    ...(request.concurrency === undefined ? {} : { concurrency: request.concurrency }),
    ...(request.tokenizer === undefined ? {} : { tokenizer: request.tokenizer }),
    root,
    cwd: request.cwd,
    faults,
    ...(request.sandbox === undefined ? {} : { sandbox: request.sandbox }),
    ...(request.escapes === undefined ? {} : { escapes: request.escapes }),
    ...(request.validation === undefined ? {} : { validation: request.validation }),
    ...(deadlineMs === undefined ? {} : { deadlineMs }),
    ...(request.sweep === undefined ? {} : { sweep: request.sweep }),
    manifestFiles: resolved.manifestFiles,
    ...selectionOf(request),
    ...(request.shard ? { shard: { ...request.shard, selected: resolved.selected } } : {}),
    policy,
    budget,
    ...(config.prices ? { prices: config.prices } : {}),
    // Read once, before any server starts; only the leak check and redaction see them.
    harnessSecrets: harnessSecrets(request.env, request.secrets),
  };
  const matrix = request.resilience ? ', then under each fault of the resilience matrix' : '';
  return {
    options,
    resilience: request.resilience,
    description: `Running ${scenarios.length} scenario(s) × ${request.runs} run(s) against ${servers.join(', ')} (policy ${policy.name})${matrix}`,
    run: (runPorts) =>
      request.resilience ? runResilience(options, runPorts) : runBench(options, runPorts),
  };
}

/** The run's selection for the report, or nothing when it selected every server and scenario. */
function selectionOf(request: BenchRequest): { selection?: ReportSelection } {
  const selection = {
    servers: [...request.servers],
    suites: [...request.suites],
    scenarios: [...request.scenarioIds],
  };
  const narrowed = selection.servers.length + selection.suites.length + selection.scenarios.length;
  return narrowed > 0 ? { selection } : {};
}
