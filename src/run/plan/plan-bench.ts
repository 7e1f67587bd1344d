import { dirname } from 'node:path';
import { BenchError } from '../../common/errors.js';
import { closest } from '../../common/did-you-mean.js';
import { writeCassetteSettings } from '../../llm/cassette.js';
import { DEFAULT_PRICES } from '../../llm/prices.js';
import { checkBudget } from '../../llm/report-settings.js';
import { createModelRuns, type ModelRuns, type PolicyChoice } from '../../llm/run-policies.js';
import type { ModelPrice } from '../../config/types.js';
import { checkOptions, type CheckedSettings } from '../request/check-options.js';
import type { RunBenchOptions } from '../request/run-bench-options.js';
import { sessionKey, type RunUnit } from './run-unit.js';

/** What a bench will do, before anything starts: the settings, the units and their order. */
export interface BenchPlan {
  settings: CheckedSettings;
  /** One per server × scenario (× run under isolation `run`), in report order. */
  units: RunUnit[];
  /** The work queue's items: groups of unit indexes a worker runs in order. */
  groups: number[][];
  /** Where a server's relative paths resolve: the bench config's directory, else the root. */
  baseDir: string;
}

/** The policy's model side: who answers, at what price, under which budget. */
export interface ModelPlan {
  choice: PolicyChoice;
  price: ModelPrice | null;
  /** Null for the scripted policy. */
  models: ModelRuns | null;
}

/**
 * A server for which no selected scenario has an `expected_tools` entry would be "absent" from
 * every scenario and the run would pass having benchmarked nothing (a `scenarioKey` typo does
 * it). That is a usage error, named with the closest key the scenarios do have.
 */
function checkSomethingRuns(options: RunBenchOptions, units: readonly RunUnit[]): void {
  const problems = options.servers
    .filter((server) => !units.some((unit) => unit.server === server))
    .map((server) => {
      const key = options.config.servers[server]?.scenarioKey ?? server;
      const via =
        key === server ? `"${server}"` : `"${key}" (the scenarioKey of server "${server}")`;
      return `none of the ${options.scenarios.length} selected scenario(s) has an expected_tools entry for ${via}: nothing would run`;
    });
  if (problems.length === 0) return;
  const keys = [...new Set(options.scenarios.flatMap((s) => Object.keys(s.expected_tools)))].sort();
  const typo = options.servers
    .map((server) => options.config.servers[server]?.scenarioKey ?? server)
    .map((key) => closest(key, keys))
    .find((near) => near !== undefined);
  throw new BenchError('usage', problems.join('; '), {
    hint: `${typo === undefined ? '' : `did you mean "${typo}"? `}the selected scenarios have entries for: ${keys.join(', ') || '(none)'}; fix scenarioKey in the config, or select scenarios that cover the server`,
  });
}

/**
 * Checks the options and lays out the work: a unit per server × scenario with an
 * `expected_tools` entry (per run under isolation `run`), grouped for the queue. Isolation
 * server: one group per session key, so each key's units meet one process in report order
 * whatever the concurrency or timing (results then depend on neither); largest groups first, so
 * the workers finish together. Otherwise every unit is its own group.
 */
export function planBench(options: RunBenchOptions): BenchPlan {
  const settings = checkOptions(options);
  const { config, root, servers, scenarios } = options;
  const units: RunUnit[] = [];
  for (const server of servers) {
    const serverConfig = config.servers[server];
    if (!serverConfig) continue; // checkOptions has rejected unknown names
    // A stand-in (a subject, a port of the reference server) runs under another server's entries.
    const scenarioKey = serverConfig.scenarioKey ?? server;
    for (const scenario of scenarios) {
      if (scenario.expected_tools[scenarioKey] === undefined) continue;
      const runs = Array.from({ length: settings.runs }, (_, i) => i + 1);
      const batches = settings.isolation === 'run' ? runs.map((run) => [run]) : [runs];
      for (const batch of batches) {
        units.push({ server, scenarioKey, config: serverConfig, scenario, runs: batch });
      }
    }
  }
  checkSomethingRuns(options, units);
  let groups: number[][] = units.map((_, index) => [index]);
  if (settings.isolation === 'server') {
    const byKey = new Map<string, number[]>();
    units.forEach((unit, index) => {
      const key = sessionKey(unit);
      byKey.set(key, [...(byKey.get(key) ?? []), index]);
    });
    groups = [...byKey.values()].sort((a, b) => b.length - a.length);
  }
  const baseDir = config.file === null ? root : dirname(config.file);
  return { settings, units, groups, baseDir };
}

/**
 * The model side of the plan: the price of the pinned model, the budget check (a limit the
 * price cannot meter is refused before anything starts), the model runs and, when recording,
 * the cassette settings file.
 */
export async function planModels(options: RunBenchOptions): Promise<ModelPlan> {
  const choice = options.policy ?? { name: 'scripted' };
  if (choice.name === 'scripted') return { choice, price: null, models: null };
  const prices = { ...DEFAULT_PRICES, ...options.prices };
  const model = choice.settings.model;
  const price = prices[model] ?? null;
  checkBudget(options.budget ?? {}, model, price);
  const models = createModelRuns(choice, options.budget ?? {}, price);
  if (choice.name === 'llm' && choice.cassettes !== null) {
    await writeCassetteSettings(choice.cassettes, choice.settings);
  }
  return { choice, price, models };
}
