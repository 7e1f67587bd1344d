import type { RunUnit } from '../plan/run-unit.js';

/**
 * Whether the sweep runs beside the scenario workers (the run takes about the longer of the two)
 * or before them. Beside, a scenario's latency includes the sweep's load on the machine. With one
 * server that load is the server's own sweep, alike in a baseline and its PR. With several (the
 * head-to-head's one report of every compared server) one server's menu would slow the others'
 * scenarios: secure-ssid's 736 tools beside karthik's 28 would make every server's latency partly
 * secure-ssid's. So a run of several servers sweeps first, as before, and their latencies compare.
 */
export const sweepBesideScenarios = (units: readonly RunUnit[]): boolean =>
  new Set(units.map((unit) => unit.server)).size <= 1;
