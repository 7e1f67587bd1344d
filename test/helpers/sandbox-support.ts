/**
 * Whether the tests that need the server sandbox can run here, probed once per test file with
 * the harness's own probe (src/servers/launch/sandbox/probe-sandbox.ts).
 *
 * Where the platform cannot have it (macOS, Windows, a container without user namespaces) those
 * tests are skipped and the reason is printed; under CI they are required, so there a missing
 * sandbox is a failure, never a skip. (`npm test`'s pretest, scripts/check-prerequisites.ts,
 * already stops on a Linux machine that merely lacks the bwrap binary: that one is installable.)
 */
import { resolveSandbox } from '../../src/servers/launch/sandbox/probe-sandbox.js';

/** CI=true (GitHub Actions, .ci/run): every prerequisite is required. */
export const IN_CI =
  process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';

const status = await resolveSandbox('auto');

/** Why the sandbox tests are skipped here, or null when they run. */
export const SANDBOX_SKIP: string | null =
  status.applied || IN_CI ? null : (status.reason ?? 'not available');

if (SANDBOX_SKIP !== null) {
  console.warn(`\n!!! sandbox tests SKIPPED: ${SANDBOX_SKIP} (under CI=true they are required)\n`);
}
