/**
 * A harness process for the sandbox tests: started with secrets in its own initial environment
 * (as the action is on a runner), it launches test/mcp-servers/sandbox-probe-server.ts through
 * launchServer with `--sandbox <argv[2]>`, calls read_environs, and prints what the server read.
 */
import { startFakeCentral } from '../../fake-central/index.js';
import { launchServer } from '../../src/servers/launch/launch-server.js';
import type { SandboxMode } from '../../src/config/types.js';
import { REPO_ROOT, stdioTestServer, workDir } from './servers/launch/test-servers.js';
import { bundledArgs } from './bundled-servers.js';

const fake = await startFakeCentral();
try {
  const session = await launchServer({
    name: 'probe',
    config: stdioTestServer(undefined, {
      args: bundledArgs(['--import', 'tsx', 'test/mcp-servers/sandbox-probe-server.ts']),
    }),
    fake,
    writeGate: 'read',
    workDir: await workDir(),
    baseDir: REPO_ROOT,
    sandbox: (process.argv[2] ?? 'auto') as SandboxMode,
  });
  try {
    const outcome = await session.callTool({ name: 'read_environs', arguments: {} }, () => {});
    const first = outcome.content[0] as { text?: string } | undefined;
    process.stdout.write(first?.text ?? JSON.stringify(outcome));
  } finally {
    await session.close();
  }
} finally {
  await fake.close();
}
