import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
/**
 * A switch's VSX status (monitoring document: getVsxV1, `switches/{serial-number}/vsx`; SPEC.md
 * §12): a VSX peer's record from the bundle's `switch-vsx.json` (campus-b's core pair). The
 * document's other answers follow its examples: a switch the bundle does not hold is 404, an
 * offline switch 404 "Device is offline", and a switch without VSX 200 with an empty object
 * (its "VSX not configured" answer), not the 404 the fake answered before.
 */
export declare function switchVsx(state: FakeState, serial: string): Item;
