import { notFound } from '../../api-error.js';
import { isItem, text } from '../../json.js';
import type { Route, RouteContext } from '../../router.js';
import { MRT_VERSIONS, ok } from '../../routes/common.js';
import type { Item } from '../../types.js';
import type { FakeResponse } from '../../http-types.js';
import {
  apOf,
  apRecord,
  change,
  coveragePlan,
  epoch,
  feasibility,
  neighbours,
  priorityEvent,
  radioOf,
  radioRecord,
  radios,
  radiosOfAp,
  seed,
  solution,
  bandwidthMhz,
  type Radio,
} from './airmatch-records.js';

// The AirMatch routes: one line per documented read; the records are airmatch-records.ts.

function list(type: string, items: Item[]): Item {
  return { id: type, type: `network-services/${type}`, count: items.length, items };
}

type Answer = (ctx: RouteContext) => Item;
const sn = (ctx: RouteContext): string => ctx.params.sn ?? '';
const mac = (ctx: RouteContext): string => ctx.params.radio ?? '';
const all = (ctx: RouteContext): Radio[] => [...radios(ctx.state).values()];

const TABLE: [string, Answer][] = [
  [
    'airmatch-ap',
    (c) =>
      list(
        'airmatch-ap',
        c.state.list('aps.json').map((a) => apRecord(c.state, a)),
      ),
  ],
  ['airmatch-ap/:sn', (c) => apRecord(c.state, apOf(c.state, sn(c)))],
  [
    'airmatch-ap-coverage-plan',
    (c) =>
      list(
        'airmatch-ap-coverage-plan',
        c.state.list('aps.json').map((a) => coveragePlan(c.state, a)),
      ),
  ],
  ['airmatch-ap-coverage-plan/:sn', (c) => coveragePlan(c.state, apOf(c.state, sn(c)))],
  [
    'airmatch-ap-neighbor-list/:sn',
    (c) => {
      const ap = apOf(c.state, sn(c));
      const [first] = radiosOfAp(c.state, text(ap.serialNumber));
      if (!first) throw notFound(`AirMatch neighbour list not found: ${sn(c)}`);
      return {
        id: text(ap.serialNumber),
        type: 'network-services/airmatch-ap-neighbor-list',
        apSerial: text(ap.serialNumber),
        radioMac: first.mac,
        band: first.band,
        siteId: text(ap.siteId),
        neighborList: neighbours(c.state, first)
          .map((n) => n.mac)
          .join(','),
        updateTimestamp: epoch(c.state),
      };
    },
  ],
  [
    'airmatch-ap-radio-relations/:sn',
    (c) => {
      const ap = apOf(c.state, sn(c));
      const [first] = radiosOfAp(c.state, text(ap.serialNumber));
      if (!first) throw notFound(`AirMatch radio relations not found: ${sn(c)}`);
      const [near] = neighbours(c.state, first);
      return {
        id: text(ap.serialNumber),
        type: 'network-services/airmatch-ap-radio-relations',
        apSerial: text(ap.serialNumber),
        radioMac: first.mac,
        from: first.mac,
        ...(near ? { to: near.mac } : {}),
      };
    },
  ],
  [
    'airmatch-board-limit/:sn/:radio',
    (c) => {
      const ap = apOf(c.state, sn(c));
      const r = radioOf(c.state, mac(c), 'AirMatch board limit');
      if (r.ap !== ap) throw notFound(`AirMatch board limit not found: ${sn(c)}/${mac(c)}`);
      const max = r.band.startsWith('2.4') ? 24 : 27;
      return {
        id: `${text(ap.serialNumber)}/${r.mac}`,
        type: 'network-services/airmatch-board-limit',
        apModel: text(ap.model),
        band: r.band,
        bandwidth: bandwidthMhz(r),
        maxEirp: max,
        maxEirpDbm: max,
      };
    },
  ],
  [
    'airmatch-device-config/:sn',
    (c) => {
      const ap = apOf(c.state, sn(c));
      const detail = c.state.object('ap-details.json')[text(ap.serialNumber)];
      return {
        id: text(ap.serialNumber),
        type: 'network-services/airmatch-device-config',
        apSerial: text(ap.serialNumber),
        deviceMac: text(ap.macAddress),
        country: isItem(detail) ? text(detail.countryCode) : '',
        opmodes: radiosOfAp(c.state, text(ap.serialNumber)).map((r) => r.band),
        isStaticOpmode: false,
      };
    },
  ],
  [
    'airmatch-history/:radio',
    (c) => ({
      ...change(c.state, radioOf(c.state, mac(c), 'AirMatch history')),
      type: 'network-services/airmatch-history',
    }),
  ],
  [
    'airmatch-non-friend/:radio',
    (c) => {
      const r = radioOf(c.state, mac(c), 'AirMatch non-friend list');
      // Every radio the AP hears belongs to the same tenant: no non-friends.
      return {
        id: r.mac,
        type: 'network-services/airmatch-non-friend',
        apSerial: text(r.ap.serialNumber),
        radioMac: r.mac,
        band: r.band,
        siteId: text(r.ap.siteId),
        nonfriendsList: '',
        timestamp: epoch(c.state),
      };
    },
  ],
  [
    'airmatch-pathloss/:radio',
    (c) => {
      const r = radioOf(c.state, mac(c), 'AirMatch path loss');
      const [near] = neighbours(c.state, r);
      const loss = near ? 60 + (seed(`${r.mac}${near.mac}`) % 35) : undefined;
      return {
        id: r.mac,
        type: 'network-services/airmatch-pathloss',
        reportingMac: r.mac,
        band: r.band,
        bandwidth: bandwidthMhz(r),
        channel: r.channel,
        ...(near && loss !== undefined
          ? { nbrMac: near.mac, pathloss: loss, pathlossAvg: loss }
          : {}),
        timestamp: epoch(c.state),
      };
    },
  ],
  [
    'airmatch-priority-rf-events',
    (c) =>
      list(
        'airmatch-priority-rf-events',
        all(c).flatMap((r): Item[] => {
          const event = priorityEvent(c.state, r);
          return event ? [event] : [];
        }),
      ),
  ],
  [
    'airmatch-priority-rf-events/:radio',
    (c) => {
      const event = priorityEvent(c.state, radioOf(c.state, mac(c), 'AirMatch RF event'));
      if (!event) throw notFound(`AirMatch RF event not found: ${mac(c)}`);
      return event;
    },
  ],
  [
    'airmatch-radio',
    (c) =>
      list(
        'airmatch-radio',
        all(c).map((r) => radioRecord(c.state, r)),
      ),
  ],
  [
    'airmatch-radio/:radio',
    (c) => radioRecord(c.state, radioOf(c.state, mac(c), 'AirMatch radio')),
  ],
  [
    'airmatch-radio-feasibility',
    (c) => list('airmatch-radio-feasibility', all(c).map(feasibility)),
  ],
  [
    'airmatch-radio-feasibility/:radio',
    (c) => feasibility(radioOf(c.state, mac(c), 'AirMatch radio feasibility')),
  ],
  [
    'airmatch-radio-partition/:radio',
    (c) => {
      const r = radioOf(c.state, mac(c), 'AirMatch radio partition');
      return {
        id: r.mac,
        type: 'network-services/airmatch-radio-partition',
        band: r.band,
        rfDomainId: text(r.ap.siteId),
        rfPartitionId: `${text(r.ap.siteId)}-${r.band.replace(/\s/g, '')}`,
        updateTimestamp: epoch(c.state),
      };
    },
  ],
  [
    'airmatch-rf-events',
    (c) =>
      list(
        'airmatch-rf-events',
        all(c).map((r) => change(c.state, r)),
      ),
  ],
  [
    'airmatch-rf-events/:radio',
    (c) => change(c.state, radioOf(c.state, mac(c), 'AirMatch RF event')),
  ],
  [
    'airmatch-solution',
    (c) =>
      list(
        'airmatch-solution',
        all(c).map((r) => solution(c.state, r)),
      ),
  ],
  [
    'airmatch-solution/:radio',
    (c) => solution(c.state, radioOf(c.state, mac(c), 'AirMatch solution')),
  ],
];

/** The AirMatch reads, derived from the bundle's APs and radios. */
export const airmatchRoutes: Route[] = TABLE.map(([path, answer]) => ({
  method: 'GET',
  pattern: `/network-services/${MRT_VERSIONS}/${path}`,
  kind: 'read',
  handler: (ctx: RouteContext): FakeResponse => ok(answer(ctx)),
}));
