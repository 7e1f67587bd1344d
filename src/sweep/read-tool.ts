import type { ToolDefinition } from '../trajectory/types.js';

const READ_VERB =
  /^(?:[a-z0-9]+_)?(get|list|show|search|find|describe|fetch|query|read|check|count|summari[sz]e|view|lookup|inspect|diagnose|monitor|analy[sz]e|compare|explain|troubleshoot)(_|-|[A-Z]|$)/i;
const WRITE_WORD =
  /(^|_|-|[a-z](?=[A-Z]))(create|update|delete|remove|set|add|register|unregister|enable|disable|reboot|restart|apply|assign|unassign|move|rename|upgrade|push|write|run|trigger|clear|reset|post|put|patch|provision|claim|invite|revoke|block|unblock|disconnect|deauth|bounce|commit|deploy|import|execute|send|start|stop|cancel)(?=$|_|-|[A-Z])/i;

/**
 * Whether the sweep may call a tool in `read` mode: its annotations say `readOnlyHint: true`;
 * a tool that says `readOnlyHint: false` or `destructiveHint: true` may write; without either,
 * its name decides: it starts with a read verb (`get_`, `list_`, `show…`, after one namespace
 * word such as `central_`) and has no write word
 * anywhere (`get_or_create_…`). A read tool that writes anyway is caught: `unsafe`.
 */
export function isReadTool(tool: ToolDefinition): boolean {
  const hints = tool.annotations as
    { readOnlyHint?: unknown; destructiveHint?: unknown } | undefined;
  if (hints?.readOnlyHint === true) return true;
  if (hints?.readOnlyHint === false || hints?.destructiveHint === true) return false;
  const verb = READ_VERB.exec(tool.name);
  return verb !== null && !WRITE_WORD.test(tool.name.slice(verb[0].length - 1));
}
