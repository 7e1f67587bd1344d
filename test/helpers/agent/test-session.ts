import type { ServerSession } from '../../../src/servers/types.js';
import type {
  ToolCallOutcome,
  ToolCallRequest,
  ToolDefinition,
} from '../../../src/trajectory/types.js';

/** A tool's behaviour in a stub session: it may ask for confirmation through `elicit`. */
export type StubTool = (
  args: Record<string, unknown>,
  elicit: (message: string, action: 'accept' | 'decline' | 'cancel') => void,
) => ToolCallOutcome | Promise<ToolCallOutcome>;

/** A text result. */
export const text = (value: string): ToolCallOutcome => ({
  content: [{ type: 'text', text: value }],
  isError: false,
});

/**
 * An in-memory ServerSession for loop tests: each tool is a function; unknown tools answer as
 * the SDK does (-32602). Records every request it received.
 */
export function stubSession(
  tools: Record<string, StubTool>,
  options: { stderr?: string; startupMs?: number } = {},
): ServerSession & { requests: ToolCallRequest[] } {
  const requests: ToolCallRequest[] = [];
  const definitions: ToolDefinition[] = Object.keys(tools).map((name) => ({
    name,
    description: `${name} (stub)`,
    inputSchema: { type: 'object' },
  }));
  return {
    requests,
    serverInfo: { name: 'stub', version: '0.0.0' },
    tools: definitions,
    startupMs: options.startupMs ?? 12,
    async callTool(request, onElicitation) {
      requests.push(request);
      const tool = tools[request.name];
      if (!tool) {
        return {
          content: [],
          isError: true,
          protocolError: `MCP error -32602: Tool ${request.name} not found`,
        };
      }
      return tool(request.arguments, onElicitation);
    },
    stderrTail: () => options.stderr ?? '',
    close: () => Promise.resolve(),
  };
}

/** Never settles: a hung server. */
export const hang = (): Promise<ToolCallOutcome> => new Promise<ToolCallOutcome>(() => undefined);
