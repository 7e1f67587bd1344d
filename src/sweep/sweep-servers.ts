import { resolve } from 'node:path';
import type { ValidationMode } from '../../fake-central/index.js';
import { BenchError } from '../common/errors.js';
import type { SandboxMode, ServerConfig } from '../config/types.js';
import { redactSecrets } from '../metrics/redact-secrets.js';
import type { ServerSweep, SweepMode, SweepToolResult } from '../report/sweep-types.js';
import type { Canonicalise } from './call-tool-twice.js';
import { serverErrorProbes } from './probe-errors.js';
import { serverPageProbes } from './probe-pages.js';
import { smallestFirst } from './sweep-order.js';
import { bundleTurns, type BundleTurn } from './bundle-turns.js';
import { sweepFixture, type FixtureSweep, type FixtureTiming } from './sweep-fixture.js';

/** What the run hands the sweep: which servers, on which bundles, and how to reach them. */
export interface SweepRequest {
  mode: Exclude<SweepMode, 'off'>;
  /** Server name → its config and the bundles (relative to `root`) its selected scenarios use. */
  servers: { name: string; config: ServerConfig; fixtures: string[] }[];
  root: string;
  baseDir: string;
  tmpRoot: string;
  sandbox?: SandboxMode;
  /** How the sweep's fakes treat requests HPE's documents forbid (default `documents`). */
  validation?: ValidationMode;
  /**
   * The harness's secrets' values: a tool whose answer carries one (or a canary) is `unsafe`,
   * and none is written into the sweep (errors may echo them).
   */
  secrets: readonly string[];
  /** For a bundle's directory: ids the server made up canonicalised (src/run/execute/canonical-ids.ts). */
  canonicaliseFor: (fixtureDir: string) => Canonicalise;
  /** The run's deadline: once it passes, the sweep stops (see sweepFixture). */
  deadline?: { expired(): boolean; readonly passed: Promise<void> };
  /**
   * How many of a server's bundles are swept at once (the run's concurrency; default 1). The
   * report is the same for any value (bundle-turns.ts).
   */
  concurrency?: number;
  /** Told where each bundle's sweep spent its time (sweep-fixture.ts). */
  onTimed?: (timing: FixtureTiming) => void;
}

const message = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** Tool names that are in one menu and not in the other. */
export function menuDifference(
  before: readonly string[],
  after: readonly string[],
): { added: string[]; removed: string[] } | null {
  const added = after.filter((n) => !before.includes(n)).sort();
  const removed = before.filter((n) => !after.includes(n)).sort();
  return added.length === 0 && removed.length === 0 ? null : { added, removed };
}

/** Outcome → count over a sweep's entries. */
export function countOutcomes(tools: readonly SweepToolResult[]): ServerSweep['counts'] {
  const counts: ServerSweep['counts'] = {};
  for (const t of tools) counts[t.outcome] = (counts[t.outcome] ?? 0) + 1;
  return counts;
}

/** What one bundle's sweep came to: its sweep, or why it failed. */
type BundleResult = { fixture: string } & (
  { swept: FixtureSweep; error?: undefined } | { swept?: undefined; error: unknown }
);

/** Runs `tasks` in index order on at most `slots` at once; each result in its task's place. */
async function inSlots<T>(tasks: (() => Promise<T>)[], slots: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const slot = async (): Promise<void> => {
    for (let task = tasks[next]; task !== undefined; task = tasks[next]) {
      const i = next++;
      results[i] = await task();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(slots, tasks.length)) }, slot));
  return results;
}

/**
 * One server's bundles, smallest first, on up to `concurrency` slots at once: each its own fake
 * and server process; what they share is decided in bundle order (bundle-turns.ts), so the
 * results are those of one bundle after the other. A usage error on one stops the others.
 */
async function sweepBundles(
  request: SweepRequest,
  server: SweepRequest['servers'][number],
): Promise<BundleResult[]> {
  const errorProbes = serverErrorProbes();
  const pageProbes = serverPageProbes();
  // Smallest bundle first: the probes made once per server (500, short pages) are made there.
  const fixtures = smallestFirst(server.fixtures, request.root);

  let abort: () => void = () => undefined;
  const aborted = new Promise<void>((resolve) => (abort = resolve));
  const stop =
    request.deadline === undefined ? aborted : Promise.race([request.deadline.passed, aborted]);
  const run = async (fixture: string, turn: BundleTurn): Promise<BundleResult> => {
    try {
      if (request.deadline?.expired() === true)
        return {
          fixture,
          error: new Error("the run's deadline passed before the sweep reached it"),
        };
      const fixtureDir = resolve(request.root, fixture);
      const swept = await sweepFixture({
        server: server.name,
        config: server.config,
        fixtureDir,
        mode: request.mode,
        baseDir: request.baseDir,
        tmpRoot: request.tmpRoot,
        ...(request.sandbox === undefined ? {} : { sandbox: request.sandbox }),
        ...(request.validation === undefined ? {} : { validation: request.validation }),
        canonicalise: request.canonicaliseFor(fixtureDir),
        secrets: request.secrets,
        errorProbes,
        pageProbes,
        turn,
        stop,
        ...(request.onTimed === undefined ? {} : { onTimed: request.onTimed }),
      });
      return { fixture, swept };
    } catch (error) {
      if (error instanceof BenchError && error.code === 'usage') abort();
      return { fixture, error };
    } finally {
      turn.end();
    }
  };
  const tasks = bundleTurns(fixtures.length).map(
    (turn, index) => () => run(fixtures[index] ?? '', turn),
  );
  return inSlots(tasks, request.concurrency ?? 1);
}

/**
 * Sweeps each server on each of its bundles, smallest bundle first; a server's bundles run on
 * the run's slots at once (`concurrency`), servers one after the other, before the scenario
 * workers start (running beside them would only slow both). A server that does not
 * start is the sweep's `failure`, not the run's end; a `sweep:` entry that matches nothing on
 * the menu is a usage error. The menus listed on two bundles are compared: a server whose menu
 * changed between listings says so in `menu_changed`.
 */
export async function sweepServers(request: SweepRequest): Promise<Map<string, ServerSweep>> {
  const sweeps = new Map<string, ServerSweep>();
  for (const server of request.servers) {
    const tools: SweepToolResult[] = [];
    let menu: string[] | null = null;
    let changed: ServerSweep['menu_changed'] = null;
    let failure: string | null = null;
    const secrets = [...request.secrets];
    const results = await sweepBundles(request, server);
    const usage = results.find((r) => r.error instanceof BenchError && r.error.code === 'usage');
    if (usage) throw usage.error;
    // In bundle order, as one after the other would have them.
    for (const { fixture, swept, error } of results) {
      if (swept === undefined) {
        failure ??= `${fixture}: ${message(error)}`;
        continue;
      }
      secrets.push(...swept.canaries);
      const names = swept.menu.map((t) => t.name);
      if (menu === null) menu = names;
      else changed ??= menuDifference(menu, names);
      tools.push(...swept.tools);
    }
    tools.sort((a, b) =>
      a.tool === b.tool ? (a.fixture < b.fixture ? -1 : 1) : a.tool < b.tool ? -1 : 1,
    );
    const sweep: ServerSweep = {
      mode: request.mode,
      fixtures: server.fixtures.map((f) => f.split('/').at(-1) ?? f),
      menu: menu ?? [],
      menu_changed: changed,
      failure,
      tools,
      counts: countOutcomes(tools),
    };
    sweeps.set(server.name, redactSecrets(sweep, secrets));
  }
  return sweeps;
}
