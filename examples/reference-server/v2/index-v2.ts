/**
 * The reference server on the official TypeScript SDK v2 (`@modelcontextprotocol/server` 2.x):
 * the same tools, results and write gate as the SDK 1.x entry (../index.ts), served in an era
 * of MCP chosen on the command line:
 *
 *   index-v2.ts stdio modern         2026-07-28 only (a 2025 initialize is refused with -32022)
 *   index-v2.ts stdio dual           either era (server/discover, or the 2025 initialize)
 *   index-v2.ts http modern --port N 2026-07-28 only, streamable HTTP at /mcp
 *   index-v2.ts http dual --port N   either era (the stateless 2025 fallback beside 2026-07-28)
 *
 * Environment: as ../index.ts (config.ts).
 */
import { createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { ConfigError, loadConfig } from '../config.js';
import { SERVER_NAME, toolShared } from '../server.js';
import { serveFetch } from './node-http.js';
import { createReferenceServerV2 } from './server-v2.js';

/** Where the HTTP mode serves MCP. */
export const MCP_PATH = '/mcp';

function fail(message: string): never {
  process.stderr.write(`${SERVER_NAME}: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const [transport, era] = process.argv.slice(2);
  if ((transport !== 'stdio' && transport !== 'http') || (era !== 'modern' && era !== 'dual')) {
    fail('usage: index-v2.ts stdio|http modern|dual [--port N]');
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const shared = toolShared(config);
  const factory = (ctx: { era: 'legacy' | 'modern' }) => createReferenceServerV2(shared, ctx.era);
  const writes = `writes ${config.enableWrites ? 'enabled' : 'disabled'}`;
  if (transport === 'stdio') {
    serveStdio(factory, { legacy: era === 'modern' ? 'reject' : 'serve' });
    process.stderr.write(`${SERVER_NAME}: ready on stdio, SDK v2, ${era} (${writes})\n`);
    return;
  }
  const at = process.argv.indexOf('--port');
  const port = Number(at < 0 ? Number.NaN : process.argv[at + 1]);
  if (!Number.isInteger(port) || port <= 0) fail('http needs --port N');
  const handler = createMcpHandler(factory, { legacy: era === 'modern' ? 'reject' : 'stateless' });
  const server = await serveFetch(handler.fetch, port, MCP_PATH);
  const close = (): void => {
    void handler.close().finally(() => server.close(() => process.exit(0)));
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  process.stderr.write(
    `${SERVER_NAME}: ready on http://127.0.0.1:${port}${MCP_PATH}, SDK v2, ${era} (${writes})\n`,
  );
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
