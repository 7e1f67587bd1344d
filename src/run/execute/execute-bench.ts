import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { killLiveGroups } from '../../servers/launch/process-group.js';
import { trace, traceContext } from '../../common/trace.js';
import type { Secret } from '../../metrics/leak-scan.js';
import { bundleIds } from './bundle-ids.js';
import { executeRuns, type ExecuteContext, type RunOutcome } from './execute-runs.js';
import type { FakeCentral } from '../../../fake-central/index.js';
import type { RunUnit } from '../plan/run-unit.js';
import { FakePool } from './fake-pool.js';
import type { BenchPlan, ModelPlan } from '../plan/plan-bench.js';
import type { Logger } from '../ports.js';
import { createProgress } from './progress.js';
import { SessionPool } from './session-pool.js';
import type { RunDeadline } from './run-deadline.js';
import { runQueue } from './work-queue.js';

/** After the deadline, how long the runs in flight get to end once their servers are killed. */
export const DEADLINE_GRACE_MS = 15_000;

/** What executeBench did: every unit's outcomes, and what the run's deadline stopped. */
export interface BenchOutcomes {
  /** By unit index; a unit the budget or the deadline skipped has none (or fewer than planned). */
  outcomes: RunOutcome[][];
  /** Set when the deadline passed before the last run ended. */
  deadline: { ms: number; source: string; unfinishedRuns: number } | null;
}

/**
 * Runs the plan's units on `settings.concurrency` workers, each with its own fakes and server
 * sessions, and returns every unit's outcomes by unit index (whatever order they finished in).
 * A spent budget starts nothing more: the units after it get no outcomes. Past the deadline
 * nothing more starts either, every server is killed (its calls fail at once), and after
 * {@link DEADLINE_GRACE_MS} the outcomes so far are returned even if some work has not ended.
 */
export async function executeBench(
  plan: BenchPlan,
  model: ModelPlan,
  context: {
    root: string;
    secrets: Secret[];
    logger: Logger;
    deadline: RunDeadline;
    /**
     * Settles when what runs beside the units has failed (the sweep: a `sweep:` entry the menu
     * does not match): nothing more starts and every server is killed, as at the deadline, so
     * the caller's error comes in seconds, not after the scenarios. Never settling: no abort.
     */
    abort?: Promise<unknown>;
  },
): Promise<BenchOutcomes> {
  const { settings, units, groups, baseDir } = plan;
  const { models, price } = model;
  const progress = createProgress(context.logger, units, settings.runs);
  const tmpRoot = await mkdtemp(join(tmpdir(), 'hpe-mcp-bench-'));
  const { deadline } = context;
  let aborted = false;
  const stopped = (): boolean => aborted || deadline.expired();
  // Filled run by run, so what finished before the deadline is kept.
  const outcomes: RunOutcome[][] = units.map(() => []);
  let finished = true;
  let slots = 0;
  try {
    const work: Work = {
      startsAhead: SessionPool.startsAhead(settings.isolation),
      units,
      outcomes,
      unitContext: (unit, fake, sessions) => ({
        fake,
        knownIds: bundleIds(resolve(context.root, unit.scenario.fixture)),
        tokenizer: settings.tokenizer,
        sessions,
        baseDir,
        tmpRoot,
        sandbox: settings.sandbox,
        escapes: settings.escapes,
        secrets: context.secrets,
        models,
        price,
        stopped,
      }),
      skip: () => Boolean(models?.budget.exceeded()) || stopped(),
      done: (unit, index) => {
        progress.record(unit, outcomes[index] ?? []);
        // Once per scenario and server: every run replays the same plan.
        for (const line of outcomes[index]?.[0]?.replays ?? [])
          context.logger.warn(`plan: ${unit.scenario.id}: ${line}`);
      },
    };
    const queue = runQueue(
      groups,
      settings.concurrency,
      (): Worker => ({
        fakes: new FakePool(context.root, settings.faults, settings.validation),
        sessions: new SessionPool(settings.isolation),
        slot: slots++,
        ordinal: 0,
        ahead: undefined,
      }),
      (group, worker, next) => runGroup(work, group, worker, next),
      async ({ fakes, sessions, ahead }) => {
        await ahead;
        // Sessions first: a server is closed while its fake still answers.
        await sessions.close();
        await fakes.close();
      },
      // Isolation `scenario`: each unit's server starts while the worker's previous unit runs.
      { lookahead: work.startsAhead },
    );
    const ended = queue.then(() => true);
    finished = await Promise.race([
      ended,
      deadline.passed.then(async () => {
        context.logger.warn(
          `deadline: the run's deadline (${deadline.source}) passed; stopping every server and writing the report with the runs that finished`,
        );
        killLiveGroups();
        return Promise.race([ended, sleep(DEADLINE_GRACE_MS, false, { ref: false })]);
      }),
      ...(context.abort === undefined
        ? []
        : [
            context.abort.then(async () => {
              aborted = true;
              killLiveGroups();
              return Promise.race([ended, sleep(DEADLINE_GRACE_MS, false, { ref: false })]);
            }),
          ]),
    ]);
  } finally {
    // Work abandoned at the deadline may still hold files here: it is killed, and the CLI exits.
    if (finished) await rm(tmpRoot, { recursive: true, force: true });
  }
  const planned = units.reduce((n, u) => n + u.runs.length, 0);
  const ran = outcomes.reduce((n, o) => n + o.length, 0);
  return {
    // A copy: work abandoned at the deadline must not change what the report is built from.
    outcomes: outcomes.map((o) => [...o]),
    deadline: deadline.expired()
      ? { ms: deadline.ms, source: deadline.source, unfinishedRuns: planned - ran }
      : null,
  };
}

