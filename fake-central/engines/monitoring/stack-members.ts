import { notFound } from '../../api-error.js';
import { isItem, text } from '../../json.js';
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';

/**
 * A switch stack's members (monitoring document: listStackMembersV1, "for the specified stack-id
 * or conductor serial"; SPEC.md §12): the switch details of every switch carrying that
 * `stackId`, in member order. Any member's serial finds its stack too: a client that passes the
 * standby's serial gets the same answer rather than a 404 the document does not ask for. The
 * document describes `count` as the number of stack members, while `items` holds the one stack
 * object; the fake follows the description. VSF on AOS-CX stacks in a chain, without port-link
 * telemetry in the bundle, so `portLinks` is empty.
 */
export function stackMembers(state: FakeState, key: string): Item {
  const switches = Object.values(state.object('switch-details.json')).filter(isItem);
  const named = switches.find((s) => text(s.serialNumber) === key);
  const stackId = named ? text(named.stackId) : key;
  const members = switches
    .filter((s) => stackId !== '' && text(s.stackId) === stackId)
    .sort((a, b) => Number(a.stackMemberId) - Number(b.stackMemberId))
    .map(({ switchTrends: _trends, ...member }) => member);
  if (members.length === 0) throw notFound(`Stack not found: ${key}`);
  return {
    count: members.length,
    items: [
      {
        id: stackId,
        members,
        portLinks: [],
        stackType: 'VSF',
        topology: 'Chain',
        type: 'network-monitoring/stack',
      },
    ],
  };
}
