/**
 * The system prompt of the `llm` policy. Its version goes into the report's settings and the
 * comparability stamp: edit the text only together with a new version, since a baseline made
 * with another prompt is not compared on model-dependent metrics.
 */
export const LLM_PROMPT_VERSION = 'llm-system-1';

/** The name of the tool the model answers with (mapped if a server lists a tool of that name). */
export const FINAL_ANSWER_TOOL = 'final_answer';

/** The prompt; `finalTool` is the final-answer tool's name as the model sees it. */
export function llmSystemPrompt(finalTool: string): string {
  return [
    'You are a network operations assistant for HPE Aruba Networking Central and HPE GreenLake.',
    'Use the available tools to complete the user request. Call a tool only when you need its data',
    'or its action; never make a configuration change the user did not ask for.',
    `When you are done, call the ${finalTool} tool exactly once, alone, with the facts you found;`,
    'its input schema says which fields the answer holds. Do not call any tool after it.',
  ].join('\n');
}
