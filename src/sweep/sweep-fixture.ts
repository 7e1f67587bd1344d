import { trace } from '../common/trace.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  sharedBundle,
  startFakeCentral,
  type Json,
  type ValidationMode,
} from '../../fake-central/index.js';
import type { SandboxMode, ServerConfig } from '../config/types.js';
import type { SweepMode, SweepToolResult } from '../report/sweep-types.js';
import { launchServer } from '../servers/launch/launch-server.js';
import type { ToolDefinition } from '../trajectory/types.js';
import { callToolTwice, type Canonicalise } from './call-tool-twice.js';
import { checkSweepSettings } from './check-sweep-config.js';
import { inferArguments, sweepValues } from './infer-arguments.js';
import { isReadTool } from './read-tool.js';
import { probeErrors, serverErrorEligible, type ServerErrorProbes } from './probe-errors.js';
import { probeFilters } from './probe-filters.js';
import { errorProbeWorthy } from './probe-reach.js';
import { probePages, type ServerPageProbes } from './probe-pages.js';
import { changeLines, judgeWrite } from './judge-write.js';
import { unwrittenValues } from './write-values.js';
import { sweepSecrets, watchAnswers } from './answer-leaks.js';
import type { BundleTurn } from './bundle-turns.js';

/**
 * Waits until the tool's once-per-server probes are decided by the server's earlier bundles
 * (bundle-turns.ts) and takes the 500 probe's eligible tools from the first menu listed;
 * returns the ms waited.
 */
async function awaitProbeTurn(
  turn: BundleTurn,
  tool: string,
  budget: ServerErrorProbes,
): Promise<number> {
  const began = performance.now();
  await turn.earlierPassed(tool);
  budget.eligible = turn.eligible();
  // A 500 probe timed out on an earlier bundle's later tool stops this one too: wait it out.
  if (budget.stoppedAt === null && !budget.probed.has(tool) && budget.eligible?.has(tool) !== false)
    await turn.earlierEnded();
  return performance.now() - began;
}

/** One server on one fixture bundle. */
export interface FixtureSweepInput {
  server: string;
  config: ServerConfig;
  /** The bundle's directory. */
  fixtureDir: string;
  mode: Exclude<SweepMode, 'off'>;
  baseDir: string;
  tmpRoot: string;
  sandbox?: SandboxMode;
  /** `documents` (default): a request HPE's documents forbid is refused, the tool `rejected`. */
  validation?: ValidationMode;
  /** Binds the fake's known ids (src/run/execute/canonical-ids.ts) for this bundle. */
  canonicalise: Canonicalise;
  /** The harness's secrets' values: an answer carrying one is `unsafe` (answer-leaks.ts). */
  secrets?: readonly string[];
  /** Resolves when the run's deadline passes: the server is closed and no more tools called. */
  stop?: Promise<void>;
  /** Which tools the server's earlier bundles 500-probed (probe-errors.ts). */
  errorProbes: ServerErrorProbes;
  /** Which tools the server's earlier bundles short-pages-probed (probe-pages.ts). */
  pageProbes: ServerPageProbes;
  /** Its turn among the server's bundles swept at once: what it waits for before probing. */
  turn: BundleTurn;
  /** Told where the sweep's time went on this bundle (`npm run bench:sweep` prints it). */
  onTimed?: (timing: FixtureTiming) => void;
}

/** Where one bundle's sweep spent its time, in ms (the rest is the fake's start and teardown). */
export interface FixtureTiming {
  server: string;
  fixture: string;
  /** The server's start-up: launch to its tool list. */
  startMs: number;
  /** The read tools' plain calls (each twice). */
  readsMs: number;
  /** The read tools' probes (API errors, filters, short pages). */
  probesMs: number;
  /** The write tools (`--sweep all`), each on a reset fake. */
  writesMs: number;
  /** Of probesMs: waiting for the server's earlier bundles to decide the once-per-server probes. */
  waitMs: number;
  /** The tools that took longest (plain calls and probes), slowest first. */
  slowest: { tool: string; ms: number }[];
}

/** How many of the slowest tools a bundle's timing names. */
const SLOWEST = 8;

/** The menu the server listed and every tool's entry, by tool name; canaries for redaction. */
export interface FixtureSweep {
  menu: ToolDefinition[];
  tools: SweepToolResult[];
  canaries: string[];
}

const notCalled = (
  tool: string,
  fixture: string,
  why: { missing: string[] } | { reason: string },
): SweepToolResult => ({
  tool,
  fixture,
  outcome: 'not-called',
  arguments: null,
  ...why,
  calls: [],
  digest: null,
  served: 0,
  shown: [],
});

/**
 * Sweeps one server's menu on one bundle: a fake of its own that hands the sweep every body it
 * answers, one server session, the read tools called in name order (each twice, for
 * stability), then under `all` each write tool against a freshly reset fake. Throws what
 * launchServer throws, and a usage error for a `sweep:` entry the menu does not match.
 */
