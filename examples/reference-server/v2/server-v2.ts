import {
  CLIENT_CAPABILITIES_META_KEY,
  inputRequired,
  inputResponse,
  McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import {
  INSTRUCTIONS,
  registerReferenceTools,
  SERVER_NAME,
  SERVER_VERSION,
  type ToolShared,
} from '../server.js';
import type { ToolHost } from '../tools/define-tool.js';
import type { ElicitingServer, ToolResult } from '../write-gate.js';

/** The key the write gate's confirmation travels under in an input_required result. */
const CONFIRM = 'confirm';

/**
 * The confirmation channel of one call on the 2026-07-28 era: the first call returns an
 * input_required result with the elicitation, and the client's retry carries the answer in
 * `inputResponses` (multi round-trip requests). The client's capabilities come with every
 * request (its `_meta` envelope), not from an initialize.
 */
function modernEliciting(server: McpServer, ctx: ServerContext): ElicitingServer {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return {
    getClientCapabilities: () =>
      (envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ??
      server.server.getClientCapabilities(),
    elicitInput: (params) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, CONFIRM);
      if (answer.kind === 'elicit') {
        return Promise.resolve({
          action: answer.action,
          ...(answer.content === undefined
            ? {}
            : { content: answer.content as Record<string, string | number | boolean | string[]> }),
        });
      }
      const defer = inputRequired({ inputRequests: { [CONFIRM]: inputRequired.elicit(params) } });
      return Promise.resolve({ defer: defer as unknown as ToolResult });
    },
  };
}

/** On the 2025 era the gate asks with `elicitation/create`, related to the call being served. */
function legacyEliciting(server: McpServer, ctx: ServerContext): ElicitingServer {
  return {
    getClientCapabilities: () => server.server.getClientCapabilities(),
    elicitInput: (params) => ctx.mcpReq.elicitInput(params),
  };
}

/**
 * The reference server's tools on the official TypeScript SDK v2 (`@modelcontextprotocol/server`
 * 2.x), for one era: the v2 serving entries (serveStdio, createMcpHandler) call this per
 * connection or request with the era they serve. The tools, their results and the write gate
 * are the SDK 1.x server's (server.ts); `shared` (the Central client, its token, the redactor)
 * lives as long as the process.
 */
export function createReferenceServerV2(shared: ToolShared, era: 'legacy' | 'modern'): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  const host: ToolHost = {
    registerTool: (name, config, callback) =>
      // The raw zod shape, as SDK 1.x takes it (v2 wraps it in z.object); the callback's type is
      // conditional on the shape, so neither resolves for a shape only known at run time.
      server.registerTool(
        name,
        config as unknown as Parameters<McpServer['registerTool']>[1],
        callback as unknown as Parameters<McpServer['registerTool']>[2],
      ),
    eliciting: (extra) =>
      (era === 'modern' ? modernEliciting : legacyEliciting)(server, extra as ServerContext),
  };
  registerReferenceTools({ ...shared, host });
  return server;
}
