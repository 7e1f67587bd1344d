import { checkAssertions } from '../control/assertion-shape.js';
import { filterCalls } from '../control/calls-query.js';
import { hintedProblem } from '../control/control-error.js';
import { explainCheck } from '../state-checks/explain-check.js';
import { matchesWhere } from '../state-checks/json-path.js';
import type { StateChange } from '../state-checks/state-changes.js';
import type { StateAssertion, StateCheckResult } from '../state-checks/types.js';
import type { FakeAssertions } from '../fake-central-api.js';
import type { CallRecord } from '../types.js';
import { describeCall, describeChange, listed, shown, whereText } from './describe.js';

/**
 * An assertion on the fake did not hold: the message says what the fake saw instead. A plain
 * Error (test runners report its message as is); `name` tells it apart.
 */
export class FakeCentralAssertionError extends Error {
  override name = 'FakeCentralAssertionError';
}

/** What the assertions read of a running fake. */
interface Inspected {
  calls(): CallRecord[];
  state(): { changes: StateChange[] };
  checkState(assertions: readonly StateAssertion[]): StateCheckResult;
}

/** The check's first failure without its `#0 collection: ` prefix. */
const firstFailure = (result: StateCheckResult): string =>
  (result.failures[0] ?? '').replace(/^#\d+ [^:]*: /, '');

/** An assertion built from a helper's arguments, checked as the control API checks its body. */
function checked(helper: string, assertion: StateAssertion): StateAssertion {
  try {
    return checkAssertions([assertion])[0] ?? assertion;
  } catch (error) {
    const { message, hint } = hintedProblem(error);
    throw new TypeError(
      `${helper}: ${message.replace('/assertions/0', '')}${hint ? `; ${hint}` : ''}`,
    );
  }
}

/** The assertion helpers of one fake (startFakeCentral puts them on the object it returns). */
export function fakeAssertions(fake: Inspected): FakeAssertions {
  const changes = (collection?: string): StateChange[] =>
    fake.state().changes.filter((c) => collection === undefined || c.collection === collection);
  const callsTo = (pattern: string): CallRecord[] =>
    filterCalls(fake.calls(), { since: 0, path: pattern });
  return {
    changes,
    assertState(assertions) {
      const all = assertions.map((a, i) => checked(`assertState(#${i})`, a));
      const summary = explainCheck(fake.checkState(all), all);
      if (summary !== undefined) throw new FakeCentralAssertionError(summary);
    },
    assertAdded(collection, { where, fields, count = 1 } = {}) {
      const assertion = checked('assertAdded', {
        collection,
        added: count,
        ...(where ? { where } : {}),
        ...(fields ? { fields } : {}),
      });
      const result = fake.checkState([assertion]);
      const added = changes(collection).filter((c) => c.change === 'added');
      if (result.failures.length > 0) {
        const seen = added.map((c) => `${c.item}: ${shown(c.after)}`);
        const instead =
          seen.length > 0 ? `added instead:${listed(seen)}` : 'nothing was added there';
        throw new FakeCentralAssertionError(
          `${collection}: expected ${count} item(s) added${whereText(where)}` +
            `${fields ? ` with ${shown(fields)}` : ''}; ${firstFailure(result)}; ${instead}`,
        );
      }
      return added.flatMap((c) => (c.after === undefined ? [] : [c.after]));
    },
    assertRemoved(collection, { where, count = 1 } = {}) {
      const assertion = checked('assertRemoved', {
        collection,
        removed: count,
        ...(where ? { where } : {}),
      });
      const result = fake.checkState([assertion]);
      if (result.failures.length > 0) {
        const removed = changes(collection).filter((c) => c.change === 'removed');
        throw new FakeCentralAssertionError(
          `${collection}: expected ${count} item(s) removed${whereText(where)}; ${firstFailure(result)}; ` +
            `removed: ${removed.length > 0 ? removed.map((c) => c.item).join(', ') : 'none'}`,
        );
      }
    },
    assertUnchanged(collection, { where } = {}) {
      const moved = changes(collection).filter(
        (c) =>
          where === undefined ||
          [c.before, c.after].some((side) => side !== undefined && matchesWhere(side, where)),
      );
      if (moved.length > 0) {
        throw new FakeCentralAssertionError(
          `${collection ?? 'the state'}${whereText(where)} changed:${listed(moved.map(describeChange))}`,
        );
      }
    },
    assertCalled(pattern, { times, status } = {}) {
      const calls = callsTo(pattern);
      const wrong = status === undefined ? [] : calls.filter((c) => c.status !== status);
      const tooFew = times === undefined ? calls.length === 0 : calls.length !== times;
      if (tooFew || wrong.length > 0) {
        const all = fake.calls().map(describeCall);
        throw new FakeCentralAssertionError(
          `expected ${times ?? 'at least 1'} call(s) to ${pattern}` +
            `${status === undefined ? '' : ` answered ${status}`}, saw ${calls.length}` +
            `${wrong.length > 0 ? ` (${wrong.length} answered otherwise)` : ''}; calls since the reset:` +
            (all.length > 0 ? listed(all) : ' none'),
        );
      }
      return calls;
    },
    assertNotCalled(pattern) {
      const calls = callsTo(pattern);
      if (calls.length > 0) {
        throw new FakeCentralAssertionError(
          `expected no call to ${pattern}, saw ${calls.length}:${listed(calls.map(describeCall))}`,
        );
      }
    },
    assertSecretKept() {
      const sent = fake.calls().filter((c) => c.credentialSent !== undefined);
      if (sent.length > 0) {
        throw new FakeCentralAssertionError(
          `expected the OAuth client secret only at the token endpoint, but ${sent.length} ` +
            `request(s) sent it to the API:${listed(sent.map(describeCall))}`,
        );
      }
    },
  };
}
