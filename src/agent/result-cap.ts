/**
 * The largest tool result, in characters of its text, that is scored as it is: a result over it
 * is cut to its first MAX_RESULT_CHARS for the model's context, token counting, facts and the
 * answer, and the run says so (`oversized_results`). The leak check still reads all of it.
 */
export const MAX_RESULT_CHARS = 1024 * 1024;

/** The text to score and, when it was cut, a line saying what was cut. */
export function capResultText(text: string, label: string): { text: string; oversized?: string } {
  if (text.length <= MAX_RESULT_CHARS) return { text };
  return {
    text: text.slice(0, MAX_RESULT_CHARS),
    oversized: `${label}: ${text.length} characters, over the ${MAX_RESULT_CHARS / 1024 / 1024} MiB cap; scored on the first ${MAX_RESULT_CHARS}`,
  };
}
