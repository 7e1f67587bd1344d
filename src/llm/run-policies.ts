import type { Policy } from '../agent/types.js';
import { createBudgetMeter, type BudgetLimits, type BudgetMeter } from './budget.js';
import { cassettePath, createCassetteRecorder, readCassette } from './cassette.js';
import { createLiveTransport } from './live-transport.js';
import { createLlmPolicy } from './llm-policy.js';
import type { ModelPrice } from '../config/types.js';
import { createReplayTransport } from './replay-transport.js';
import type { LlmSettings } from './types.js';

/** Which policy drives the runs, with what it needs. */
export type PolicyChoice =
  | { name: 'scripted' }
  | {
      name: 'llm';
      settings: LlmSettings;
      /** The key, read once by the entry (never from a server's environment). */
      apiKey: string;
      keyEnv: string;
      /** Where each run's cassette is written (null: not recorded). */
      cassettes: string | null;
    }
  | { name: 'replay'; settings: LlmSettings; cassettes: string };

/** A model policy for one run, and the tool-name map it used (known after its first turn). */
export interface RunPolicy {
  policy: Policy;
  toolNames: () => Record<string, string>;
}

/** Makes each run's policy for a model-driven bench and holds what the runs share (the budget). */
export interface ModelRuns {
  settings: LlmSettings;
  budget: BudgetMeter;
  forRun(server: string, scenario: string, run: number): Promise<RunPolicy>;
}

/**
 * The per-run policy factory of an `llm` or `replay` bench. Live runs share one budget meter and
 * record a cassette per server × scenario × run when `cassettes` is set; replays answer from
 * those cassettes (a missing one diverges at turn 0). Replays charge the budget too, at no cost to
 * anyone, so a replayed report's figures match the recorded one's.
 */
export function createModelRuns(
  choice: Exclude<PolicyChoice, { name: 'scripted' }>,
  limits: BudgetLimits,
  price: ModelPrice | null,
): ModelRuns {
  const budget = createBudgetMeter(choice.name === 'llm' ? limits : {}, price);
  const live = choice.name === 'llm' ? createLiveTransport(choice.settings, choice.apiKey) : null;
  return {
    settings: choice.settings,
    budget,
    async forRun(server, scenario, run) {
      const file =
        choice.cassettes === null ? null : cassettePath(choice.cassettes, server, scenario, run);
      const recorder = live && file ? await createCassetteRecorder(file) : null;
      const transport =
        live ??
        createReplayTransport(
          file && choice.cassettes ? await readCassette(file, choice.cassettes) : null,
          file ?? '',
        );
      const policy = createLlmPolicy({
        settings: choice.settings,
        transport,
        name: choice.name,
        beforeRequest: () => budget.check(),
        onExchange: async (exchange) => {
          budget.charge(exchange.usage);
          await recorder?.(exchange);
        },
      });
      return { policy, toolNames: () => ({ ...policy.names().renamed }) };
    },
  };
}
