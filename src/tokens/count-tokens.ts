import type { ToolDefinition, Trajectory } from '../trajectory/types.js';
import type { TokenUsage } from '../metrics/types.js';
import type { Scenario } from '../scenarios/types.js';
import { toolDefinitionText, turnOutputParts, turnResultParts } from './context-parts.js';
import { countText, MAX_EXACT_CHARS, tokenCount, type TokenizerName } from './encoders.js';
import { SYSTEM_PROMPT } from './system-prompt.js';

export {
  loadTokenizer,
  MAX_EXACT_CHARS,
  TOKENIZERS,
  DEFAULT_TOKENIZER,
  type TokenizerName,
} from './encoders.js';

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

// Texts every run of a server repeats (tool definitions, the system prompt, intents): counted
// once per process rather than once per run. Bounded so a long-lived process cannot grow it.
const REPEATED_LIMIT = 20_000;
const repeated = new Map<string, number>();

/** tokenCount of a text that recurs across runs, memoised per tokenizer. */
function repeatedCount(encoding: TokenizerName, text: string): number {
  const key = `${encoding}\0${text}`;
  let count = repeated.get(key);
  if (count === undefined) {
    count = tokenCount(encoding, text);
    if (repeated.size >= REPEATED_LIMIT) repeated.clear();
    repeated.set(key, count);
  }
  return count;
}

/**
 * Tokens of the tool menu: each tool's definition JSON (name, description, inputSchema) counted
 * on its own, heaviest first (ties by name), and their total — the same total `countTokens`
 * reports as `menu`. Tokenizers other than cl100k_base need {@link loadTokenizer} first.
 */
export function menuBreakdown(
  tools: readonly ToolDefinition[],
  encoding: TokenizerName,
): { total: number; tools: { name: string; tokens: number }[] } {
  const rows = tools.map((tool) => ({
    name: tool.name,
    tokens: repeatedCount(encoding, toolDefinitionText(tool)),
  }));
  rows.sort((a, b) => b.tokens - a.tokens || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { total: sum(rows.map((row) => row.tokens)), tools: rows };
}

/**
 * The tokens a model would have spent on this run (provenance `computed`). Every turn's input
 * is the context it would be sent — the fixed system prompt, the tool definitions, the intent
 * and all earlier turns (the assistant's messages and the tool results, as `resultText`) — and
 * `input` sums those contexts over the turns. `output` sums what the policy emitted: its text,
 * its tool calls as JSON, and the final answer's text and JSON. Each message is encoded on its
 * own; the few framing tokens a provider adds per message are not guessed. Deterministic for
 * equal trajectories. Tokenizers other than cl100k_base need {@link loadTokenizer} first.
 */
export function countTokens(
  trajectory: Trajectory,
  scenario: Scenario,
  encoding: TokenizerName,
): TokenUsage {
  let estimated = false;
  const count = (texts: readonly string[]): number =>
    sum(
      texts.map((text) => {
        const counted = countText(encoding, text);
        estimated ||= counted.estimated;
        return counted.count;
      }),
    );
  const menu = menuBreakdown(trajectory.tools, encoding).total;
  // The memoised texts are extrapolated past MAX_EXACT_CHARS too (encoders.ts).
  estimated ||= [scenario.intent, ...trajectory.tools.map(toolDefinitionText)].some(
    (text) => text.length > MAX_EXACT_CHARS,
  );
  const fixed =
    repeatedCount(encoding, SYSTEM_PROMPT) + repeatedCount(encoding, scenario.intent) + menu;
  let input = 0;
  let output = 0;
  let transcript = 0;
  for (const turn of trajectory.turns) {
    input += fixed + transcript;
    const emitted = count(turnOutputParts(trajectory, turn));
    output += emitted;
    transcript += emitted + count(turnResultParts(trajectory, turn));
  }
  return {
    input,
    output,
    total: input + output,
    menu,
    // A text past MAX_EXACT_CHARS was extrapolated: say so rather than pass it off as counted.
    provenance: estimated ? 'estimated' : 'computed',
    tokenizer: encoding,
  };
}
