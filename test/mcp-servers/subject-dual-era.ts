/**
 * Fault subject: a dual-era server (either era on one stdio pipe) that cannot ask for
 * confirmation on 2026-07-28, the shape of secure-ssid at 9c7df43: its SDK (mcp 2.0.0) refuses
 * server-to-client requests on a modern session, so its write gate fails and sends nothing,
 * while the 2025 `initialize` session asks (elicitation/create) and writes. Otherwise the v2
 * reference server (examples/reference-server/v2): the same tools and results in both eras.
 * A 2025-era client sees every write work; a 2026-07-28 one sees each confirmed write refused.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { loadConfig } from '../../examples/reference-server/config.js';
import {
  INSTRUCTIONS,
  registerReferenceTools,
  SERVER_NAME,
  SERVER_VERSION,
  toolShared,
} from '../../examples/reference-server/server.js';
import type { ToolHost } from '../../examples/reference-server/tools/define-tool.js';

const shared = toolShared(loadConfig(process.env));

function create(era: 'legacy' | 'modern'): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  const host: ToolHost = {
    registerTool: (name, config, callback) =>
      server.registerTool(
        name,
        config as unknown as Parameters<McpServer['registerTool']>[1],
        callback as unknown as Parameters<McpServer['registerTool']>[2],
      ),
    eliciting: (extra) => {
      const ctx = extra as { mcpReq: { elicitInput: (p: unknown) => Promise<never> } };
      return {
        // It believes the client can confirm (it declared form elicitation)...
        getClientCapabilities: () => ({ elicitation: { form: {} } }),
        // ...but on 2026-07-28 its SDK refuses to send the request.
        elicitInput: (params) =>
          era === 'modern'
            ? Promise.reject(
                new Error('server-to-client requests are not allowed on a 2026-07-28 session'),
              )
            : ctx.mcpReq.elicitInput(params),
      };
    },
  };
  registerReferenceTools({ ...shared, host });
  return server;
}

serveStdio((ctx: { era: 'legacy' | 'modern' }) => create(ctx.era), { legacy: 'serve' });
process.stderr.write(`${SERVER_NAME}: ready on stdio, dual-era, no elicitation on 2026-07-28\n`);
