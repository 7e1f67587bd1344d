import type { SandboxMode } from '../../config/types.js';

/** What the probe found, once per harness process; recorded in report.settings.sandbox. */
export interface SandboxStatus {
  requested: SandboxMode;
  /** Whether servers run inside the sandbox. */
  applied: boolean;
  /** `bwrap <version>` when applied. */
  tool: string | null;
  /** Why it is not applied (off by request, not Linux, bwrap missing or refused). */
  reason: string | null;
  /**
   * Applied: `blocked` (seccomp-filter.ts refuses socket(AF_UNIX)), or which host sockets stay
   * connectable where no filter is known for the architecture; null when not applied.
   */
  unix_sockets?: string | null;
}

/** A process to start: what launchServer resolved from the bench config. */
export interface SpawnSpec {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stdin: 'pipe' | 'ignore';
}
