import { text } from '../../json.js';
import { offsetPage, publicView } from '../../paging.js';
import type { Route, RouteContext } from '../../router.js';
import { filterAndSort, ok } from '../../routes/common.js';
import { glpNotFound } from '../../routes/greenlake-errors.js';
import type { Item } from '../../types.js';
import type { FakeResponse } from '../../http-types.js';
import {
  centralOffer,
  provisionRecord,
  serviceOfferRegions,
  serviceOffers,
  serviceProvisions,
} from './glp-service-offers.js';
import { reportStatuses } from './glp-report-statuses.js';
import { centralManager, uuidOf, workspaceOf } from './glp-world.js';

type Build = (ctx: RouteContext) => Item[];
type Answer = (ctx: RouteContext) => FakeResponse;

const LIMITS = { defaultLimit: 100, maxLimit: 2000, style: 'glp' as const };

/** GreenLake's list envelope: `{items, count, offset, total}` (SPEC.md §pagination). */
const list =
  (build: Build, extra: (ctx: RouteContext, page: Item) => Item = () => ({})): Answer =>
  (ctx) => {
    const page = offsetPage(filterAndSort(build(ctx), ctx.query), ctx.query, LIMITS);
    return ok({ ...page, ...extra(ctx, page) });
  };

/**
 * Service registry lists page by a `next` cursor the document requires as a string and never
 * describes as null, so the last page carries `""`; no client follows it in a loop (SS
 * `glp_client.py:182-189` surfaces a cursor only when it is not None, NW passes it through as a
 * tool argument). SPEC.md §5.
 */
const nextList =
  (build: Build): Answer =>
  (ctx) => {
    const items = build(ctx).map(publicView);
    return ok({ count: items.length, items, next: '', total: items.length });
  };

/** An item of a built list by id, or the family's 404. */
const byId =
  (build: Build, source: string, param = 'id'): Answer =>
  (ctx) => {
    const id = ctx.params[param] ?? '';
    const hit = build(ctx).find((i) => text(i.id) === id);
    if (!hit) throw glpNotFound('HPE_GL_ERROR_NOT_FOUND', id, source);
    return ok(publicView(hit));
  };

const missing =
  (source: string): Answer =>
  (ctx) => {
    throw glpNotFound('HPE_GL_ERROR_NOT_FOUND', Object.values(ctx.params).join('/'), source);
  };

// getReportingStatuses pages by offset and limit: 10 by default, at most 100.
const STATUS_LIMITS = { defaultLimit: 10, maxLimit: 100, style: 'glp' as const };

/** Report statuses, newest first, narrowed by the (required) `filter`, with the page's `limit`. */
const statusList: Answer = (ctx) => {
  const items = filterAndSort(reportStatuses(ctx.state), ctx.query);
  const page = offsetPage(items, ctx.query, STATUS_LIMITS);
  const limit = Number(ctx.query.get('limit') ?? STATUS_LIMITS.defaultLimit);
  return ok({ ...page, limit });
};

/** Audit log entries: the bundle's audits as GreenLake records of the Central service. */
const auditLogs: Build = (ctx) => {
  const ws = workspaceOf(ctx.state);
  const offer = centralOffer(ctx.state);
  return ctx.state.list('audits.json').map((a) => ({
    category: text(a.category).toUpperCase().replace(/\W+/g, '_'),
    createdAt: text(a.createdAt),
    description: text(a.description),
    hasDetails: true,
    id: text(a.id),
    ipAddress: text(a.ipAddress),
    serviceOffer: { id: text(offer.id), name: text(offer.name), region: text(offer.region) },
    type: 'audit-log/log',
    username: text(a.source),
    workspace: { id: text(ws.id), name: text(ws.workspaceName) },
  }));
};

