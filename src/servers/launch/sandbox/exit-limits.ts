import { constants } from 'node:os';
import type { ServerLimits } from '../../../config/types.js';
import type { ExitInfo } from '../process-group.js';

/** `exited with code 152` from bwrap is its child killed by signal 24: say SIGXCPU. */
export function signalOf(exit: ExitInfo): ExitInfo {
  const code = exit.code;
  if (code === null || code <= 128) return exit;
  const name = Object.entries(constants.signals).find(([, n]) => n === code - 128)?.[0];
  return name === undefined ? exit : { code: null, signal: name as NodeJS.Signals };
}

/** What runtimes print when an allocation fails (V8, Node's ArrayBuffer, CPython, glibc, C++). */
export const OUT_OF_MEMORY =
  /out of memory|Array buffer allocation failed|MemoryError|Cannot allocate memory|std::bad_alloc/;

/** How a limit is named in errors. */
export const memoryLimit = (limits: ServerLimits): string =>
  `the memory limit (limits.memoryMb: ${limits.memoryMb})`;

/**
 * The limit an exit means, if any: RLIMIT_CPU sends SIGXCPU; RLIMIT_DATA makes allocations
 * fail, and a runtime that then aborts (V8: "heap out of memory", SIGABRT) said so on stderr.
 * (RLIMIT_FSIZE gives EFBIG to writes: Node and CPython ignore SIGXFSZ.)
 */
export function limitOf(
  exit: ExitInfo,
  limits: ServerLimits,
  outOfMemory: boolean,
): string | undefined {
  if (outOfMemory && (exit.signal !== null || exit.code !== 0)) {
    return memoryLimit(limits);
  }
  if (exit.signal === 'SIGXCPU')
    return `the CPU-time limit (limits.cpuSeconds: ${limits.cpuSeconds})`;
  if (exit.signal === 'SIGXFSZ')
    return `the file-size limit (limits.fileSizeMb: ${limits.fileSizeMb})`;
  return undefined;
}
