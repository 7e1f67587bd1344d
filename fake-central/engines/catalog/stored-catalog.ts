import { notFound } from '../../api-error.js';
import { isItem, text } from '../../json.js';
import { cursorPage, offsetPage } from '../../paging.js';
import type { Route, RouteContext } from '../../router.js';
import { CONFIG_VERSIONS, MRT_VERSIONS, ok } from '../../routes/common.js';
import type { Item } from '../../types.js';
import type { FakeResponse } from '../../http-types.js';

/**
 * Catalogue families the bundle now holds (scripts/fixtures/build-notifications.ts,
 * build-nac-config.ts): webhooks (services getWebhooksV1/getWebhookV1), notification rules
 * (notifications getNotificationRulesV1/getNotificationRuleV1), reports and their runs (reporting
 * listReportsV1/getUserReportV1/listReportRunsV1), NAC images and import jobs (central-nac-service
 * ListImages … getCdaJob). Lists page as their documents say (SPEC.md §5); an unknown id is 404.
 */

const PAGE = { defaultLimit: 20, maxLimit: 100 } as const;

function byId(ctx: RouteContext, file: string, field: string, what: string): Item {
  const id = ctx.params.id ?? '';
  const hit = ctx.state.list(file).find((r) => text(r[field]) === id);
  if (!hit) throw notFound(`${what} not found: ${id}`);
  return hit;
}

/** The list view of a rule: the documented summary counts alert names instead of listing them. */
function ruleSummary(rule: Item): Item {
  const source = isItem(rule.source) ? rule.source : {};
  const alerts = isItem(source.alerts) ? source.alerts : undefined;
  if (!alerts) return rule;
  const { alertNames, ...rest } = alerts;
  const count = Array.isArray(alertNames) ? alertNames.length : 0;
  return {
    ...rule,
    source: { ...source, alerts: { ...rest, ...(count > 0 ? { alertCount: count } : {}) } },
  };
}

function reportRuns(ctx: RouteContext): FakeResponse {
  const report = byId(ctx, 'reports.json', 'id', 'Report');
  const runs = ctx.state.object('report-runs.json')[text(report.id)];
  const items = Array.isArray(runs) ? runs.filter(isItem) : [];
  return ok({ ...cursorPage(items, ctx.query, PAGE), report });
}

/** A 1×1 transparent PNG: the bytes of every NAC image the bundle lists. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Image metadata with the size of the bytes the download sends. */
const withSize = (image: Item): Item => ({ ...image, fileSize: PNG.length });

function csvFile(rows: string[][]): FakeResponse {
  return {
    status: 200,
    payload: Buffer.from(rows.map((r) => r.join(',')).join('\r\n') + '\r\n'),
    headers: { 'Content-Type': 'text/csv; charset=utf-8' },
  };
}

/** The registrations a job imported: its input file, and (all succeeded) its result file. */
function jobRows(ctx: RouteContext, withResult: boolean): FakeResponse {
  const job = byId(ctx, 'cnac-job.json', 'id', 'Job');
  const macs = Array.isArray(job._macs) ? job._macs.map((m) => text(m)) : [];
  const regs = ctx.state.list('cnac-mac-reg.json');
  const rows = macs.map((mac) => {
    const reg = regs.find((r) => text(r.macAddress) === mac);
    const base = [mac, text(reg?.displayName), text(reg?.enable ?? true)];
    return withResult ? [...base, 'SUCCESS'] : base;
  });
  const head = ['macAddress', 'displayName', 'enable', ...(withResult ? ['result'] : [])];
  return csvFile([head, ...rows]);
}

const publicJob = (job: Item): Item =>
  Object.fromEntries(Object.entries(job).filter(([k]) => !k.startsWith('_')));

const read = (pattern: string, handler: (ctx: RouteContext) => FakeResponse): Route => ({
  method: 'GET',
  pattern,
  kind: 'read',
  handler,
});

const S = `/network-services/${MRT_VERSIONS}`;
const N = `/network-notifications/${MRT_VERSIONS}`;
const R = `/network-reporting/${MRT_VERSIONS}`;
const C = `/network-config/${CONFIG_VERSIONS}`;

/** Reads of the stored catalogue families; ahead of the empty catalogue entries they replace. */
export const storedCatalogRoutes: Route[] = [
  read(`${S}/webhooks`, ({ state }) => {
    const items = state.list('webhooks.json');
    return ok({ count: items.length, items, totalCount: items.length });
  }),
  read(`${S}/webhooks/:id`, (ctx) => ok(byId(ctx, 'webhooks.json', 'id', 'Webhook'))),
  read(`${N}/notification-rules`, ({ state, query }) =>
    ok(offsetPage(state.list('notification-rules.json').map(ruleSummary), query, PAGE)),
  ),
  read(`${N}/notification-rules/:id`, (ctx) =>
    ok(byId(ctx, 'notification-rules.json', 'id', 'Notification rule')),
  ),
  read(`${R}/reports`, ({ state, query }) =>
    ok(cursorPage(state.list('reports.json'), query, PAGE)),
  ),
  read(`${R}/reports/:id`, (ctx) => ok(byId(ctx, 'reports.json', 'id', 'Report'))),
  read(`${R}/reports/:id/report-runs`, reportRuns),
  read(`${C}/cnac-image`, ({ state }) => {
    const items = state.list('cnac-image.json').map(withSize);
    return ok({ count: items.length, items });
  }),
  read(`${C}/cnac-image/:id`, (ctx) => {
    const image = byId(ctx, 'cnac-image.json', 'imageID', 'Image');
    return ok({ count: 1, items: [withSize(image)] });
  }),
  read(`${C}/cnac-image/download/:id`, (ctx) => {
    const image = byId(ctx, 'cnac-image.json', 'imageID', 'Image');
    return {
      status: 200,
      payload: PNG,
      headers: { 'Content-Type': text(image.mimeType) || 'image/png' },
    };
  }),
  read(`${C}/cnac-job`, ({ state, query }) =>
    ok(
      cursorPage(state.list('cnac-job.json').map(publicJob), query, {
        ...PAGE,
        lastNext: 'absent',
      }),
    ),
  ),
  read(`${C}/cnac-job/:id/status`, (ctx) => {
    const job = publicJob(byId(ctx, 'cnac-job.json', 'id', 'Job'));
    return ok({ count: 1, items: [job], total: 1 });
  }),
  read(`${C}/cnac-job/:id/input`, (ctx) => jobRows(ctx, false)),
  // No row failed: the error file is its header only.
  read(`${C}/cnac-job/:id/error`, (ctx) => {
    byId(ctx, 'cnac-job.json', 'id', 'Job');
    return csvFile([['macAddress', 'displayName', 'enable', 'error']]);
  }),
  read(`${C}/cnac-job/:id`, (ctx) => jobRows(ctx, true)),
];
