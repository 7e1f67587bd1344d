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
export declare function stackMembers(state: FakeState, key: string): Item;
