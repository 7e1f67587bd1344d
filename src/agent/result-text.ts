import type { ToolCallOutcome } from '../trajectory/types.js';

function textOf(block: unknown): string | undefined {
  if (block === null || typeof block !== 'object') return undefined;
  const { type, text } = block as { type?: unknown; text?: unknown };
  return type === 'text' && typeof text === 'string' ? text : undefined;
}

/**
 * The result as a model reads it: the text blocks joined by newlines; without any, the JSON of
 * `structuredContent` (or of the content blocks); for a protocol error, the error itself.
 */
export function resultText(outcome: ToolCallOutcome): string {
  if (outcome.protocolError !== undefined) return `Error: ${outcome.protocolError}`;
  const texts = outcome.content.map(textOf).filter((text) => text !== undefined);
  if (texts.length > 0) return texts.join('\n');
  if (outcome.structuredContent !== undefined) return JSON.stringify(outcome.structuredContent);
  return JSON.stringify(outcome.content);
}
