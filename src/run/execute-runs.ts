import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FakeCentral } from '../../fake-central/index.js';
import type { CallRecord } from '../../fake-central/types.js';
import { runAgentLoop } from '../agent/run-agent-loop.js';
import { createScriptedPolicy } from '../agent/scripted-policy.js';
import type { ToolDefinition } from '../agent/types.js';
import type { ServerConfig } from '../config/types.js';
import { BenchError } from '../errors.js';
import { scoreRun } from '../metrics/score-run.js';
import { erroredRunResult, scoredRunResult } from '../report/run-result.js';
import type { Isolation, RunError, RunResult } from '../report/types.js';
import type { Scenario } from '../scenarios/types.js';
import { launchServer } from '../servers/launch-server.js';
import type { ServerSession } from '../servers/types.js';
import { countTokens, type TokenizerName } from '../tokens/count-tokens.js';

/** The runs of one scenario against one server that one worker executes together. */
export interface RunUnit {
  server: string;
  /** The server name the scenario's expected_tools and plans are looked up under. */
  scenarioKey: string;
  config: ServerConfig;
  scenario: Scenario;
  /** Run numbers (1-based): one per unit with isolation `run`, all of them with `scenario`. */
  runs: number[];
}

/** What the unit produced per run, plus what the report's server entry needs. */
export interface RunOutcome {
  result: RunResult;
  /** Set when the server started: serverInfo and its tool menu. */
  started: { info: { name: string; version: string }; tools: ToolDefinition[] } | null;
}

export interface ExecuteContext {
  fake: FakeCentral;
  tokenizer: TokenizerName;
  isolation: Isolation;
  /** Where relative commands and cwds of the config resolve. */
  baseDir: string;
  /** A directory for per-run work dirs (HOME and TMPDIR of the server are made inside). */
  tmpRoot: string;
}

/** message + stderr tail of a launch failure (launchServer puts the tail in the hint). */
export function startupError(error: unknown): RunError {
  if (!(error instanceof BenchError)) {
    return {
      phase: 'startup',
      message: error instanceof Error ? error.message : String(error),
      stderr_tail: null,
    };
  }
  const tail = /^(?:stderr|output) tail:\n([\s\S]*)$/.exec(error.hint ?? '');
  if (tail) return { phase: 'startup', message: error.message, stderr_tail: tail[1] ?? '' };
  const hint = error.hint === undefined ? '' : ` (${error.hint})`;
  return { phase: 'startup', message: error.message + hint, stderr_tail: null };
}

/** A session whose start-up was paid by an earlier run of the same scenario (isolation scenario). */
function reused(session: ServerSession): ServerSession {
  return {
    serverInfo: session.serverInfo,
    tools: session.tools,
    startupMs: 0,
    callTool: (request, onElicitation) => session.callTool(request, onElicitation),
    stderrTail: () => session.stderrTail(),
    close: () => session.close(),
  };
}

async function runOnce(
  unit: RunUnit,
  run: number,
  session: ServerSession,
  ctx: ExecuteContext,
): Promise<RunOutcome> {
  const { scenario, scenarioKey } = unit;
  const started = { info: session.serverInfo, tools: session.tools };
  // Calls the server made while starting (its token, a credentials probe such as
  // `sites-health?limit=1`) are not the scenario's work; escapes are kept whenever they happened.
  const startSeq = ctx.fake.calls().at(-1)?.seq ?? 0;
  const scenarioCalls = (): CallRecord[] =>
    ctx.fake.calls().filter((c) => c.seq > startSeq || c.kind === 'escape');
  try {
    const trajectory = await runAgentLoop({
      session,
      policy: createScriptedPolicy(),
      scenario,
      server: scenarioKey,
      run,
      deadlineMs: unit.config.timeouts.scenarioMs,
      callLogSeq: () => ctx.fake.calls().at(-1)?.seq ?? 0,
    });
    const tokens = countTokens(trajectory, scenario, ctx.tokenizer);
    // The fake judges its own final state, before anything else can touch it.
    const state = scenario.expect.state ? ctx.fake.checkState(scenario.expect.state) : null;
    const metrics = scoreRun({
      state,
      scenario,
      server: scenarioKey,
      trajectory,
      calls: scenarioCalls(),
      canaries: ctx.fake.canaries(),
      tokens,
    });
    return { result: scoredRunResult(run, metrics, trajectory), started };
  } catch (error) {
    const tail = session.stderrTail();
    const message = `harness failure: ${error instanceof Error ? error.message : String(error)}`;
    const result = erroredRunResult(run, {
      phase: 'run',
      message,
      stderr_tail: tail === '' ? null : tail,
    });
    return { result, started };
  }
}

/**
 * Executes a unit's runs against `ctx.fake`, which is reset before every run (the fake is the
 * ground truth). Isolation `run`: every run gets a fresh process and work dir (fresh HOME and
 * TMPDIR). Isolation `scenario`: one process serves the unit's runs (relaunched if one errored or
 * the server died). A server that does not start makes that run an error result. Never throws
 * for the server's sake; every session is closed and every work dir removed.
 */
export async function executeRuns(unit: RunUnit, ctx: ExecuteContext): Promise<RunOutcome[]> {
  const outcomes: RunOutcome[] = [];
  let session: ServerSession | undefined;
  let workDir: string | undefined;
  const release = async (): Promise<void> => {
    const closing = session;
    const dir = workDir;
    session = undefined;
    workDir = undefined;
    await closing?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
  try {
    for (const run of unit.runs) {
      ctx.fake.reset();
      let current: ServerSession;
      if (session) {
        current = reused(session);
      } else {
        workDir = await mkdtemp(join(ctx.tmpRoot, 'run-'));
        try {
          session = await launchServer({
            name: unit.server,
            config: unit.config,
            fake: ctx.fake,
            writeGate: unit.scenario.write_gate,
            workDir,
            baseDir: ctx.baseDir,
          });
        } catch (error) {
          await release();
          outcomes.push({ result: erroredRunResult(run, startupError(error)), started: null });
          continue;
        }
        current = session;
      }
      const outcome = await runOnce(unit, run, current, ctx);
      outcomes.push(outcome);
      const broken =
        outcome.result.status === 'error' || outcome.result.stop_reason === 'server_error';
      if (ctx.isolation === 'run' || broken) await release();
    }
  } finally {
    await release();
  }
  return outcomes;
}