export async function sweepFixture(input: FixtureSweepInput): Promise<FixtureSweep> {
  const bodies = new Map<number, Json>();
  trace('sweep.fixture.start', { fixture: input.fixtureDir });
  const fake = await startFakeCentral({
    fixture: input.fixtureDir,
    // Requests HPE's documents forbid are refused as the live API would (the tool is `rejected`),
    // unless the run was asked to be lenient.
    validation: input.validation ?? 'documents',
    onAnswer: (seq, body) => bodies.set(seq, body),
  });
  const workDir = await mkdtemp(join(input.tmpRoot, 'sweep-'));
  const timing = { startMs: 0, readsMs: 0, probesMs: 0, writesMs: 0, waitMs: 0 };
  const perTool: { tool: string; ms: number }[] = [];
  const since = (t: number): number => performance.now() - t;
  try {
    const launched = performance.now();
    const session = await launchServer({
      name: input.server,
      config: input.config,
      fake,
      writeGate: input.mode === 'all' ? 'write' : 'read',
      workDir,
      baseDir: input.baseDir,
      ...(input.sandbox === undefined ? {} : { sandbox: input.sandbox }),
    });
    timing.startMs = since(launched);
    trace('sweep.fixture.launched', { fixture: input.fixtureDir });
    // Past the run's deadline a hanging tool must not hold the run for its whole call timeout:
    // closing the session ends the call in flight, and the loops below call nothing more.
    let stopped = false;
    void input.stop?.then(() => {
      stopped = true;
      void session.close();
    });
    try {
      const settings = input.config.sweep ?? { args: {}, skip: {}, positions: {} };
      checkSweepSettings(input.server, settings, session.tools);
      const bundle = sharedBundle(input.fixtureDir);
      const fixture = bundle.manifest.id;
      const values = sweepValues(bundle);
      // The fake's canaries are read at each answer: a token-expiry fault issues new tokens.
      const watch = watchAnswers(() =>
        sweepSecrets(fake.canaries(), bundle.manifest.canaries, input.secrets ?? []),
      );
      const ctx = { session, fake, bodies, canonicalise: input.canonicalise, heard: watch.heard };
      const menu = [...session.tools].sort((a, b) => (a.name < b.name ? -1 : 1));
      input.turn.listed(serverErrorEligible(menu.filter((t) => isReadTool(t)).map((t) => t.name)));
      const tools: SweepToolResult[] = [];
      const writes: { tool: string; args: Record<string, unknown> }[] = [];
      fake.reset();
      for (const tool of menu) {
        if (stopped) break;
        input.turn.starting(tool.name);
        const skip = settings.skip[tool.name];
        if (skip !== undefined) {
          tools.push(notCalled(tool.name, fixture, { reason: `skipped in the config: ${skip}` }));
          continue;
        }
        const read = isReadTool(tool);
        if (!read && input.mode === 'read') {
          tools.push(
            notCalled(tool.name, fixture, {
              reason: 'may write (its annotations or name); --sweep all calls it',
            }),
          );
          continue;
        }
        const inferred = inferArguments(tool, values, settings.args[tool.name]);
        if ('missing' in inferred) {
          tools.push(notCalled(tool.name, fixture, inferred));
          continue;
        }
        if (!read) writes.push({ tool: tool.name, args: inferred.arguments });
        else {
          const called = performance.now();
          const { entry, shown, paged } = await callToolTwice(
            ctx,
            tool.name,
            fixture,
            inferred.arguments,
            true,
          );
          timing.readsMs += since(called);
          const probed = performance.now();
          if (errorProbeWorthy(entry)) {
            timing.waitMs += await awaitProbeTurn(input.turn, tool.name, input.errorProbes);
            entry.probes = await probeErrors(ctx, entry, input.errorProbes);
          }
          // The filter and page probes compare values: only an `ok` answer has them.
          if (entry.outcome === 'ok') {
            const filters = await probeFilters(ctx, tool, entry, values, shown);
            if (filters.length > 0) entry.filters = filters;
            const pages =
              paged && !input.pageProbes.probed.has(tool.name)
                ? await probePages(ctx, tool.name, inferred.arguments, shown)
                : null;
            if (pages !== null) {
              entry.pages = pages;
              input.pageProbes.probed.add(tool.name);
            }
          }
          timing.probesMs += since(probed);
          perTool.push({ tool: tool.name, ms: since(called) });
          tools.push(entry);
        }
        input.turn.finished(tool.name);
      }
      trace('sweep.fixture.reads', { fixture: input.fixtureDir });
      const written = performance.now();
      for (const write of writes) {
        if (stopped) break;
        // Its own freshly reset fake: the state diff is this write's alone, and judges it.
        fake.reset();
        const { entry } = await callToolTwice(ctx, write.tool, fixture, write.args, false);
        // Ids the server made up (a created item's name) canonicalised, as in its answer.
        const { changes } = fake.state();
        const lines = input.canonicalise(changeLines(changes), fake.calls());
        const unwritten = input.canonicalise(unwrittenValues(write.args, changes), fake.calls());
        tools.push(judgeWrite(entry, lines, unwritten));
      }
      timing.writesMs = since(written);
      const ms = (v: number): number => Math.round(v);
      input.onTimed?.({
        server: input.server,
        fixture,
        startMs: ms(timing.startMs),
        readsMs: ms(timing.readsMs),
        probesMs: ms(timing.probesMs),
        writesMs: ms(timing.writesMs),
        waitMs: ms(timing.waitMs),
        slowest: perTool
          .sort((a, b) => b.ms - a.ms)
          .slice(0, SLOWEST)
          .map((t) => ({ tool: t.tool, ms: ms(t.ms) })),
      });
      if (stopped) throw new Error("the run's deadline passed during the sweep");
      tools.sort((a, b) => (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
      return { menu, tools: watch.mark(tools), canaries: fake.canaries() };
    } finally {
      await session.close();
      trace('sweep.fixture.closed', { fixture: input.fixtureDir });
    }
  } finally {
    await fake.close();
    await rm(workDir, { recursive: true, force: true });
  }
}
