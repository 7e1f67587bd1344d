import { didYouMean } from '../common/did-you-mean.js';
import { errorAt, type YamlDocument } from '../common/yaml-source.js';
import type { Scenario, ScenarioError } from './types.js';

/**
 * `expect.fact_sources` must name facts the scenario has, servers it expects and, for each, tools
 * among that server's expected tools: a source the run can never call would fail every run, and
 * one naming another fact or server would silently restrict nothing.
 */
export function factSourceChecks(scenario: Scenario, document: YamlDocument): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const facts = Object.keys(scenario.expect.facts);
  const servers = Object.keys(scenario.expected_tools);
  for (const [fact, byServer] of Object.entries(scenario.expect.fact_sources ?? {})) {
    const at = ['expect', 'fact_sources', fact];
    if (!facts.includes(fact)) {
      errors.push(
        errorAt(document, at, `fact_sources names ${JSON.stringify(fact)}, which is not a fact`, {
          hint: `${didYouMean(fact, facts)}facts: ${facts.join(', ') || 'none'}`,
        }),
      );
      continue;
    }
    for (const [server, tools] of Object.entries(byServer)) {
      const expected = scenario.expected_tools[server];
      if (!expected) {
        errors.push(
          errorAt(
            document,
            [...at, server],
            `fact_sources.${fact} names ${JSON.stringify(server)}, which has no expected_tools entry`,
            { hint: `${didYouMean(server, servers)}servers: ${servers.join(', ')}` },
          ),
        );
        continue;
      }
      tools.forEach((tool, index) => {
        if (expected.includes(tool)) return;
        errors.push(
          errorAt(
            document,
            [...at, server, index],
            `fact_sources.${fact}.${server} names ${JSON.stringify(tool)}, which is not among ${server}'s expected tools`,
            { hint: `${didYouMean(tool, expected)}expected: ${expected.join(', ')}` },
          ),
        );
      });
    }
  }
  return errors;
}
