import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FakeCentral } from '../../../fake-central/index.js';
import type { Isolation } from '../../report/types.js';
import { launchServer } from '../../servers/launch/launch-server.js';
import type { SandboxMode } from '../../config/types.js';
import type { ServerSession } from '../../servers/types.js';
import { sessionKey, type RunUnit } from '../plan/run-unit.js';
import { trace } from '../../common/trace.js';

/** What starting a session needs besides the unit: the fake it talks to and where files go. */
export interface PoolContext {
  fake: FakeCentral;
  /** Where relative commands and cwds of the config resolve. */
  baseDir: string;
  /** A directory for work dirs (HOME and TMPDIR of the server are made inside). */
  tmpRoot: string;
  /** Run servers in the sandbox (launchServer's default when unset: `auto`). */
  sandbox?: SandboxMode;
}

interface Held {
  key: string;
  session: ServerSession;
  workDir: string;
}

/** A session started ahead for a unit (prestart): its launch, settled or not. */
interface Ahead {
  unit: RunUnit;
  launched: Promise<Held>;
}

/**
 * One worker's server sessions and when they end, per isolation:
 * - `run`: every run gets a fresh session (closed after the run);
 * - `scenario`: the runs of one unit share one (closed at the end of the unit);
 * - `server`: one session per server × fixture × write gate (the gate sets the server's
 *   environment and how confirmations are answered) lives across units until the worker asks
 *   for another key or releases it; runBench gives each key's units to one worker, in order.
 * A run that errored, or whose server died, closes its session in every mode: the next run
 * starts a fresh one. Sessions are always started through {@link launchServer} (environment,
 * sandbox, process group), never spawned here.
 */
export class SessionPool {
  #held: Held | undefined;
  #ahead: Ahead | undefined;
  /** The previous unit's close, when it goes on while the next unit runs (afterUnit). */
  #closing: Promise<void> | undefined;

  constructor(private readonly isolation: Isolation) {}

  /**
   * Whether sessions start ahead under `isolation` (only `scenario`: one fresh session per unit,
   * started during the previous unit). Decided here alone: the worker reads it to use a second
   * copy of each fake (execute-bench.ts), prestart to start anything at all.
   */
  static startsAhead(isolation: Isolation): boolean {
    return isolation === 'scenario';
  }

  /**
   * Isolation `scenario`: starts the session `unit`'s first run will get, now, against
   * `ctx.fake`, which is reset first (as executeRuns resets a fake before a run's launch) and
   * must be used by nothing else until that run: the worker gives consecutive units different
   * copies of their bundle's fake. Its start-up is measured as any other (spawn → tools/list).
   * Other isolations start nothing ahead.
   */
  prestart(unit: RunUnit, ctx: PoolContext): void {
    if (!SessionPool.startsAhead(this.isolation) || this.#ahead) return;
    const closing = this.#closing;
    const launched = (async () => {
      // The fake's previous user (two units back) may still be closing: it goes first, as a
      // closed server's last calls came before the reset when nothing ran ahead.
      await closing;
      ctx.fake.reset();
      return this.#launch(sessionKey(unit), unit, ctx);
    })();
    // Its failure is the first run's (acquire rethrows it); never an unhandled rejection.
    launched.catch(() => undefined);
    this.#ahead = { unit, launched };
  }

  /** Whether `unit`'s first session was started ahead (its fake is then reset already). */
  startedAhead(unit: RunUnit): boolean {
    return this.#ahead?.unit === unit;
  }

  /**
   * A session for the next run of `unit`: the one held when the isolation lets the run reuse it
   * (`reused: true`), else a fresh one. Throws what launchServer throws (nothing is held then).
   */
  async acquire(
    unit: RunUnit,
    ctx: PoolContext,
  ): Promise<{ session: ServerSession; reused: boolean }> {
    const key = sessionKey(unit);
    if (this.#held && this.#held.key === key) return { session: this.#held.session, reused: true };
    await this.release();
    // A unit not started ahead starts after the previous one's close, as it always did.
    if (this.#ahead?.unit !== unit) await this.#closing;
    const ahead = this.#ahead;
    if (ahead?.unit === unit) this.#ahead = undefined;
    this.#held = await (ahead?.unit === unit ? ahead.launched : this.#launch(key, unit, ctx));
    return { session: this.#held.session, reused: false };
  }

  async #launch(key: string, unit: RunUnit, ctx: PoolContext): Promise<Held> {
    trace('launch.start');
    const workDir = await mkdtemp(join(ctx.tmpRoot, 'run-'));
    try {
      const session = await launchServer({
        name: unit.server,
        config: unit.config,
        fake: ctx.fake,
        writeGate: unit.scenario.write_gate,
        workDir,
        baseDir: ctx.baseDir,
        ...(ctx.sandbox === undefined ? {} : { sandbox: ctx.sandbox }),
      });
      trace('launch.end', { startupMs: session.startupMs });
      return { key, session, workDir };
    } catch (error) {
      await rm(workDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** After a run: `broken` (an error, a dead server) or isolation `run` ends the session. */
  async afterRun(broken: boolean): Promise<void> {
    if (broken || this.isolation === 'run') await this.release();
  }

  /**
   * After a unit's runs: only isolation `server` keeps its session for the next unit. When the
   * next unit's server was started ahead, this one's close goes on while the next unit runs (a
   * close is mostly waiting for the process to exit); what needs its fake again waits for it.
   */
  async afterUnit(): Promise<void> {
    if (this.isolation === 'server') return;
    if (!this.#ahead) return this.release();
    const closing = this.release();
    closing.catch(() => undefined); // awaited (and thrown) where it is waited for
    this.#closing = closing;
  }

  /**
   * The worker is done: closes the held session and one started ahead for a unit that never
   * ran (the run's deadline, a spent budget).
   */
  async close(): Promise<void> {
    const ahead = this.#ahead;
    this.#ahead = undefined;
    await this.release();
    await this.#closing;
    const launched = await ahead?.launched.catch(() => undefined);
    if (launched) await this.#close(launched);
  }

  /** Closes the held session (its process group) and removes its work dir; idempotent. */
  async release(): Promise<void> {
    const held = this.#held;
    this.#held = undefined;
    if (held) await this.#close(held);
  }

  async #close(held: Held): Promise<void> {
    trace('release.start');
    try {
      await held.session.close();
      trace('release.closed');
    } finally {
      await rm(held.workDir, { recursive: true, force: true });
      trace('release.end');
    }
  }
}
