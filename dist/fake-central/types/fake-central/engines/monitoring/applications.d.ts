import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
/**
 * listApplicationsV1: the applications of a site's connected clients (or one client's, by
 * `client-id`), each client's bytes (the figure `clients-usage` and top-N sum) split over the
 * catalogue by a fixed share per client, so the applications' bytes add up to the clients'.
 */
export declare function applications(state: FakeState, query: URLSearchParams): Item[];
