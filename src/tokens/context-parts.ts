import type { ToolDefinition, Trajectory, TurnRecord } from '../trajectory/types.js';

/** A tool as a provider sends it to a model: name, description and input schema, as JSON. */
export function toolDefinitionText(tool: ToolDefinition): string {
  return JSON.stringify({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema: tool.inputSchema,
  });
}

/**
 * What the policy emitted in one turn, as separate messages: its text (if any), then either the
 * tool calls it asked for (JSON of `{name, arguments}`) or, on the final turn, the answer's JSON.
 * The final turn's text is the answer's text.
 */
export function turnOutputParts(trajectory: Trajectory, turn: TurnRecord): string[] {
  const parts = turn.text === '' ? [] : [turn.text];
  const isFinal =
    trajectory.answer !== null && turn.callIndexes.length === 0 && turn === trajectory.turns.at(-1);
  if (isFinal && trajectory.answer) {
    parts.push(JSON.stringify(trajectory.answer.json));
  } else if (turn.callIndexes.length > 0) {
    const requests = turn.callIndexes.map((index) => {
      const call = trajectory.calls[index];
      return { name: call?.name ?? '', arguments: call?.arguments ?? {} };
    });
    parts.push(JSON.stringify(requests));
  }
  return parts;
}

/** The tool results a turn's calls returned, as the next turn's context shows them. */
export function turnResultParts(trajectory: Trajectory, turn: TurnRecord): string[] {
  return turn.callIndexes.map((index) => trajectory.calls[index]?.resultText ?? '');
}
