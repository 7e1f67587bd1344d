import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeCentral } from '../../../fake-central/index.js';
import { LEGACY_REVISION } from '../../config/era-variant.js';
import type { SandboxMode, ServerConfig } from '../../config/types.js';
import { launchServer } from './launch-server.js';

/** The eras a server opens a session in, and why the other one failed when it did. */
export interface EraSupport {
  server: string;
  /** The revisions it negotiated, the `auto` one first; empty when it did not start at all. */
  revisions: string[];
  /** Both: it opened a 2026-07-28 session and a 2025 `initialize` one. */
  dual: boolean;
  /** Why a handshake failed (null when none did). */
  failure: string | null;
}

const message = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * What a server speaks, found by asking it rather than from a hand list: its `server/discover`
 * answer cannot be trusted for this (secure-ssid at 9c7df43, MCP Python SDK 2.0, lists only
 * 2026-07-28 in `supportedVersions` and still answers a 2025 `initialize`). So: one session as
 * the runs open it (`auto`); when that negotiated 2026-07-28, a second with the 2025 handshake
 * only (`protocol: legacy`). A server that opens both is dual-era. Each session lists the tools
 * and closes; nothing is called. The server runs as in the bench (sandbox, proxy, a fresh fake).
 */
export async function eraSupport(input: {
  server: string;
  config: ServerConfig;
  baseDir: string;
  sandbox?: SandboxMode;
}): Promise<EraSupport> {
  const fake = await startFakeCentral();
  const root = await mkdtemp(join(tmpdir(), 'hpe-mcp-bench-eras-'));
  const open = async (config: ServerConfig, label: string): Promise<string> => {
    const session = await launchServer({
      name: input.server,
      config,
      fake,
      writeGate: 'read',
      workDir: await mkdtemp(join(root, `${label}-`)),
      baseDir: input.baseDir,
      ...(input.sandbox === undefined ? {} : { sandbox: input.sandbox }),
    });
    try {
      return session.protocolVersion?.() ?? 'unknown';
    } finally {
      await session.close();
    }
  };
  try {
    let first: string;
    try {
      first = await open(input.config, 'auto');
    } catch (error) {
      return { server: input.server, revisions: [], dual: false, failure: message(error) };
    }
    // A 2025-era server, or one the config pins to an era: nothing more to ask.
    if (first.startsWith('2025-') || input.config.protocol !== undefined) {
      return { server: input.server, revisions: [first], dual: false, failure: null };
    }
    try {
      const legacy = await open({ ...input.config, protocol: 'legacy' }, 'legacy');
      return { server: input.server, revisions: [first, legacy], dual: true, failure: null };
    } catch (error) {
      return {
        server: input.server,
        revisions: [first],
        dual: false,
        failure: `the ${LEGACY_REVISION} handshake: ${message(error)}`,
      };
    }
  } finally {
    await fake.close();
    await rm(root, { recursive: true, force: true });
  }
}
