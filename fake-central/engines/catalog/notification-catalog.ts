import { text } from '../../json.js';
import type { RouteContext } from '../../router.js';
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';

/**
 * Notification and reporting lists derived from the bundle's alerts, clients, devices and
 * reports, so they agree with what the alert, client and report endpoints show.
 */

/**
 * getAlertConfigs: one system rule per alert type the world raises, at the asked scope
 * (`scope-type` GLOBAL by default, `scope-id` the tenant or a site); a site or device scope
 * shows the same rules as inherited.
 */
export function alertConfigs(ctx: RouteContext): Item[] {
  const scopeType = ctx.query.get('scope-type') ?? 'GLOBAL';
  const scopeId = ctx.query.get('scope-id') ?? '';
  const byType = new Map<string, Item>();
  for (const a of ctx.state.list('alerts.json')) {
    if (!byType.has(text(a.typeId))) byType.set(text(a.typeId), a);
  }
  return [...byType.values()]
    .sort((a, b) => text(a.typeId).localeCompare(text(b.typeId)))
    .map((a) => ({
      category: text(a.category),
      clearTimeout: '30',
      description: `Raised when: ${text(a.name)}`,
      deviceType: text(a.deviceType),
      enabled: true,
      inherited: scopeType !== 'GLOBAL',
      label: text(a.name),
      name: text(a.typeId),
      ruleSource: 'SYSTEM',
      rules: [{ rule: { additionalCondition: [], condition: [], duration: 5 }, ruleNumber: 1 }],
      scopeId,
      scopeType,
    }));
}

/**
 * getSourceRecommendationsV1: an insight per site where clients failed to onboard and per site
 * with an offline device, each counting the clients and devices it concerns; `site-id` and
 * `insight-id` narrow it.
 */
export function insights(state: FakeState, query: URLSearchParams): Item[] {
  const tenantId = text(state.bundle.manifest.credentials.workspaceId);
  const sites = state.list('scope-sites.json');
  const out: Item[] = [];
  for (const site of sites) {
    const id = text(site.id);
    const name = text(site.scopeName);
    const failed = state
      .list('clients.json')
      .filter((c) => text(c.siteId) === id && c.status === 'Failed');
    const offline = state
      .list('devices.json')
      .filter((d) => text(d.siteId) === id && d.status !== 'ONLINE');
    const add = (kind: string, title: string, category: string, devices: number, clients: number) =>
      out.push({
        category,
        data: null,
        description: title,
        id: `${kind}-${id}`,
        impactedSites: [
          {
            impactedClientCount: clients,
            impactedDeviceCount: devices,
            siteId: id,
            siteName: name,
          },
        ],
        insightId: kind,
        siteId: id,
        tenantId,
        timestamp: state.now,
        title: `${title} at ${name}`,
        type: 'network-notifications/insight',
      });
    if (failed.length > 0)
      add(
        'client-onboarding-failures',
        `${failed.length} client(s) failed to connect`,
        'Connectivity',
        new Set(failed.map((c) => text(c.connectedDeviceSerial))).size,
        failed.length,
      );
    if (offline.length > 0)
      add(
        'devices-offline',
        `${offline.length} device(s) offline`,
        'Availability',
        offline.length,
        0,
      );
  }
  const site = query.get('site-id');
  const insight = query.get('insight-id');
  return out.filter(
    (i) => (site === null || i.siteId === site) && (insight === null || i.insightId === insight),
  );
}

/** The KPI widgets of the report types the bundle's reports use (getReportsMetadataV1). */
const WIDGETS: Record<string, [string, string, string[]][]> = {
  networkHealth: [
    ['SITE_HEALTH', 'Site health', ['siteName', 'siteHealth', 'deviceHealth', 'clientHealth']],
    ['DEVICE_AVAILABILITY', 'Device availability', ['deviceName', 'deviceType', 'uptime']],
    ['CLIENT_ONBOARDING', 'Client onboarding', ['stage', 'attempts', 'failures']],
    ['TOP_APS_BY_USAGE', 'Top access points by usage', ['deviceName', 'usage']],
  ],
};

export function kpiWidgets(state: FakeState): Item[] {
  const types = [...new Set(state.list('reports.json').map((r) => text(r.reportType)))].sort();
  return types.flatMap((reportType) =>
    (WIDGETS[reportType] ?? []).map(([kpi, label, columns]) => ({
      allowedRenderTypes: ['TABLE', 'CHART'],
      columns: columns.map((column, i) => ({
        column,
        displayName: column,
        optionality: i === 0 ? 'MANDATORY' : 'OPTIONAL_PRESELECTED',
      })),
      description: `${label} over the report's sites`,
      displayName: label,
      isTimeSliceEnabled: true,
      kpi,
      kpiDescription: label,
      kpiDisplayName: label,
      kpiWidget: `${reportType}.${kpi}`,
      reportCategory: 'NETWORK',
      reportName: 'Network health',
      reportType,
    })),
  );
}
