import type { RouteContext } from '../../router.js';
import type { Item } from '../../types.js';
import type { FakeResponse } from '../../http-types.js';
/** getClientOnboardingStageCountV1: per field, the stage's attempts grouped by value. */
export declare function onboardingCount(ctx: RouteContext): FakeResponse;
/** getClientOnboardingStageReasonsV1: the reasons of the stage's failures. */
export declare function onboardingReasons(ctx: RouteContext): FakeResponse;
/** getClientOnboardingStageExportV1: a summary row per stage. */
export declare function onboardingExport(ctx: RouteContext): FakeResponse;
/** client-onboarding-score: per stage, the clients past it of those that reached it. */
export declare function onboardingScoreOf(ctx: RouteContext): Item;
