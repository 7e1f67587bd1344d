import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReferenceConfig } from './config.js';
import { CentralClient } from './http/central-client.js';
import type { FetchLike } from './http/fetch-like.js';
import { SecretRedactor } from './mask-secrets.js';
import { registerAlertTools } from './tools/alerts.js';
import { registerClientDiagnosisTools } from './tools/client-diagnosis.js';
import { registerConfigComplianceTools } from './tools/config-compliance.js';
import type { ToolContext } from './tools/define-tool.js';
import { registerFirmwareTools } from './tools/firmware.js';
import { registerGreenlakeTools } from './tools/greenlake.js';
import { registerIncidentResponseTools } from './tools/incident-response.js';
import { registerNacTools } from './tools/nac.js';
import { registerSiteDeviceHealthTools } from './tools/site-device-health.js';
import { registerWlanChangeTools } from './tools/wlan-change.js';

/** MCP server name the benchmark reports. */
export const SERVER_NAME = 'hpe-reference-mcp';
/** Bumped with any change to the tool menu or behaviour. */
export const SERVER_VERSION = '0.1.0';

/** What the server tells a client about itself (both SDKs' entries). */
export const INSTRUCTIONS =
  'Tools for HPE Aruba Networking Central and HPE GreenLake. Read tools are safe. Write and ' +
  'destructive tools are off unless REFERENCE_ENABLE_WRITES=1 and ask the user to confirm each ' +
  'change. Secrets in results are masked as ********.';

/** Test seams; production uses undici's proxy-aware fetch and the wall clock. */
export interface ServerOptions {
  fetch?: FetchLike;
}

/** The state every tool shares (the Central client and its token, the redactor, the clock). */
export type ToolShared = Omit<ToolContext, 'host'>;

/** The shared state of one server process: built once, whatever serves its tools. */
export function toolShared(config: ReferenceConfig, options: ServerOptions = {}): ToolShared {
  const redactor = new SecretRedactor();
  redactor.remember(config.clientSecret);
  return {
    central: new CentralClient(config, redactor, ...(options.fetch ? [options.fetch] : [])),
    config,
    redactor,
    now: () => config.fixedNow ?? new Date(),
  };
}

/** Registers every tool of the reference server on `ctx.host`. */
export function registerReferenceTools(ctx: ToolContext): void {
  registerClientDiagnosisTools(ctx);
  registerSiteDeviceHealthTools(ctx);
  registerWlanChangeTools(ctx);
  registerNacTools(ctx);
  registerFirmwareTools(ctx);
  registerConfigComplianceTools(ctx);
  registerAlertTools(ctx);
  registerIncidentResponseTools(ctx);
  registerGreenlakeTools(ctx);
}

/** Builds the server (SDK 1.x) with every tool registered; it makes no API call until a tool runs. */
export function createReferenceServer(
  config: ReferenceConfig,
  options: ServerOptions = {},
): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  registerReferenceTools({
    ...toolShared(config, options),
    host: {
      // The SDK's callback type is conditional on the shape; it resolves only for concrete shapes.
      registerTool: (name, config, callback) => server.registerTool(name, config, callback),
      // On the 2025 era the gate asks through the server itself (elicitation/create).
      eliciting: () => server.server,
    },
  });
  return server;
}
