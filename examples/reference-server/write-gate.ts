import type {
  CallToolResult,
  ClientCapabilities,
  ElicitRequestFormParams,
  ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * What a tool returns: a result, or (MCP 2026-07-28) an `input_required` result that asks the
 * client for input and is answered by a retry of the call; the SDK v2 tells it by its
 * `resultType`, so one (loose) type carries both.
 */
export type ToolResult = CallToolResult;

/**
 * The part of the SDK's Server the gate needs (an interface, so tests can stub it). On the 2025
 * era `elicitInput` sends `elicitation/create` and resolves with the answer; on 2026-07-28 the
 * first call resolves with `{ defer }`, the input_required result to return, and the retry of
 * the call with the answer the client sent back.
 */
export interface ElicitingServer {
  getClientCapabilities(): ClientCapabilities | undefined;
  elicitInput(params: ElicitRequestFormParams): Promise<ElicitResult | { defer: ToolResult }>;
}

/** What the user is asked to approve. `summary` must already be free of secrets. */
export interface WriteRequest {
  tool: string;
  summary: string;
  destructive: boolean;
}

/** Proceed, or the tool result to return instead (no API call has been made). */
export type GateDecision = { proceed: true } | { proceed: false; result: ToolResult };

const CONFIRM_SCHEMA: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    confirm: {
      type: 'boolean',
      title: 'Confirm',
      description: 'Set to true to make this change in Central.',
    },
  },
  required: ['confirm'],
};

function refuse(text: string, isError: boolean, reason: string): GateDecision {
  return {
    proceed: false,
    result: {
      isError,
      content: [{ type: 'text', text }],
      structuredContent: { changed: false, reason },
    },
  };
}

function supportsFormElicitation(caps: ClientCapabilities | undefined): boolean {
  const e = caps?.elicitation;
  // A bare `elicitation: {}` (pre-2025-11 clients) means form mode.
  return e !== undefined && (e.form !== undefined || e.url === undefined);
}

/**
 * The confirmation gate in front of every write: (1) writes must be enabled by
 * REFERENCE_ENABLE_WRITES=1, (2) the client must support elicitation, (3) the user must accept
 * with `confirm: true`. Anything else returns a result that says no change was made.
 */
export async function confirmWrite(
  server: ElicitingServer,
  writesEnabled: boolean,
  request: WriteRequest,
): Promise<GateDecision> {
  if (!writesEnabled) {
    return refuse(
      `${request.tool}: writes are disabled; set REFERENCE_ENABLE_WRITES=1 to allow them. No change was made.`,
      true,
      'writes_disabled',
    );
  }
  if (!supportsFormElicitation(server.getClientCapabilities())) {
    return refuse(
      `${request.tool}: this change needs the user's confirmation, but the MCP client does not support elicitation, so it was refused. No change was made.`,
      true,
      'elicitation_unsupported',
    );
  }
  let answer: ElicitResult;
  try {
    const asked = await server.elicitInput({
      mode: 'form',
      message: `${request.destructive ? 'DESTRUCTIVE change' : 'Change'} requested by ${request.tool}: ${request.summary}. Confirm?`,
      requestedSchema: CONFIRM_SCHEMA,
    });
    if ('defer' in asked && asked.defer !== undefined) {
      return { proceed: false, result: asked.defer as ToolResult };
    }
    answer = asked as ElicitResult;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return refuse(
      `${request.tool}: confirmation failed (${why}). No change was made.`,
      true,
      'confirmation_failed',
    );
  }
  if (answer.action === 'accept' && answer.content?.confirm === true) return { proceed: true };
  const how = { accept: 'did not confirm', decline: 'declined', cancel: 'cancelled' }[
    answer.action
  ];
  return refuse(
    `${request.tool}: the user ${how} the change. No change was made.`,
    false,
    'not_confirmed',
  );
}
