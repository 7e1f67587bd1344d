import { badRequest, notFound } from '../api-error.js';
import { text } from '../json.js';
import { applyFilter, applySort } from '../odata.js';
import { cursorPage } from '../paging.js';
import type { Route, RouteContext } from '../router.js';
import type { Item, Json } from '../types.js';
import type { FakeResponse } from '../http-types.js';
import { MRT_VERSIONS, normaliseMac, ok, requireQuery } from './common.js';
import { toBundleWindow } from '../clock.js';

const T = `/network-troubleshooting/${MRT_VERSIONS}`;
const REQUIRED = ['context-type', 'context-identifier', 'start-at', 'end-at', 'site-id'] as const;
const CONTEXT_TYPES = [
  'SITE',
  'ACCESS_POINT',
  'SWITCH',
  'GATEWAY',
  'WIRELESS_CLIENT',
  'WIRED_CLIENT',
  'BRIDGE',
];
const MAX_WINDOW_MS = 30 * 24 * 3600 * 1000;

function timeParam(query: URLSearchParams, name: string): number {
  const raw = query.get(name) ?? '';
  const at = Date.parse(raw);
  if (Number.isNaN(at)) throw badRequest(`${name} must be an RFC 3339 timestamp, got "${raw}"`);
  return at;
}

/**
 * A client's events are kept under the context of its connection: the context type is part of the
 * context's key (a MAC and WIRELESS_CLIENT name another context than the same MAC and
 * WIRED_CLIENT), so a wired client asked for as a wireless one has no events. An event without a
 * client source type (a test's bare fixture) matches either.
 */
const CLIENT_SOURCE: Record<string, string> = {
  WIRELESS_CLIENT: 'Wireless Client',
  WIRED_CLIENT: 'Wired Client',
};

function inContext(event: Item, type: string, id: string): boolean {
  switch (type) {
    case 'SITE':
      return text(event._siteId) === id;
    case 'WIRELESS_CLIENT':
    case 'WIRED_CLIENT': {
      const source = text(event.sourceType);
      const clientSource = Object.values(CLIENT_SOURCE).includes(source);
      return (
        normaliseMac(text(event.clientMacAddress)) === normaliseMac(id) &&
        (!clientSource || source === CLIENT_SOURCE[type])
      );
    }
    default:
      return text(event.serialNumber).toUpperCase() === id.toUpperCase();
  }
}

function matchesSearch(event: Item, search: string): boolean {
  const needle = search.toLowerCase();
  const mac = normaliseMac(search);
  const inText = [event.eventName, event.serialNumber, event.sourceName].some((v) =>
    text(v).toLowerCase().includes(needle),
  );
  const inMacs = [event.clientMacAddress, event.deviceMacAddress].some(
    (v) => typeof v === 'string' && normaliseMac(v) === mac,
  );
  return inText || inMacs;
}

/** The events the five required parameters select (context, site and time window), then search. */
function scopedEvents({ state, query }: RouteContext): Item[] {
  requireQuery(query, REQUIRED);
  const type = query.get('context-type') ?? '';
  if (!CONTEXT_TYPES.includes(type)) {
    throw badRequest(`context-type must be one of ${CONTEXT_TYPES.join(', ')}, got "${type}"`);
  }
  const id = query.get('context-identifier') ?? '';
  const site = query.get('site-id') ?? '';
  const [start, end] = toBundleWindow(
    state,
    timeParam(query, 'start-at'),
    timeParam(query, 'end-at'),
  );
  if (end <= start) throw badRequest('end-at must be later than start-at');
  if (end - start >= MAX_WINDOW_MS) {
    throw badRequest('The difference between end-at and start-at must be less than 30 days');
  }
  const search = query.get('search');
  return state.list('events.json').filter((e) => {
    const at = Date.parse(text(e.timeAt));
    return (
      text(e._siteId) === site &&
      inContext(e, type, id) &&
      at >= start &&
      at <= end &&
      (!search || matchesSearch(e, search))
    );
  });
}

/** Events sort descending when a direction is omitted (unlike the other families). */
function eventSort(sort: string | null): string {
  if (sort === null || sort.trim() === '') return 'timeAt desc';
  return sort
    .split(',')
    .map((part) => (/\s(asc|desc)\s*$/i.test(part.trim()) ? part : `${part.trim()} desc`))
    .join(',');
}

function listEvents(ctx: RouteContext): FakeResponse {
  const { query } = ctx;
  const items = applySort(
    applyFilter(scopedEvents(ctx), query.get('filter')),
    eventSort(query.get('sort')),
  );
  return ok(
    cursorPage(items, query, { defaultLimit: 100, maxLimit: 1000, lastNext: 'absent' }, 'events'),
  );
}

function countBy(events: Item[], key: (e: Item) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const e of events) counts.set(key(e), (counts.get(key(e)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function eventFilters(ctx: RouteContext): FakeResponse {
  const events = scopedEvents(ctx);
  const names = new Map(events.map((e) => [text(e.eventId), text(e.eventName)]));
  const eventNames: Json[] = countBy(events, (e) => text(e.eventId)).map(([id, count]) => ({
    // A string, as in the events list, though the event-filters schema types it an integer
    // (SPEC.md §13 D4: a client's live tests parse it into a string-typed model).
    eventId: id,
    eventName: names.get(id) ?? '',
    count,
  }));
  return ok({
    categories: countBy(events, (e) => text(e.category)).map(([category, count]) => ({
      category,
      count,
    })),
    eventNames,
    sourceTypes: countBy(events, (e) => text(e.sourceType)).map(([sourceType, count]) => ({
      sourceType,
      count,
    })),
  });
}

const EXTRA_LABELS: [string, string][] = [
  ['reason', 'Reason'],
  ['sourceName', 'Source'],
  ['sourceType', 'Source type'],
  ['serialNumber', 'Serial number'],
  ['deviceMacAddress', 'Device MAC address'],
  ['clientMacAddress', 'Client MAC address'],
  ['bssid', 'BSSID'],
];

/**
 * `GET …/event-extra-attributes?event-identifier&site-id&time-at` (EventExtraAttributesV1:
 * `{eventExtraAttributes*: [{label*, value*}]}`): the event's own context as labelled strings, so
 * the extra attributes agree with the event list; an identifier not on that site is 404.
 * `time-at` is required and accepted, not matched.
 */
function eventExtraAttributes({ state, query }: RouteContext): FakeResponse {
  requireQuery(query, ['event-identifier', 'site-id', 'time-at']);
  const id = query.get('event-identifier') ?? '';
  const site = query.get('site-id') ?? '';
  const event = state
    .list('events.json')
    .find((e) => text(e.eventIdentifier) === id && text(e._siteId) === site);
  if (!event) throw notFound(`Event not found: ${id}`);
  const eventExtraAttributes: Json[] = EXTRA_LABELS.filter(([k]) => text(event[k]) !== '').map(
    ([k, label]) => ({ label, value: text(event[k]) }),
  );
  return ok({ eventExtraAttributes });
}

/** network-troubleshooting events and event-filters, v1 and v1alpha1 (SPEC.md §4). */
export const troubleshootingEventRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${T}/events`,
    kind: 'read',
    handler: listEvents,
  },
  {
    method: 'GET',
    pattern: `${T}/event-filters`,
    kind: 'read',
    handler: eventFilters,
  },
  {
    method: 'GET',
    pattern: `${T}/event-extra-attributes`,
    kind: 'read',
    handler: eventExtraAttributes,
  },
];