/** One Workspace Administrator assignment per user of the workspace. */
const roleAssignments: Build = (ctx) => {
  const ws = workspaceOf(ctx.state);
  return ctx.state.list('glp-users.json').map((u) => ({
    id: uuidOf(`role-assignment/${text(u.id)}`),
    createdAt: text(u.createdAt),
    generation: 1,
    principal: text(u.username),
    principalMetadata: { id: text(u.id), type: 'identity/user' },
    role: 'Workspace Administrator',
    roleMetadata: { id: uuidOf('role/workspace-administrator'), type: 'authorization/role' },
    scope: [`grn:glp/workspaces/${text(ws.id)}`],
    source: 'LOCAL',
    type: 'authorization/role-assignment',
    updatedAt: text(u.updatedAt),
  }));
};

/** One scope group per site of the bundle. */
const scopeGroups: Build = (ctx) =>
  ctx.state.list('scope-sites.json').map((s) => ({
    id: uuidOf(`scope-group/${text(s.id)}`),
    createdAt: text(workspaceOf(ctx.state).createdAt),
    description: `Devices of site ${text(s.scopeName)}`,
    generation: 1,
    grn: `grn:glp/scope-groups/${text(s.id)}`,
    name: text(s.scopeName),
    type: 'authorization/scope-group',
    updatedAt: text(workspaceOf(ctx.state).updatedAt),
  }));

/** Locations: the sites' addresses. */
const locations: Build = (ctx) =>
  ctx.state.list('scope-sites.json').map((s) => ({
    city: text(s.city),
    country: text(s.country),
    id: uuidOf(`location/${text(s.id)}`),
    lat: text(s.latitude),
    lng: text(s.longitude),
    name: text(s.scopeName),
    validated: true,
  }));

