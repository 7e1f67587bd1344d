import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  ElicitRequestSchema,
  type CallToolResult,
  type ElicitRequestFormParams,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { FakeCentral } from '../../fake-central/start-fake-central.js';

/** Repository root: the server is spawned from here with tsx, as the benchmark's dev mode does. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const ENTRY_ARGS = ['--import', 'tsx', 'examples/reference-server/index.ts'];

/** A reference server child process and an MCP client connected to it over stdio. */
export interface SpawnedServer {
  client: Client;
  /** Every elicitation message the server sent. */
  prompts: string[];
  /** Every tool result text seen through {@link SpawnedServer.call}. */
  texts: string[];
  stderr(): string;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult & { text: string }>;
  close(): Promise<void>;
}

/** The explicit environment of a server under test: PATH/HOME plus credentials, nothing else. */
export function baseEnv(
  fake: FakeCentral,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    CENTRAL_CLIENT_ID: fake.credentials.clientId,
    CENTRAL_CLIENT_SECRET: fake.credentials.clientSecret,
    REFERENCE_NOW: fake.bundle.now,
    REFERENCE_POLL_INTERVAL_MS: '0',
    ...extra,
  };
}

/**
 * Spawns the server with exactly `env`. With `elicit`, the client declares form elicitation
 * and answers each confirmation request with it; without, the client cannot elicit.
 */
export async function spawnReference(
  env: Record<string, string>,
  elicit?: (params: ElicitRequestFormParams) => ElicitResult,
): Promise<SpawnedServer> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ENTRY_ARGS,
    cwd: REPO_ROOT,
    env,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client(
    { name: 'reference-e2e', version: '1.0.0' },
    { capabilities: elicit ? { elicitation: { form: {} } } : {} },
  );
  const prompts: string[] = [];
  const texts: string[] = [];
  if (elicit) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      const params = request.params as ElicitRequestFormParams;
      prompts.push(params.message);
      return elicit(params);
    });
  }
  await client.connect(transport);
  return {
    client,
    prompts,
    texts,
    stderr: () => stderr,
    async call(name, args = {}) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
      texts.push(text);
      return { ...result, text };
    },
    close: () => client.close(),
  };
}
