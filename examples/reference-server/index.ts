import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ConfigError, loadConfig } from './config.js';
import { createReferenceServer, SERVER_NAME } from './server.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${SERVER_NAME}: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const server = createReferenceServer(config);
  const close = (): void => {
    void server.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  await server.connect(new StdioServerTransport());
  process.stderr.write(
    `${SERVER_NAME}: ready on stdio (writes ${config.enableWrites ? 'enabled' : 'disabled'})\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${SERVER_NAME}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
