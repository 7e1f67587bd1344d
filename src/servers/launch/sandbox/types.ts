import type { SandboxMode, ServerLimits } from '../../../config/types.js';

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

/** What the sandbox needs to know besides the spec: whether it applies, and the ports to relay. */
export interface SandboxSettings {
  status: SandboxStatus;
  /** Ports of the fake on 127.0.0.1 (proxy and API) the server must reach. */
  fakePorts: readonly number[];
  /** The port an HTTP server listens on (the harness must reach it), else null. */
  inPort: number | null;
  /** The server's fresh HOME and TMPDIR: writable inside. */
  home: string;
  tmp: string;
  /** The server's cwd, resolved through symbolic links. */
  cwd: string;
  /**
   * The `writable:` paths, resolved and checked (src/config/server-paths.ts): created here one
   * real directory at a time and bound as they are.
   */
  writable: readonly string[];
  /** Read-only paths the server needs to see even under a private directory (the config's dir). */
  visible: readonly string[];
  limits: ServerLimits;
  /** Told when the server reaches a limit the harness enforces itself (the relay's cap). */
  onLimit?: (message: string) => void;
}
