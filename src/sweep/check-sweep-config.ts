import { BenchError } from '../common/errors.js';
import { didYouMean } from '../common/did-you-mean.js';
import type { SweepSettings } from '../config/types.js';
import type { ToolDefinition } from '../trajectory/types.js';

const where = (settings: SweepSettings, key: string, fallback: string): string => {
  const at = settings.positions[key];
  return at ? `${at.file}:${at.line}:${at.col}` : fallback;
};

/**
 * Checks a server's `sweep:` against the menu it listed: every tool it names is on the menu,
 * every argument is a property of that tool's input schema. Each problem names the file:line,
 * the bad name and the closest right one; all of them are thrown at once (BenchError usage).
 */
export function checkSweepSettings(
  server: string,
  settings: SweepSettings,
  menu: readonly ToolDefinition[],
): void {
  const names = menu.map((t) => t.name);
  const problems: string[] = [];
  const unknownTool = (tool: string, key: string): void => {
    problems.push(
      `${where(settings, key, 'the bench config')}: servers.${server}.sweep names the tool "${tool}", which ${server}'s menu (${names.length} tools) does not have; ${didYouMean(tool, names)}`.trimEnd(),
    );
  };
  for (const [tool, args] of Object.entries(settings.args)) {
    const definition = menu.find((t) => t.name === tool);
    if (!definition) {
      unknownTool(tool, `args/${tool}`);
      continue;
    }
    const properties = Object.keys(
      (definition.inputSchema as { properties?: Record<string, unknown> }).properties ?? {},
    );
    for (const name of Object.keys(args)) {
      if (properties.includes(name)) continue;
      problems.push(
        `${where(settings, `args/${tool}/${name}`, 'the bench config')}: servers.${server}.sweep.args.${tool} sets "${name}", which is not a parameter of ${tool} (its input schema has: ${properties.join(', ') || 'none'}); ${didYouMean(name, properties)}`.trimEnd(),
      );
    }
  }
  for (const tool of Object.keys(settings.skip)) {
    if (!names.includes(tool)) unknownTool(tool, `skip/${tool}`);
  }
  if (problems.length > 0) {
    throw new BenchError('usage', problems.join('\n'), {
      hint: "name tools and arguments as the server's menu does (hpe-mcp-bench run lists it in report.json, servers[].sweep.menu), or remove the entry",
    });
  }
}
