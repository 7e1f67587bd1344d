import { itemsOf, matchesWhere, type Json } from '../../fake-central/index.js';
import { didYouMean } from '../common/did-you-mean.js';
import type { FixtureIndex } from './fixture-index.js';
import type { Scenario, ScenarioError } from './types.js';
import { errorAt, type YamlDocument } from '../common/yaml-source.js';

/**
 * `expect.state` checks a schema cannot express: each collection is a data file of the
 * scenario's bundle, and a `where` that must select existing items (every check but `added`)
 * selects at least one item of the bundle — a misspelt field path would otherwise pass
 * `unchanged` vacuously.
 */
export function stateChecks(
  scenario: Scenario,
  document: YamlDocument,
  fixtures: FixtureIndex,
): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const collections = fixtures.collections(scenario.fixture);
  (scenario.expect.state ?? []).forEach((assertion, index) => {
    const at = ['expect', 'state', index];
    if (!collections.includes(assertion.collection)) {
      errors.push(
        errorAt(
          document,
          [...at, 'collection'],
          `collection "${assertion.collection}" is not a data file of ${scenario.fixture}`,
          {
            hint: `${didYouMean(assertion.collection, collections)}collections: ${collections.join(', ')}`,
          },
        ),
      );
      return;
    }
    if (assertion.where === undefined || assertion.added !== undefined) return;
    const items = itemsOf(fixtures.collection(scenario.fixture, assertion.collection) as Json);
    if (!items.some((item) => matchesWhere(item, assertion.where))) {
      errors.push(
        errorAt(
          document,
          [...at, 'where'],
          `where selects no item of ${assertion.collection} in ${scenario.fixture}`,
          { hint: 'field paths are dotted (essid.name) and values exact, copied from the bundle' },
        ),
      );
    }
  });
  return errors;
}
