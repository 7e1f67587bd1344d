import { createHash } from 'node:crypto';
import { notFound } from '../../api-error.js';
import { isItem, text } from '../../json.js';
import { normaliseMac } from '../../routes/common.js';
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';

/**
 * AirMatch (network-services, listApsV1 … getSolutionV1): the RF optimiser's view of the APs and
 * radios the bundle already has. Every record is derived from `aps.json` and the radios of
 * `ap-details.json`, so AirMatch's channel and EIRP are the monitoring radio's channel and power,
 * its neighbours are the other radios on the same band at the same site, and its timestamps sit
 * in the bundle's clock window (SPEC.md §10). Only `id` and `type` are required by the document;
 * the `type` values are the family's own (`network-services/airmatch-…`).
 */

/** One AP radio as AirMatch sees it. */
export interface Radio {
  ap: Item;
  radio: Item;
  mac: string;
  band: string;
  channel: number;
  eirp: number;
}

export function seed(value: string): number {
  return parseInt(createHash('sha256').update(value).digest('hex').slice(0, 8), 16);
}

export const epoch = (state: FakeState, minutesAgo = 0): number =>
  Date.parse(state.now) - minutesAgo * 60_000;

/** Every AP radio, keyed by its MAC in upper case (computed once per state). */
export function radios(state: FakeState): Map<string, Radio> {
  return state.view('airmatch:radios', () => {
    const details = state.object('ap-details.json');
    const out = new Map<string, Radio>();
    for (const ap of state.list('aps.json')) {
      const detail = details[text(ap.serialNumber)];
      const list = isItem(detail) && Array.isArray(detail.radios) ? detail.radios : [];
      for (const radio of list) {
        if (!isItem(radio)) continue;
        const mac = normaliseMac(text(radio.macAddress));
        out.set(mac, {
          ap,
          radio,
          mac: text(radio.macAddress),
          band: text(radio.band),
          channel: Number.parseInt(text(radio.channel), 10) || 0,
          eirp: Number.parseInt(text(radio.power), 10) || 0,
        });
      }
    }
    return out;
  });
}

export function apOf(state: FakeState, serial: string): Item {
  const ap = state
    .list('aps.json')
    .find((a) => text(a.serialNumber).toUpperCase() === serial.toUpperCase());
  if (!ap) throw notFound(`AirMatch AP not found: ${serial}`);
  return ap;
}

export function radioOf(state: FakeState, mac: string, what: string): Radio {
  const hit = radios(state).get(normaliseMac(mac));
  if (!hit) throw notFound(`${what} not found: ${mac}`);
  return hit;
}

export const radiosOfAp = (state: FakeState, serial: string): Radio[] =>
  [...radios(state).values()].filter((r) => text(r.ap.serialNumber) === serial);

/** Radios of other APs at the same site on the same band: what this radio hears. */
export function neighbours(state: FakeState, r: Radio): Radio[] {
  return [...radios(state).values()].filter(
    (n) =>
      n.band === r.band &&
      text(n.ap.siteId) === text(r.ap.siteId) &&
      text(n.ap.serialNumber) !== text(r.ap.serialNumber),
  );
}

export const bandwidthMhz = (r: Radio): string =>
  text(r.radio.bandwidth).replace(/\D/g, '') || '20';
const opmode = (state: FakeState, serial: string): string =>
  radiosOfAp(state, serial)
    .map((r) => r.band.replace(/\s/g, ''))
    .join(',');

export function apRecord(state: FakeState, ap: Item): Item {
  const serial = text(ap.serialNumber);
  return {
    id: serial,
    type: 'network-services/airmatch-ap',
    apSerial: serial,
    apName: text(ap.deviceName),
    apModel: text(ap.model),
    apEthMac: text(ap.macAddress),
    ipAddr: text(ap.ipv4),
    siteId: text(ap.siteId),
    apCurrentOpmode: opmode(state, serial),
    apUptime: String(Math.floor(Number(ap.uptimeInMillis ?? 0) / 1000)),
    isApDown: text(ap.status).toUpperCase() === 'ONLINE' ? 'false' : 'true',
    updateTimestamp: epoch(state),
  };
}

export function coveragePlan(state: FakeState, ap: Item): Item {
  const serial = text(ap.serialNumber);
  return {
    id: serial,
    type: 'network-services/airmatch-ap-coverage-plan',
    apSerial: serial,
    siteId: text(ap.siteId),
    apOpmode: opmode(state, serial),
    docCount: radiosOfAp(state, serial).length,
    effectiveTimestamp: epoch(state, 60),
    updateTimestamp: epoch(state),
  };
}

