import { afterAll, afterEach, beforeAll } from 'vitest';
import { startFakeCentral, type FakeCentral } from '../../../../fake-central/index.js';
import type { ServerConfig } from '../../../../src/config/types.js';
import type { WriteGate } from '../../../../src/scenarios/types.js';
import { launchServer, type LaunchOptions } from '../../../../src/servers/launch/launch-server.js';
import type { ServerSession } from '../../../../src/servers/types.js';
import { REPO_ROOT, workDir } from './test-servers.js';

/** What a launch test file gets: the file's fake, and launchServer against it. */
export interface LaunchHarness {
  /** The fake of this file (started before its first test). */
  readonly fake: FakeCentral;
  /** Starts a server against the fake as a run does; closed after the test. */
  readonly launch: (
    config: ServerConfig,
    writeGate?: WriteGate,
    name?: string,
    over?: Partial<LaunchOptions>,
  ) => Promise<ServerSession>;
}

/**
 * The launch tests' common setup, for the file that calls it: one fake started before its tests
 * and closed after them, and `launch`, which starts a server against that fake the way a run does
 * (a fresh work directory, the repository as base directory) and closes every session it started
 * after each test.
 */
export function useLaunchHarness(defaultName: string): LaunchHarness {
  let fake: FakeCentral | undefined;
  const sessions: ServerSession[] = [];
  beforeAll(async () => {
    fake = await startFakeCentral();
  });
  afterAll(async () => {
    await fake?.close();
  });
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });
  const started = (): FakeCentral => {
    if (fake === undefined) throw new Error('the fake starts in beforeAll: use it inside a test');
    return fake;
  };
  return {
    get fake() {
      return started();
    },
    launch: async (config, writeGate = 'read', name = defaultName, over = {}) => {
      const session = await launchServer({
        name,
        config,
        fake: started(),
        writeGate,
        workDir: await workDir(),
        baseDir: REPO_ROOT,
        ...over,
      });
      sessions.push(session);
      return session;
    },
  };
}
