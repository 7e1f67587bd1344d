import type { ServerSession } from './types.js';

/**
 * A published, thin adapter for servers that hide their tools behind a meta tool (nowireless4u's
 * dynamic mode: `central_invoke_tool(name, params)`): a planned call to a tool the server does not
 * list is sent through the router tool instead. The trajectory keeps the inner tool name, so tool
 * selection is scored on the tool actually chosen, while the token count still sees the menu the
 * server really lists.
 */
export interface RouterConfig {
  /** The meta tool, e.g. `central_invoke_tool`. */
  tool: string;
  /** Its argument that names the inner tool, e.g. `name`. */
  nameArgument: string;
  /** Its argument that carries the inner arguments, e.g. `params`. */
  argumentsArgument: string;
}

/** Wraps a session so unlisted tools are called through the router; listed ones go direct. */
export function withRouter(session: ServerSession, router: RouterConfig): ServerSession {
  const listed = new Set(session.tools.map((t) => t.name));
  return {
    ...session,
    callTool: (request, onElicitation) =>
      listed.has(request.name) || !listed.has(router.tool)
        ? session.callTool(request, onElicitation)
        : session.callTool(
            {
              name: router.tool,
              arguments: {
                [router.nameArgument]: request.name,
                [router.argumentsArgument]: request.arguments,
              },
            },
            onElicitation,
          ),
    close: () => session.close(),
    stderrTail: () => session.stderrTail(),
  };
}
