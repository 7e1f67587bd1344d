import { tmpdir } from 'node:os';
import { packageRoot } from '../../../src/common/package-root.js';
import type { SweepRequest } from '../../../src/sweep/sweep-servers.js';

/**
 * A read sweep of `servers` from the checkout, unsandboxed, with no secrets and ids kept as the
 * servers made them: what the sweep's tests share. `over` replaces any part (a deadline, a mode).
 */
export function sweepRequest(
  servers: SweepRequest['servers'],
  over: Partial<SweepRequest> = {},
): SweepRequest {
  const root = packageRoot();
  return {
    mode: 'read',
    servers,
    root,
    baseDir: root,
    tmpRoot: tmpdir(),
    sandbox: 'off',
    secrets: [],
    canonicaliseFor: () => (value) => value,
    ...over,
  };
}
