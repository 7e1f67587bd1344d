import type { CallRecord, FakeCentral } from '../../../fake-central/index.js';
import { DEFAULT_MAX_TURNS, runAgentLoop } from '../../agent/run-agent-loop.js';
import { createScriptedPolicy } from '../../agent/scripted-policy.js';
import type { ToolDefinition, Trajectory } from '../../trajectory/types.js';
import type { ModelPrice } from '../../config/types.js';
import { BenchError } from '../../common/errors.js';
import type { Secret } from '../../metrics/leak-scan.js';
import { redactSecrets } from '../../metrics/redact-secrets.js';
import { canaryFindings } from '../../metrics/safety.js';
import { scoreRun } from '../../metrics/score-run.js';
import { replayedArguments } from '../../agent/replayed-arguments.js';
import { firstPageWarning, pagedFacts } from '../../agent/paged-facts.js';
import type { EscapePolicy } from '../../metrics/types.js';
import { erroredRunResult, scoredRunResult } from '../../report/run-result.js';
import type { RunError, RunResult } from '../../report/types.js';
import { planTurns } from '../../scenarios/plan-turns.js';
import type { ServerSession } from '../../servers/types.js';
import { countTokens, type TokenizerName } from '../../tokens/count-tokens.js';
import type { ModelRuns } from '../../llm/run-policies.js';
import { canonicaliseIds, generatedTokens, inventedIds } from './canonical-ids.js';
import { withProviderUsage } from './provider-usage.js';
import type { PoolContext, SessionPool } from './session-pool.js';
import type { RunUnit } from '../plan/run-unit.js';
import type { ProtocolEra, ProtocolViolation } from '../../servers/client/wire-check.js';
import { trace } from '../../common/trace.js';

/** What the unit produced per run, plus what the report's server entry needs. */
export interface RunOutcome {
  result: RunResult;
  /** Set when the server started: serverInfo and its tool menu. */
  started: {
    info: { name: string; version: string };
    tools: ToolDefinition[];
    /** Tools a model provider was sent under another name (model-driven runs only). */
    toolNames?: Record<string, string>;
    /** The negotiated protocol version and era, and the wire-check violations this run saw. */
    protocol?: {
      version: string | null;
      era: ProtocolEra | null;
      violations: ProtocolViolation[];
    };
  } | null;
  /** The run met a process an earlier run (of this or another scenario) had used. */
  reused: boolean;
  /**
   * Scripted runs: what the scenario lints found, for the run's warnings (the first run of a
   * unit only: every run replays the same plan): plan arguments that replay an id an earlier
   * call returned (src/agent/replayed-arguments.ts), required facts that all sit on the first
   * page of what the run paged through (src/agent/paged-facts.ts).
   */
  replays?: string[];
}

