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

const INSTRUCTIONS =
  'Tools for HPE Aruba Networking Central and HPE GreenLake. Read tools are safe. Write and ' +
  'destructive tools are off unless REFERENCE_ENABLE_WRITES=1 and ask the user to confirm each ' +
  'change. Secrets in results are masked as ********.';

/** Test seams; production uses undici's proxy-aware fetch and the wall clock. */
export interface ServerOptions {
  fetch?: FetchLike;
}

/** Builds the server with every tool registered; it makes no API call until a tool runs. */
export function createReferenceServer(
  config: ReferenceConfig,
  options: ServerOptions = {},
): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  const redactor = new SecretRedactor();
  redactor.remember(config.clientSecret);
  const ctx: ToolContext = {
    server,
    central: new CentralClient(config, redactor, ...(options.fetch ? [options.fetch] : [])),
    config,
    redactor,
    now: () => config.fixedNow ?? new Date(),
  };
  registerClientDiagnosisTools(ctx);
  registerSiteDeviceHealthTools(ctx);
  registerWlanChangeTools(ctx);
  registerNacTools(ctx);
  registerFirmwareTools(ctx);
  registerConfigComplianceTools(ctx);
  registerAlertTools(ctx);
  registerIncidentResponseTools(ctx);
  registerGreenlakeTools(ctx);
  return server;
}
