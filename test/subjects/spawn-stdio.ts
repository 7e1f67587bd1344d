import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FakeCentral } from '../../fake-central/index.js';

/** Repository root: commands and paths below are relative to it. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The Python reference server, from the venv that `npm test`'s pretest makes. */
export const PYTHON_REFERENCE = {
  command: `${REPO_ROOT}.venv/bin/python`,
  args: ['examples/python-reference-server/server.py'],
};
/** The TypeScript reference server, from source. */
export const TS_REFERENCE = {
  command: process.execPath,
  args: ['--import', 'tsx', 'examples/reference-server/index.ts'],
};

/** A stdio MCP server under a plain SDK client (no harness in between). */
export interface StdioServer {
  client: Client;
  stderr(): string;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/**
 * Spawns `command` with only PATH/HOME, the fake's credentials and its proxy/CA variables, so
 * the server reaches the fake through its production URLs as it would in a benchmark run.
 */
export async function spawnStdio(
  fake: FakeCentral,
  server: { command: string; args: string[] },
): Promise<StdioServer> {
  const transport = new StdioClientTransport({
    command: server.command,
    args: server.args,
    cwd: REPO_ROOT,
    stderr: 'pipe',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      CENTRAL_CLIENT_ID: fake.credentials.clientId,
      CENTRAL_CLIENT_SECRET: fake.credentials.clientSecret,
      // Both reference servers read it, so their time windows (start-at/end-at) are identical.
      REFERENCE_NOW: fake.bundle.now,
      ...fake.serverEnv(),
    },
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'subjects-test', version: '0.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    call: async (name, args) =>
      (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}
