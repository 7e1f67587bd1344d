import { errorAt, type YamlDocument } from '../common/yaml-source.js';
import type { FixtureIndex } from './fixture-index.js';
import { readReference, referencesIn, sourceStep } from './plan-reference.js';
import type { Scenario, ScenarioError } from './types.js';

/**
 * A client's MAC address: the id a client lookup finds and a user rarely types. Serials and site
 * ids are not flagged yet: the plans repeat them after lookups of other things (a site's health,
 * an alert) far too often for a static check to tell a replayed id from a known one.
 */
const ID_SHAPE = /^[0-9a-f]{2}(?::[0-9a-f]{2}){5}$/i;

function literals(
  value: unknown,
  at: (string | number)[] = [],
): { at: (string | number)[]; value: string }[] {
  if (typeof value === 'string') return [{ at, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => literals(v, [...at, i]));
  if (value !== null && typeof value === 'object' && !('$from' in value))
    return Object.entries(value).flatMap(([k, v]) => literals(v, [...at, k]));
  return [];
}

/**
 * Each plan's references (`{ $from, path }`, plan-reference.ts) must be well formed and read a
 * step that runs before them; a literal client MAC in a later step that the intent does not
 * give that the fixture holds is flagged as a warning: an earlier call of the
 * plan should have found it, and a plan that replays it passes when that lookup breaks.
 */
export function planChecks(
  scenario: Scenario,
  document: YamlDocument,
  fixtures: FixtureIndex,
): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const haveFixture = fixtures.exists(scenario.fixture);
  for (const [server, plan] of Object.entries(scenario.plans)) {
    plan.forEach((step, index) => {
      const tools = plan.slice(0, index).map((s) => s.tool);
      for (const { at, value } of referencesIn(step.arguments)) {
        const path = ['plans', server, index, 'arguments', ...at];
        const ref = readReference(value);
        if (typeof ref === 'string') {
          errors.push(
            errorAt(document, path, `invalid reference: ${ref}`, {
              hint: "write { $from: list_clients, path: 'clients[0].macAddress' }",
            }),
          );
        } else if (sourceStep(ref.from, tools) === null) {
          errors.push(
            errorAt(document, path, `$from ${String(ref.from)} names no step before this one`, {
              hint: `earlier steps: ${tools.join(', ') || 'none'} (a tool name or a step number from 1)`,
            }),
          );
        }
      }
      if (index === 0 || !haveFixture) return;
      for (const { at, value } of literals(step.arguments)) {
        if (!ID_SHAPE.test(value)) continue;
        if (scenario.intent.toLowerCase().includes(value.toLowerCase())) continue;
        if (!fixtures.contains(scenario.fixture, value)) continue;
        errors.push({
          ...errorAt(
            document,
            ['plans', server, index, 'arguments', ...at],
            `plans.${server} step ${index + 1} replays ${JSON.stringify(value)}, a fixture value the intent does not give: an earlier step (${tools.join(', ')}) should find it`,
            { hint: "take it from that step's result: { $from: <tool>, path: '<path>' }" },
          ),
          warning: true,
        });
      }
    });
  }
  return errors;
}