export function radioRecord(state: FakeState, r: Radio): Item {
  const active = text(r.radio.status).toUpperCase() === 'UP' ? 'true' : 'false';
  return {
    id: r.mac,
    type: 'network-services/airmatch-radio',
    apSerial: text(r.ap.serialNumber),
    apEthMac: text(r.ap.macAddress),
    radioMac: r.mac,
    radioNum: text(r.radio.radioNumber),
    siteId: text(r.ap.siteId),
    band: r.band,
    bandwidth: bandwidthMhz(r),
    channel: String(r.channel),
    eirp: String(r.eirp),
    eirpDbm: r.eirp.toFixed(1),
    mode: text(r.radio.mode),
    isRadioActive: active,
    radioStatus: active,
    isStaticChan: 'false',
    isStaticEirp: 'false',
    chanReason: 'AirMatch',
    eirpReason: 'AirMatch',
    updateTimestamp: epoch(state),
  };
}

/** The last AirMatch change of this radio: from a neighbouring channel to the current one. */
export function change(state: FakeState, r: Radio): Item {
  const plan = r.band.startsWith('2.4') ? [1, 6, 11] : [36, 52, 100, 149];
  const others = plan.filter((c) => c !== r.channel);
  const from = others[seed(r.mac) % others.length] ?? r.channel;
  const setting = (channel: number, eirp: number): Item => ({
    bandwidth: bandwidthMhz(r),
    channel,
    eirp,
    eirpDbm: eirp,
    isApm: false,
    secondaryChannel: 0,
  });
  return {
    id: r.mac,
    type: 'network-services/airmatch-rf-event',
    radioMac: r.mac,
    band: r.band,
    siteId: text(r.ap.siteId),
    old: setting(from, r.eirp + 3),
    new: setting(r.channel, r.eirp),
    reason: 'Scheduled optimization',
    dbTimestamp: epoch(state, 60 + (seed(r.mac) % 600)),
    updateTimestamp: epoch(state, 60 + (seed(r.mac) % 600)),
  };
}

/** Priority events are interference on a busy channel: radios at ≥ 30 % channel utilisation. */
export function priorityEvent(state: FakeState, r: Radio): Item | undefined {
  const stats = isItem(r.radio.radioStats) ? r.radio.radioStats : {};
  if (Number(stats.channelUtilization ?? 0) < 30) return undefined;
  const c = change(state, r);
  const before = isItem(c.old) ? c.old : {};
  return {
    id: r.mac,
    type: 'network-services/airmatch-priority-rf-event',
    apSerial: text(r.ap.serialNumber),
    radioMac: r.mac,
    band: r.band,
    siteId: text(r.ap.siteId),
    eventType: 'INTERFERENCE',
    eventTimestamp: new Date(Number(c.dbTimestamp)).toISOString(),
    oldChannel: text(before.channel),
    newChannel: String(r.channel),
    oldEirp: text(before.eirp),
    newEirp: String(r.eirp),
    oldBandwidth: bandwidthMhz(r),
    newBandwidth: bandwidthMhz(r),
    updateTimestamp: Number(c.updateTimestamp),
  };
}

export function solution(state: FakeState, r: Radio): Item {
  return {
    id: r.mac,
    type: 'network-services/airmatch-solution',
    apSerial: text(r.ap.serialNumber),
    apEthMac: text(r.ap.macAddress),
    radioMac: r.mac,
    siteId: text(r.ap.siteId),
    band: r.band,
    bandwidth: bandwidthMhz(r),
    solverChannel: r.channel,
    solverEirp: r.eirp,
    solverEirpDbm: r.eirp,
    deployStatus: 'DEPLOYED',
    chanFrozen: false,
    cbwFrozen: false,
    eirpFrozen: false,
    eirpTruncated: false,
    optimizationStart: epoch(state, 75),
    optimizationEnd: epoch(state, 70),
    deployStart: epoch(state, 65),
    deployEnd: epoch(state, 60),
  };
}

export const feasibility = (r: Radio): Item => ({
  id: r.mac,
  type: 'network-services/airmatch-radio-feasibility',
  apSerial: text(r.ap.serialNumber),
  radioMac: r.mac,
  siteId: text(r.ap.siteId),
  feasibility: r.band.startsWith('2.4') ? '1,6,11' : '36,40,44,48,52,56,60,64,100,149,153,157,161',
});
