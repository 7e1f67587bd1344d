import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultBenchConfig, REFERENCE_SERVER } from './default-config.js';
import { DEFAULT_LIMITS, DEFAULT_TIMEOUTS } from './load-bench-config.js';

describe('defaultBenchConfig', () => {
  it('runs the reference server from source with tsx when there is no bundle', async () => {
    const root = await mkdtemp(join(tmpdir(), 'bench-root-'));
    expect(defaultBenchConfig(root)).toEqual({
      file: null,
      servers: {
        [REFERENCE_SERVER]: {
          transport: 'stdio',
          command: process.execPath,
          args: ['--import', 'tsx', join(root, 'examples', 'reference-server', 'index.ts')],
          cwd: root,
          env: {
            CENTRAL_CLIENT_ID: '${fake.clientId}',
            CENTRAL_CLIENT_SECRET: '${fake.clientSecret}',
            GREENLAKE_WORKSPACE_ID: '${fake.workspaceId}',
          },
          gates: {
            write: { REFERENCE_ENABLE_WRITES: '1' },
            destructive: { REFERENCE_ENABLE_WRITES: '1' },
          },
          network: 'proxy',
          timeouts: DEFAULT_TIMEOUTS,
          writable: [],
          limits: DEFAULT_LIMITS,
          notes: 'in-repo reference server (from source via tsx)',
        },
      },
    });
  });

  it('prefers the built bundle when the root has one', async () => {
    const root = await mkdtemp(join(tmpdir(), 'bench-root-'));
    await mkdir(join(root, 'dist', 'reference-server'), { recursive: true });
    await writeFile(join(root, 'dist', 'reference-server', 'index.js'), '');
    const reference = defaultBenchConfig(root).servers[REFERENCE_SERVER];
    expect(reference).toMatchObject({
      args: [join(root, 'dist', 'reference-server', 'index.js')],
      notes: 'in-repo reference server (dist/reference-server bundle)',
    });
    // No read-gate entry: a read scenario never enables writes.
    expect(reference?.gates.read).toBeUndefined();
  });
});
