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

  constructor(private readonly isolation: Isolation) {}

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
      this.#held = { key, session, workDir };
      trace('launch.end', { startupMs: session.startupMs });
      return { session, reused: false };
    } catch (error) {
      await rm(workDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** After a run: `broken` (an error, a dead server) or isolation `run` ends the session. */
  async afterRun(broken: boolean): Promise<void> {
    if (broken || this.isolation === 'run') await this.release();
  }

  /** After a unit's runs: only isolation `server` keeps its session for the next unit. */
  async afterUnit(): Promise<void> {
    if (this.isolation !== 'server') await this.release();
  }

  /** Closes the held session (its process group) and removes its work dir; idempotent. */
  async release(): Promise<void> {
    const held = this.#held;
    this.#held = undefined;
    if (!held) return;
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
