import { text } from '../../json.js';
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';

export const STAGES = ['assoc', 'auth', 'dhcp', 'dns'] as const;
type Stage = (typeof STAGES)[number];

/** The stage an event category reports on (the events the world logs for a client). */
const STAGE_OF_CATEGORY: Record<string, Stage> = {
  Association: 'assoc',
  Authentication: 'auth',
  DHCP: 'dhcp',
  DNS: 'dns',
};

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
export function onboardings(state: FakeState, site: string | null): Onboarding[] {
  const events = state
    .list('events.json')
    .filter((e) => e.severity === 'negative' && e.clientMacAddress)
    .sort((a, b) => text(b.timeAt).localeCompare(text(a.timeAt)));
  return state
    .list('clients.json')
    .filter((c) => site === null || text(c.siteId) === site)
    .map((client) => {
      if (text(client.status) !== 'Failed') return { client, failedAt: null, reason: '' };
      const last = events.find((e) => e.clientMacAddress === client.macAddress);
      const stage = STAGE_OF_CATEGORY[text(last?.category)] ?? 'auth';
      return { client, failedAt: stage, reason: text(last?.reason) || 'Onboarding failed' };
    });
}

/** Whether a client reached a stage, and passed it. */
export function reached(o: Onboarding, stage: Stage): boolean {
  return o.failedAt === null || STAGES.indexOf(stage) <= STAGES.indexOf(o.failedAt);
}
export function passed(o: Onboarding, stage: Stage): boolean {
  return o.failedAt === null || STAGES.indexOf(stage) < STAGES.indexOf(o.failedAt);
}

/** The server a stage asks: the WLAN's RADIUS server for auth, the site's gateway for DHCP. */
function server(state: FakeState, o: Onboarding, stage: Stage): string {
  if (stage === 'auth') {
    const wlan = state.list('wlan-ssids.json').find((w) => w.ssid === o.client.wlanName);
    return text(wlan?.['primary-auth-server']);
  }
  if (stage === 'dhcp') {
    const gw = state.list('gateways.json').find((g) => g.siteId === o.client.siteId);
    return text(gw?.deviceName);
  }
  return '';
}

/** What each `field` of getClientOnboardingStageCountV1 groups a client by. */
export function fieldValue(state: FakeState, o: Onboarding, stage: Stage, field: string): string {
  const c = o.client;
  switch (field) {
    case 'topclients':
      return text(c.clientName) || text(c.macAddress);
    case 'topaccessdevices': {
      const serial = c.connectedDeviceSerial;
      const dev = state.list('devices.json').find((d) => d.serialNumber === serial);
      return text(dev?.deviceName);
    }
    case 'band':
      return text(c.wirelessBand) || 'Wired';
    case 'topwlans':
      return text(c.wlanName);
    case 'topreasons':
      return o.failedAt === stage ? o.reason : '';
    default:
      return server(state, o, stage);
  }
}

/** The stage's attempts of one status: FAILED at the stage, SUCCESS past it, DELAY none. */
export function withStatus(all: Onboarding[], stage: Stage, status: string | null): Onboarding[] {
  const here = all.filter((o) => reached(o, stage));
  if (status === 'FAILED') return here.filter((o) => o.failedAt === stage);
  if (status === 'SUCCESS') return here.filter((o) => passed(o, stage));
  if (status === 'DELAY') return [];
  return here;
}

export function isStage(value: string | null): value is Stage {
  return value !== null && (STAGES as readonly string[]).includes(value);
}
