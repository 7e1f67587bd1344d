import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
/** The GreenLake workspace of the bundle and the ids derived from it. */
export declare function workspaceOf(state: FakeState): Item;
/** A stable UUID-shaped id from a seed (GreenLake ids are UUIDs): same seed, same id. */
export declare function uuidOf(seed: string): string;
/** The Central service manager every device of the bundle is assigned to. */
export declare function centralManager(state: FakeState): Item;
