import type { RouteContext } from '../../router.js';
import type { FakeResponse } from '../../http-types.js';
export declare function clientLocations({ state, query }: RouteContext): FakeResponse;