/** One worker of the queue: its fakes (two copies of each bundle), its sessions, its units so far. */
interface Worker {
  fakes: FakePool;
  sessions: SessionPool;
  /** For the run's timeline (src/common/trace.ts). */
  slot: number;
  /** How many units it has begun: consecutive units use different copies of their fake. */
  ordinal: number;
  /** The next unit's start ahead, until its fake is there and prestart was called. */
  ahead: Promise<void> | undefined;
}

/** What every worker shares: the units, where their outcomes go, and each unit's context. */
interface Work {
  /** Isolation `scenario`: each unit's server starts during the previous unit (runGroup). */
  startsAhead: boolean;
  units: RunUnit[];
  outcomes: RunOutcome[][];
  unitContext(unit: RunUnit, fake: FakeCentral, sessions: SessionPool): ExecuteContext;
  /** True once no further unit may start (a spent budget, the deadline). */
  skip(): boolean;
  /** Progress and the plan's warnings, once a unit's runs ended. */
  done(unit: RunUnit, index: number): void;
}

const copyOf = (ordinal: number): 0 | 1 => (ordinal % 2 === 0 ? 0 : 1);

/**
 * Runs a group's units in order. With isolation `scenario` the queue tells the worker its next
 * group (`next`, one unit): once this unit's server has started, the next unit's server starts
 * against the other copy of its fake (SessionPool.prestart), so its start-up overlaps this
 * unit's runs instead of following them.
 */
async function runGroup(
  work: Work,
  group: number[],
  worker: Worker,
  next: number[] | undefined,
): Promise<void> {
  const { fakes, sessions, slot } = worker;
  for (const index of group) {
    const unit = work.units[index] as RunUnit;
    // Only a worker that starts servers ahead needs the second copy; with isolation `server` a
    // session outlives its unit and must keep the fake it was started against.
    const copy = work.startsAhead ? copyOf(worker.ordinal) : 0;
    worker.ordinal++;
    // Whether this unit's server was started ahead is settled before its first run.
    await worker.ahead;
    worker.ahead = undefined;
    if (work.skip()) {
      // A server started ahead for it is closed with the held one.
      await sessions.close();
      continue;
    }
    await traceContext.run({ slot, scenario: unit.scenario.id }, async () => {
      trace('unit.start');
      const fake = await fakes.get(unit.scenario.fixture, copy);
      trace('unit.fake');
      const following = next?.length === 1 ? work.units[next[0] as number] : undefined;
      const afterStart = (): void => {
        if (!following || work.skip()) return;
        worker.ahead = fakes.get(following.scenario.fixture, copyOf(worker.ordinal)).then(
          (nextFake) => {
            if (!work.skip())
              sessions.prestart(following, work.unitContext(following, nextFake, sessions));
          },
          () => undefined, // its own unit reports a fake that does not start
        );
      };
      await executeRuns(
        unit,
        { ...work.unitContext(unit, fake, sessions), afterStart },
        work.outcomes[index],
      );
      work.done(unit, index);
      trace('unit.end');
    });
  }
  // A group's session ends with it: the next group has another key.
  await sessions.release();
}
