/**
 * A published, thin adapter for servers that hide their tools behind a meta tool (nowireless4u's
 * dynamic mode: `central_invoke_tool(name, params)`): a planned call to a tool the server does not
 * list is sent through the router tool instead. The trajectory keeps the inner tool name, so tool
 * selection is scored on the tool actually chosen, while the token count still sees the menu the
 * server really lists.
 */
import type { RouterConfig } from '../../config/types.js';
import type { ToolCallOutcome } from '../../trajectory/types.js';
import type { ServerSession } from '../types.js';

// The string statuses a router answers with instead of the inner tool's result, and the
// `ok: false` of a failed envelope (nowireless4u: platforms/_common/meta_tools.py:494-577 and
// middleware/response_envelope.py:102-111,316-330 @91fe984).
const FAILED_STATUSES = new Set([
  'not_found',
  'forbidden',
  'invalid_params',
  'tool_error',
  'confirmation_required',
  'confirmation_unavailable',
  'declined',
  'cancelled',
]);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function resultObject(outcome: ToolCallOutcome): Json | undefined {
  if (isObject(outcome.structuredContent)) return outcome.structuredContent;
  const text = outcome.content.find(
    (block): block is { type: 'text'; text: string } =>
      isObject(block) && block.type === 'text' && typeof block.text === 'string',
  );
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text.text);
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

const stringStatus = (value: Json | undefined): string | undefined =>
  typeof value?.status === 'string' ? value.status : undefined;

/**
 * What a router's answer says about the inner call: failed (the router refused or the inner tool
 * failed, `ok: false`) and whether the inner tool does not exist on the server at all.
 */
export function judgeRoutedOutcome(outcome: ToolCallOutcome): {
  failed: boolean;
  unknownTool: boolean;
  message: string;
} {
  const body = resultObject(outcome);
  const inner = isObject(body?.data) ? body.data : undefined;
  const statuses = [stringStatus(body), stringStatus(inner)].filter((s) => s !== undefined);
  const unknownTool = statuses.includes('not_found');
  const failed =
    outcome.isError ||
    outcome.protocolError !== undefined ||
    body?.ok === false ||
    statuses.some((s) => FAILED_STATUSES.has(s));
  const message = [body?.message, inner?.message].find((m) => typeof m === 'string');
  return { failed, unknownTool, message: typeof message === 'string' ? message : '' };
}

function metaToolFor(name: string, router: RouterConfig): string {
  let best: { prefix: string; tool: string } | undefined;
  for (const [prefix, tool] of Object.entries(router.byPrefix ?? {})) {
    if (name.startsWith(prefix) && prefix.length > (best?.prefix.length ?? -1)) {
      best = { prefix, tool };
    }
  }
  return best?.tool ?? router.tool;
}

/**
 * Wraps a session so unlisted tools are called through the router; listed ones go direct. A
 * routed call the router reports as failed is an error result (`isError`), and one whose inner
 * tool the server does not have is marked `routed.unknownTool`, so it is not scored as a
 * correct selection.
 */
export function withRouter(session: ServerSession, router: RouterConfig): ServerSession {
  const listed = new Set(session.tools.map((t) => t.name));
  return {
    ...session,
    callTool: async (request, onElicitation) => {
      const meta = metaToolFor(request.name, router);
      if (listed.has(request.name) || !listed.has(meta)) {
        return session.callTool(request, onElicitation);
      }
      const outcome = await session.callTool(
        {
          name: meta,
          arguments: {
            [router.nameArgument]: request.name,
            [router.argumentsArgument]: request.arguments,
          },
        },
        onElicitation,
      );
      if (outcome.protocolError !== undefined) return outcome;
      const judged = judgeRoutedOutcome(outcome);
      return {
        ...outcome,
        isError: judged.failed,
        routed: { tool: meta, unknownTool: judged.unknownTool },
      };
    },
    close: () => session.close(),
    stderrTail: () => session.stderrTail(),
  };
}
