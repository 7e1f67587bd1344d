import { notFound } from '../../api-error.js';
import { isItem, text } from '../../json.js';
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
import { device } from './fixture-world.js';

/** The 404 code the monitoring document gives for this operation (getVsxV1's examples). */
const NOT_FOUND = 'HPE_GL_ERROR_RESOURCE_NOT_FOUND';

/**
 * A switch's VSX status (monitoring document: getVsxV1, `switches/{serial-number}/vsx`; SPEC.md
 * §12): a VSX peer's record from the bundle's `switch-vsx.json` (campus-b's core pair). The
 * document's other answers follow its examples: a switch the bundle does not hold is 404, an
 * offline switch 404 "Device is offline", and a switch without VSX 200 with an empty object
 * (its "VSX not configured" answer), not the 404 the fake answered before.
 */
export function switchVsx(state: FakeState, serial: string): Item {
  let sw: Item;
  try {
    sw = device(state, 'switch', serial);
  } catch {
    throw notFound(`Switch with serial number ${serial} not found`, NOT_FOUND);
  }
  if (text(sw.status) === 'Offline') throw notFound('Device is offline', NOT_FOUND);
  const vsx = state.object('switch-vsx.json')[serial];
  return isItem(vsx) ? vsx : {};
}