export interface ExecuteContext extends PoolContext {
  /** The ids of the fake's bundle (bundle-ids.ts): kept as they are; any other id a run sends is canonicalised. */
  knownIds: ReadonlySet<string>;
  tokenizer: TokenizerName;
  /** The worker's sessions; it applies the isolation. */
  sessions: SessionPool;
  /** Whether refused escapes are safety failures (default `record`: findings only). */
  escapes?: EscapePolicy;
  /** The harness's own secrets (harness-secrets.ts), looked for in everything the server said. */
  secrets?: readonly Secret[];
  /** Model-driven runs (`llm`, `replay`); null: the scripted policy. */
  models?: ModelRuns | null;
  /** The model's price (null: unknown, so no cost). */
  price?: ModelPrice | null;
  /** True once the run's deadline has passed: no further run starts (run-deadline.ts). */
  stopped?: () => boolean;
  /**
   * Called once, when the unit's first server has started (or failed to): the worker may then
   * start its next unit's server (execute-bench.ts), overlapping this unit's runs.
   */
  afterStart?: () => void;
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

const credentialValues = (c: FakeCentral['credentials']): string[] => [
  c.clientId,
  c.clientSecret,
  c.workspaceId,
];

/** A session whose start-up was paid by an earlier run (isolation scenario or server). */
function reused(session: ServerSession): ServerSession {
  return {
    serverInfo: session.serverInfo,
    tools: session.tools,
    startupMs: 0,
    callTool: (request, onElicitation) => session.callTool(request, onElicitation),
    stderrTail: () => session.stderrTail(),
    ...(session.takeProtocolViolations
      ? { takeProtocolViolations: () => session.takeProtocolViolations?.() ?? [] }
      : {}),
    ...(session.takeServerTexts
      ? { takeServerTexts: () => session.takeServerTexts?.() ?? [] }
      : {}),
    ...(session.protocolVersion
      ? { protocolVersion: () => session.protocolVersion?.() ?? null }
      : {}),
    ...(session.protocolEra ? { protocolEra: () => session.protocolEra?.() ?? null } : {}),
    close: () => session.close(),
  };
}

/** What the wire check saw during a run (nothing for an unchecked session). */
function protocolOf(session: ServerSession): NonNullable<RunOutcome['started']>['protocol'] {
  if (!session.takeProtocolViolations) return undefined;
  return {
    version: session.protocolVersion?.() ?? null,
    era: session.protocolEra?.() ?? null,
    violations: session.takeProtocolViolations(),
  };
}

async function runOnce(
  unit: RunUnit,
  run: number,
  session: ServerSession,
  ctx: ExecuteContext,
  /** Connections the sandbox blocked since the previous run of this process. */
  takeBlocked: () => number | undefined,
): Promise<Omit<RunOutcome, 'reused'>> {
  const { scenario, scenarioKey } = unit;
  const started: NonNullable<RunOutcome['started']> = {
    info: session.serverInfo,
    tools: session.tools,
  };
  // Calls the server made while starting (its token, a credentials probe such as
  // `sites-health?limit=1`) are not the scenario's work; escapes are kept whenever they happened.
  const startSeq = ctx.fake.calls().at(-1)?.seq ?? 0;
  const scenarioCalls = (): CallRecord[] =>
    ctx.fake.calls().filter((c) => c.seq > startSeq || c.kind === 'escape');
  const canaries = ctx.fake.canaries();
  const secrets = [...canaries, ...(ctx.secrets ?? []).map((s) => s.value)];
  // A model is never sent a menu that carries a secret: the run is a safety failure as it is.
  const menuLeak =
    ctx.models != null &&
    canaryFindings(menuOnly(session, scenarioKey, scenario.id, run), canaries, {
      serverInfo: session.serverInfo,
      ...(ctx.secrets ? { secrets: ctx.secrets } : {}),
    }).length > 0;
  try {
    const model =
      ctx.models && !menuLeak ? await ctx.models.forRun(unit.server, scenario.id, run) : null;
    const ranTrajectory = menuLeak
      ? menuOnly(session, scenarioKey, scenario.id, run)
      : await runAgentLoop({
          session,
          policy: model?.policy ?? createScriptedPolicy(),
          scenario,
          server: scenarioKey,
          run,
          // The scripted policy makes one call per turn: its limit must cover the whole plan.
          maxTurns: Math.max(
            DEFAULT_MAX_TURNS,
            planTurns(scenario.plans[scenarioKey]?.length ?? 0),
          ),
          deadlineMs: unit.config.timeouts.scenarioMs,
          callLogSeq: () => ctx.fake.calls().at(-1)?.seq ?? 0,
          ...(ctx.models ? { maxTurns: ctx.models.settings.max_turns } : {}),
        });
    if (model) started.toolNames = model.toolNames();
    const protocol = protocolOf(session);
    if (protocol) started.protocol = protocol;
    const blocked = takeBlocked();
    // Ids the server chose (a random UUID it POSTs) become {id#1}, {id#2}… in everything scored
    // from the run, tokens included, so the same SHAs give the same report (canonical-ids.ts).
    // A secret, a token issued in the run or a credential is never renamed: the leak scan sees it.
    const known = new Set(
      [...ctx.fake.canaries(), ...secrets, ...credentialValues(ctx.fake.credentials)].flatMap(
        generatedTokens,
      ),
    );
    const ids = inventedIds(scenarioCalls(), (t) => known.has(t) || ctx.knownIds.has(t));
    const requests = canonicaliseIds(scenarioCalls(), ids);
    const trajectory = canonicaliseIds(ranTrajectory, ids);
    const tokens = countTokens(trajectory, scenario, ctx.tokenizer);
    // The fake judges its own final state, before anything else can touch it.
    const state = scenario.expect.state ? ctx.fake.checkState(scenario.expect.state) : null;
    const metrics = scoreRun({
      state,
      scenario,
      server: scenarioKey,
      trajectory,
      calls: requests,
      canaries,
      tokens,
      ...(blocked === undefined ? {} : { blockedConnections: blocked }),
      escapes: ctx.escapes ?? 'record',
      leakScan: {
        secrets: ctx.secrets ?? [],
        logs: session.stderrTail(),
        serverInfo: session.serverInfo,
        sent: session.takeServerTexts?.() ?? [],
      },
    });
    const result = scoredRunResult(run, metrics, trajectory, requests);
    const replays =
      model || run !== unit.runs[0] ? [] : await scenarioLints(unit, ranTrajectory, ctx, startSeq);
    return {
      result: redactSecrets(
        model ? withProviderUsage(result, trajectory, ctx.price ?? null) : result,
        secrets,
      ),
      started: redactSecrets(started, secrets),
      ...(replays.length > 0 ? { replays: redactSecrets(replays, secrets) } : {}),
    };
  } catch (error) {
    const protocol = protocolOf(session);
    if (protocol) started.protocol = protocol;
    const tail = session.stderrTail();
    const message = `harness failure: ${error instanceof Error ? error.message : String(error)}`;
    const result = erroredRunResult(run, {
      phase: 'run',
      message,
      stderr_tail: tail === '' ? null : tail,
    });
    return { result: redactSecrets(result, secrets), started: redactSecrets(started, secrets) };
  }
}

/** The scripted scenario lints of one run (see RunOutcome.replays). */
async function scenarioLints(
  unit: RunUnit,
  trajectory: Trajectory,
  ctx: ExecuteContext,
  startSeq: number,
): Promise<string[]> {
  const lines = replayedArguments(unit.scenario, unit.scenarioKey, trajectory);
  const reads = ctx.fake.calls().filter((c) => c.seq > startSeq);
  const pages = firstPageWarning(await pagedFacts(unit.scenario, reads, (t) => ctx.fake.peek(t)));
  return pages === null ? lines : [...lines, pages];
}

/** The run that never called the model because its menu carried a secret (see runOnce). */
function menuOnly(
  session: ServerSession,
  server: string,
  scenarioId: string,
  run: number,
): Trajectory {
  return {
    scenarioId,
    server,
    run,
    tools: session.tools,
    turns: [],
    calls: [],
    answer: null,
    stopReason: 'policy_error',
    error: {
      message:
        'the model was not called: the tool menu or serverInfo carries a secret (see the canary_leak finding)',
    },
    latencyMs: 0,
    startupMs: session.startupMs,
  };
}

// The sandbox's count of blocked connections runs for the life of a process, which may serve
// several runs (and units): each run takes the part since the previous run's reading.
const blockedCounted = new WeakMap<ServerSession, number>();
function takeBlocked(session: ServerSession): number | undefined {
  const total = session.blockedConnections?.();
  if (total === undefined) return undefined;
  const delta = total - (blockedCounted.get(session) ?? 0);
  blockedCounted.set(session, total);
  return delta;
}

/**
 * Executes a unit's runs against `ctx.fake`, which is reset before every run (the fake is the
 * ground truth). Sessions come from the worker's {@link SessionPool}, which applies the isolation:
 * `run` gives every run a fresh process and work dir (fresh HOME and TMPDIR), `scenario` one
 * process for the unit's runs, `server` one process across units of the same server, fixture and
 * write gate. A run that errored or whose server died ends its session. A server that does not
 * start makes that run an error result. Never throws for the server's sake.
 */
export async function executeRuns(
  unit: RunUnit,
  ctx: ExecuteContext,
  /** Where each run's outcome goes as it finishes (a deadline keeps the ones that did). */
  outcomes: RunOutcome[] = [],
): Promise<RunOutcome[]> {
  try {
    for (const run of unit.runs) {
      if (ctx.stopped?.()) break;
      // A session started ahead was started right after its fake's reset (SessionPool.prestart).
      if (!ctx.sessions.startedAhead(unit)) ctx.fake.reset();
      trace('fake.reset', { run });
      let current: ServerSession;
      let held: ServerSession;
      let reuse: boolean;
      try {
        const acquired = await ctx.sessions.acquire(unit, ctx);
        held = acquired.session;
        current = acquired.reused ? reused(acquired.session) : acquired.session;
        reuse = acquired.reused;
        if (run === unit.runs[0]) ctx.afterStart?.();
      } catch (error) {
        if (run === unit.runs[0]) ctx.afterStart?.();
        const secrets = [...ctx.fake.canaries(), ...(ctx.secrets ?? []).map((s) => s.value)];
        outcomes.push({
          // A server that prints its environment as it dies must not put a secret in the report.
          result: redactSecrets(erroredRunResult(run, startupError(error)), secrets),
          started: null,
          reused: false,
        });
        continue;
      }
      trace('run.start', { run });
      const outcome = await runOnce(unit, run, current, ctx, () => takeBlocked(held));
      trace('run.end', { run, latencyMs: outcome.result.latency_ms ?? -1 });
      outcomes.push({ ...outcome, reused: reuse });
      const broken =
        outcome.result.status === 'error' || outcome.result.stop_reason === 'server_error';
      await ctx.sessions.afterRun(broken);
    }
  } finally {
    await ctx.sessions.afterUnit();
  }
  return outcomes;
}
