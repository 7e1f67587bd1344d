import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
export declare const STAGES: readonly ["assoc", "auth", "dhcp", "dns"];
type Stage = (typeof STAGES)[number];
/** One client's onboarding: the stage it failed at (none when it connected) and why. */
export interface Onboarding {
    client: Item;
    failedAt: Stage | null;
    reason: string;
}
/**
 * Every client's onboarding at a site (or the tenant): a Failed client failed at the stage of
 * its latest negative event (802.1X rejects at auth, DHCP timeouts at dhcp), at auth when no
 * event says (the event list is the evidence the clients' own tools read); every other client
 * passed all four stages.
 */
export declare function onboardings(state: FakeState, site: string | null): Onboarding[];
/** Whether a client reached a stage, and passed it. */
export declare function reached(o: Onboarding, stage: Stage): boolean;
export declare function passed(o: Onboarding, stage: Stage): boolean;
/** What each `field` of getClientOnboardingStageCountV1 groups a client by. */
export declare function fieldValue(state: FakeState, o: Onboarding, stage: Stage, field: string): string;
/** The stage's attempts of one status: FAILED at the stage, SUCCESS past it, DELAY none. */
export declare function withStatus(all: Onboarding[], stage: Stage, status: string | null): Onboarding[];
export declare function isStage(value: string | null): value is Stage;
export {};
