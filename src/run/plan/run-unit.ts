import type { ServerConfig } from '../../config/types.js';
import type { Scenario } from '../../scenarios/types.js';

/** The runs of one scenario against one server that one worker executes together. */
export interface RunUnit {
  server: string;
  /** The server name the scenario's expected_tools and plans are looked up under. */
  scenarioKey: string;
  config: ServerConfig;
  scenario: Scenario;
  /** Run numbers (1-based): one per unit with isolation `run`, all of them otherwise. */
  runs: number[];
}

/** The key units share a session under with isolation `server`: server × fixture × write gate. */
export const sessionKey = (unit: RunUnit): string =>
  [unit.server, unit.scenario.fixture, unit.scenario.write_gate].join('\0');
