import { notFound } from '../../api-error.js';
import { text } from '../../json.js';
import type { Route, RouteContext } from '../../router.js';
import { CONFIG_VERSIONS, MRT_VERSIONS, ok } from '../../routes/common.js';
import type { Item } from '../../types.js';
import type { FakeResponse } from '../../http-types.js';
import { airmatchRoutes } from './airmatch.js';
import { clientLocations } from './client-locations.js';
import { alertConfigs, insights, kpiWidgets } from './notification-catalog.js';
import { storedCatalogRoutes } from './stored-catalog.js';

/**
 * Families whose data the bundle does not model (asset tags, location analytics, insights, DPP
 * registrations…; AirMatch is derived, webhooks, rules, reports and NAC files are stored): each list answers its documented envelope with no
 * items and each item read answers 404, so a client sees "nothing there", never a route miss.
 * One line per endpoint (path, answer); the envelopes are SPEC.md §pagination.
 */
type Answer = (ctx: RouteContext) => FakeResponse;

const missing =
  (what: string): Answer =>
  (ctx) => {
    throw notFound(`${what} not found: ${Object.values(ctx.params).join('/')}`);
  };
const body =
  (make: (ctx: RouteContext) => Item): Answer =>
  (ctx) =>
    ok(make(ctx));
const airmatch = (kind: string): Answer =>
  body(() => ({ count: 0, id: kind, items: [], type: `network-services/${kind}` }));

const SERVICES: [string, Answer][] = [
  [
    'airmatch-global-config-id',
    body(() => ({ globalId: '', id: 'airmatch-global-config', type: 'network-services/airmatch' })),
  ],
  [
    'airmatch-partition',
    body(() => ({ id: 'airmatch-partition', type: 'network-services/airmatch' })),
  ],
  [
    'airmatch-service-config',
    body(() => ({
      enable: 'true',
      id: 'airmatch-service-config',
      type: 'network-services/airmatch',
    })),
  ],
  ['airmatch-state', airmatch('airmatch-state')],
  ['asset-tags', body(() => ({ count: 0, items: [], offset: 0, total: 0 }))],
  ['asset-tags/:id', missing('Asset tag')],
  // The document requires count >= 1: with no AFC responses there is nothing to answer.
  ['fco-resp-info-all', missing('AFC response')],
  ['fco-resp-info/:sn', missing('AFC response')],
  ['location-analytics/sites/insights', body(() => ({ count: 0, items: [], offset: 0, total: 0 }))],
  [
    'location-analytics/trends',
    body((c) => ({
      id: c.query.get('site-id') ?? 'tenant',
      keys: [],
      samples: [],
      type: 'network-services/location-analytics',
      units: [],
    })),
  ],
  ['sitemaps/:site/floors/:floor/ap-ranging-scans', missing('Floor')],
  ['sitemaps/:site/floors/:floor/ap-ranging-scans/:scan', missing('Floor')],
  ['sites/:site/device-locations', missing('Device locations')],
  ['sites/:site/device-locations/:id', missing('Device location')],
  ['sites/:site/devices/:sn/location', missing('Device location')],
  ['wifi-clients-locations', clientLocations],
];

const NOTIFICATIONS: [string, Answer][] = [
  [
    'alert-config',
    body((c) => {
      // `next` pages by offset (the document's integer cursor); limit 20 by default, 100 at most.
      const all = alertConfigs(c);
      const limit = Math.min(100, Math.max(1, Number(c.query.get('limit') ?? 20) || 20));
      const offset = Math.max(0, Number(c.query.get('next') ?? 0) || 0);
      const items = all.slice(offset, offset + limit);
      return {
        count: items.length,
        id: 'alert-config',
        items,
        offset,
        total: all.length,
        type: 'network-notifications/alert-config',
      };
    }),
  ],
  [
    'alerts/classification',
    body((c) => {
      const counts = new Map<string, number>();
      for (const a of c.state.list('alerts.json'))
        counts.set(text(a.category), (counts.get(text(a.category)) ?? 0) + 1);
      const classificationData = [...counts]
        .sort()
        .map(([name, count]) => ({ count, name, typeId: name }));
      return { classificationData, type: 'network-notifications/alert-classification' };
    }),
  ],
  [
    'insights',
    body((c) => {
      const items = insights(c.state, c.query);
      return { count: items.length, id: 'insights', items, type: 'network-notifications/insights' };
    }),
  ],
  ['insights-schema', body(() => ({ count: 0, schemaJson: '{}' }))],
];

const REPORTING: [string, Answer][] = [
  [
    'reports-meta',
    body((c) => ({
      createdAt: c.state.now,
      generation: 1,
      id: 'reports-meta',
      kpiWidgets: kpiWidgets(c.state),
      type: 'network-reporting/reports-meta',
      updatedAt: c.state.now,
    })),
  ],
];

// The central-nac-service document makes `next` optional: empty lists carry none.
const NAC_SERVICE: [string, Answer][] = [
  ['cnac-certificate', body(() => ({ count: 0, items: [] }))],
  ['cnac-dpp-reg', body(() => ({ count: 0, items: [] }))],
  ['cnac-dpp-reg/:id', missing('DPP registration')],
  ['cnac-named-mpsk-reg', body(() => ({ count: 0, items: [], mpsks: [], total: 0 }))],
];

const routes = (prefix: string, table: [string, Answer][]): Route[] =>
  table.map(([path, handler]) => ({
    method: 'GET',
    pattern: `${prefix}/${path}`,
    kind: 'read',
    handler,
  }));

/** The catalogue routes: network-services, notifications, reporting and the NAC service lists. */
export const catalogRoutes: Route[] = [
  ...airmatchRoutes,
  ...storedCatalogRoutes,
  ...routes(`/network-services/${MRT_VERSIONS}`, SERVICES),
  ...routes(`/network-notifications/${MRT_VERSIONS}`, NOTIFICATIONS),
  ...routes(`/network-reporting/${MRT_VERSIONS}`, REPORTING),
  ...routes(`/network-config/${CONFIG_VERSIONS}`, NAC_SERVICE),
];
