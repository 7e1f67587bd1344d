import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
export declare function reportStatuses(state: FakeState): Item[];
