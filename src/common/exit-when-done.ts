/** How long an entry point waits, after its work is done, for the process to end on its own. */
export const EXIT_GRACE_MS = 5_000;

/**
 * Called by an entry point (the CLI, the action) once its command has returned: if something
 * still keeps the event loop alive after {@link EXIT_GRACE_MS} (work abandoned at the run's
 * deadline, a server's pipe that never closed), the process exits anyway with its exit code
 * instead of hanging the job until it is killed. The timer is unref'd, so a process that ends
 * on its own (the normal case) ends as soon as it would have.
 */
export function exitWhenDone(what: string, write: (text: string) => void): void {
  setTimeout(() => {
    write(
      `${what}: work was still pending ${EXIT_GRACE_MS / 1000} s after the command ended; exiting (exit code ${String(process.exitCode ?? 0)})\n`,
    );
    process.exit();
  }, EXIT_GRACE_MS).unref();
}
