import { escapeMarkdown as md } from '../report/markdown-escape.js';
import { describeEndpointDiff } from './call-diff.js';
import type { ToolRegression } from './types.js';

const SHOWN_TOOLS = 10;
const SHOWN_FACTS = 6;
const ANSWER_CHARS = 200;

const cut = (text: string, max: number): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
};

/**
 * The comment's first screen when scenarios regressed: per MCP tool, the scenarios it broke,
 * what changed in its calls, the facts now missing, the first of its answer and what to do.
 */
export function toolRegressionSection(tools: readonly ToolRegression[]): string[] {
  if (tools.length === 0) return [];
  const out = ['**What broke** (per MCP tool)', ''];
  for (const t of tools.slice(0, SHOWN_TOOLS)) {
    out.push(`- **${md(t.tool)}** (${md(t.server)}): ${t.scenarios.map(md).join(', ')}`);
    if (t.endpoints.length > 0)
      out.push(
        `  - calls: ${t.endpoints
          .slice(0, 3)
          .map((e) => md(describeEndpointDiff(e)))
          .join('; ')}`,
      );
    if (t.missingFacts.length > 0) {
      const more = t.missingFacts.length - SHOWN_FACTS;
      out.push(
        `  - missing facts: ${t.missingFacts.slice(0, SHOWN_FACTS).map(md).join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
      );
    }
    out.push(`  - answer: ${md(cut(t.answer, ANSWER_CHARS))}`);
    out.push(`  - what to do: ${md(t.whatToDo)}`);
  }
  if (tools.length > SHOWN_TOOLS)
    out.push(`- … and ${tools.length - SHOWN_TOOLS} more tool(s) (see the job summary)`);
  out.push('');
  return out;
}