/** Tags: every key/value the bundle's devices carry, counted. */
const tags: Build = (ctx) => {
  const counts = new Map<string, number>();
  for (const d of ctx.state.list('glp-devices.json')) {
    for (const [key, value] of Object.entries((d.tags ?? {}) as Item)) {
      const k = `${key}\u0000${text(value)}`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
  }
  const ws = workspaceOf(ctx.state);
  return [...counts].sort().map(([k, resourceCount]) => {
    const [key = '', value = ''] = k.split('\u0000');
    return {
      createdAt: text(ws.createdAt),
      generation: 1,
      id: uuidOf(`tag/${key}/${value}`),
      key,
      resourceCount,
      type: 'tags/tag',
      updatedAt: text(ws.updatedAt),
      value,
    };
  });
};

/** Tagged resources: the devices with tags. */
const tagResources: Build = (ctx) =>
  ctx.state
    .list('glp-devices.json')
    .filter((d) => d.tags && Object.keys(d.tags as Item).length > 0)
    .map((d) => ({
      createdAt: text(d.createdAt),
      generation: 1,
      id: text(d.id),
      resource: {
        id: text(d.id),
        resourceType: 'DEVICE',
        resourceUri: `/devices/v1/devices/${text(d.id)}`,
        type: 'devices/device',
      },
      tags: d.tags ?? {},
      type: 'tags/tag-resource',
      updatedAt: text(d.updatedAt),
    }));

const perRegion: Build = (ctx) => {
  const m = centralManager(ctx.state);
  const { region, ...manager } = m;
  return [
    {
      generation: 1,
      id: text(region),
      regionName: text(region),
      serviceManagers: [manager],
      type: 'service-catalog/per-region-service-manager',
    },
  ];
};

const managers: Build = (ctx) => {
  const { region: _r, ...manager } = centralManager(ctx.state);
  return [manager];
};

const provisions: Build = (ctx) => {
  const id = uuidOf(`provision/${text(centralManager(ctx.state).id)}`);
  const uri = `/service-catalog/v1/service-manager-provisions/${id}`;
  return [
    { ...provisionRecord(ctx.state, id, uri), type: 'service-catalog/service-manager-provision' },
  ];
};

const autoSubscriptions: Build = (ctx) => {
  const ws = workspaceOf(ctx.state);
  const id = uuidOf(`auto-subscription/${text(ws.id)}`);
  return [
    {
      autoSubscriptionSettings: [],
      createdAt: text(ws.createdAt),
      generation: 1,
      id,
      resourceUri: `/subscriptions/v1/auto-subscription-settings/${id}`,
      type: 'subscriptions/auto-subscription-setting',
      updatedAt: text(ws.updatedAt),
    },
  ];
};

function contact(ctx: RouteContext): FakeResponse {
  const ws = workspaceOf(ctx.state);
  const id = ctx.params.id ?? '';
  if (text(ws.id) !== id)
    throw glpNotFound('HPE_GL_ERROR_NOT_FOUND', id, 'hpe.greenlake.workspace');
  const site = ctx.state.list('scope-sites.json')[0] ?? {};
  return ok({
    address: {
      city: text(site.city),
      countryCode: 'US',
      stateOrRegion: text(site.state),
      streetAddress: text(site.address),
      zip: text(site.zipcode),
    },
    email: text(ws.createdBy),
    resourceUri: `/workspaces/v1/workspaces/${id}/contact`,
  });
}

const none: Build = () => [];
const emptyNext = nextList(none);
/** Wellness lists: the document makes `next` optional, so an empty list carries none. */
const emptyWellness: Answer = () => ok({ count: 0, items: [], total: 0 });

const TABLE: [string, Answer][] = [
  [
    '/audit-log/v1|v2beta1/logs',
    list(auditLogs, (_c, page) => ({
      remainingRecords: Number(page.offset) + Number(page.count) < Number(page.total),
    })),
  ],
  ['/audit-log/v1|v2beta1/logs/:id', byId(auditLogs, 'hpe.greenlake.audit-log')],
  [
    // `detail` is the spelling HPE's own GreenLake audit-log MCP server requests (SPEC.md §4).
    '/audit-log/v1|v2beta1/logs/:id/details|detail',
    (c) => {
      const log = auditLogs(c).find((l) => l.id === c.params.id);
      if (!log)
        throw glpNotFound('HPE_GL_ERROR_NOT_FOUND', c.params.id ?? '', 'hpe.greenlake.audit-log');
      return ok({
        body: [text(log.description)],
        header: text(log.category),
        id: text(log.id),
        type: 'audit-log/log-details',
      });
    },
  ],
  ['/authorization/v1beta1|v2alpha1/role-assignments', list(roleAssignments)],
  [
    '/authorization/v1beta1|v2alpha1/role-assignments/:id',
    byId(roleAssignments, 'hpe.greenlake.authorization'),
  ],
  ['/authorization/v1beta1/scope-groups', list(scopeGroups)],
  ['/authorization/v1beta1/scope-groups/:id', byId(scopeGroups, 'hpe.greenlake.authorization')],
  [
    '/authorization/v1beta1/scope-groups/:id/scopes',
    (c) => {
      const group = scopeGroups(c).find((g) => g.id === c.params.id);
      if (!group)
        throw glpNotFound(
          'HPE_GL_ERROR_NOT_FOUND',
          c.params.id ?? '',
          'hpe.greenlake.authorization',
        );
      const scope = {
        allScopes: false,
        description: text(group.description),
        grn: text(group.grn),
        id: text(group.id),
        region: text(centralManager(c.state).region),
        resourceTypeDisplayName: 'Site',
        type: 'authorization/scope-group/scope',
      };
      return ok({ count: 1, items: [scope], offset: 0, total: 1 });
    },
  ],
  ['/workspaces/v1beta1/groups', list(none)],
  ['/workspaces/v1beta1/groups/:id', missing('hpe.greenlake.workspace')],
  ['/workspaces/v1beta1/groups/:id/group-workspaces', missing('hpe.greenlake.workspace')],
  ['/workspaces/v1beta1/groups/:id/group-workspaces/:wid', missing('hpe.greenlake.workspace')],
  ['/workspaces/v1/msp-tenants', list(none)],
  ['/workspaces/v1/workspaces/:id/contact', contact],
  ['/locations/v1/locations', list(locations)],
  ['/locations/v1/locations/:id', byId(locations, 'hpe.greenlake.location')],
  ['/locations/v1/locations/tags', list(none)],
  ['/locations/v1/locations/tags/:id', missing('hpe.greenlake.location')],
  ['/locations/v1/locations/status', () => ok({ status: 'ENABLED' })],
  ['/locations/v1/locations/async-operation/:id', missing('hpe.greenlake.location')],
  [
    '/locations/v1/locations/address/revgeocode',
    (c) => {
      const site = c.state.list('scope-sites.json')[0] ?? {};
      return ok({
        city: text(site.city),
        countryCode: 'US',
        countryName: text(site.country),
        label: `${text(site.address)}, ${text(site.city)}`,
        lat: Number(site.latitude),
        lng: Number(site.longitude),
        postalCode: text(site.zipcode),
        state: text(site.state),
        street: text(site.address),
      });
    },
  ],
  ['/reporting/v1/report-exports-metadata', list(none)],
  ['/reporting/v1/statuses', statusList],
  ['/reporting/v1/statuses/:id', byId((c) => reportStatuses(c.state), 'hpe.greenlake.reporting')],
  ['/reporting/v1/async-operations/:id', missing('hpe.greenlake.reporting')],
  ['/service-catalog/v1/per-region-service-managers', list(perRegion)],
  [
    '/service-catalog/v1/per-region-service-managers/:id',
    byId(perRegion, 'hpe.greenlake.service-catalog'),
  ],
  ['/service-catalog/v1/service-managers', list(managers)],
  ['/service-catalog/v1/service-managers/:id', byId(managers, 'hpe.greenlake.service-catalog')],
  ['/service-catalog/v1/service-manager-provisions', list(provisions)],
  [
    '/service-catalog/v1/service-manager-provisions/:id',
    byId(provisions, 'hpe.greenlake.service-catalog'),
  ],
  ['/service-catalog/v1beta1/featured-services', emptyNext],
  ['/service-catalog/v1beta1/my-services', emptyNext],
  ['/service-catalog/v1beta1|v1beta2/recent-services', emptyNext],
  ['/service-catalog/v1beta1/service-catalog', emptyNext],
  ['/service-catalog/v1beta1/service-offer-regions', nextList((c) => serviceOfferRegions(c.state))],
  [
    '/service-catalog/v1beta1/service-offer-regions/:id',
    byId((c) => serviceOfferRegions(c.state), 'hpe.greenlake.service-catalog'),
  ],
  ['/service-catalog/v1beta1/service-offers', nextList((c) => serviceOffers(c.state))],
  [
    '/service-catalog/v1beta1/service-offers/:id',
    byId((c) => serviceOffers(c.state), 'hpe.greenlake.service-catalog'),
  ],
  ['/service-catalog/v1beta1/service-provisions', nextList((c) => serviceProvisions(c.state))],
  [
    '/service-catalog/v1beta1/service-provisions/:id',
    byId((c) => serviceProvisions(c.state), 'hpe.greenlake.service-catalog'),
  ],
  [
    '/service-catalog/v1beta1/detailed-service-offers/:id',
    missing('hpe.greenlake.service-catalog'),
  ],
  ['/subscriptions/v1alpha1/subscriptions', list(none)],
  ['/subscriptions/v1|v1alpha1/auto-subscription-settings', list(autoSubscriptions)],
  [
    '/subscriptions/v1|v1alpha1/auto-subscription-settings/:id',
    byId(autoSubscriptions, 'hpe.greenlake.subscriptionmanagement'),
  ],
  [
    '/subscriptions/v1|v1beta1/async-operations/:id',
    missing('hpe.greenlake.subscriptionmanagement'),
  ],
  ['/tags/v1|v1beta1/tags', list(tags)],
  ['/tags/v1|v1beta1/tag-resources', list(tagResources)],
  ['/wellness/v2/events', emptyWellness],
  ['/wellness/v2/events/:id', missing('hpe.greenlake.wellness')],
  ['/wellness/v2/support-cases', emptyWellness],
  ['/wellness/v2/support-cases/:id', missing('hpe.greenlake.wellness')],
  ['/wellness/v2/async-operations', emptyWellness],
  ['/wellness/v2/async-operations/:id', missing('hpe.greenlake.wellness')],
];

/** GreenLake platform reads beyond devices, subscriptions, users and the workspace. */
export const glpRoutes: Route[] = TABLE.map(([pattern, handler]) => ({
  method: 'GET',
  pattern,
  kind: 'read',
  handler,
}));
