import { z } from 'zod';
import { seg } from '../http/central-client.js';
import { collectCursor, collectOffset } from '../http/paging.js';
import { defineTool, type ToolContext } from './define-tool.js';
import { groups, listResult, odataFilter, omit, pick } from './util.js';

const M = '/network-monitoring/v1';
const DEVICE_FIELDS = [
  'serialNumber',
  'deviceName',
  'deviceType',
  'macAddress',
  'model',
  'status',
  'siteId',
  'siteName',
  'ipv4',
  'firmwareVersion',
  'deviceFunction',
  'configStatus',
  'lastSeenAt',
] as const;

function siteSummary(site: unknown): Record<string, unknown> {
  const s = site as Record<string, unknown>;
  const devices = s.devices as { count?: unknown; health?: unknown } | undefined;
  const clients = s.clients as { count?: unknown; health?: unknown } | undefined;
  const alerts = s.alerts as { totalCount?: unknown } | undefined;
  return {
    id: s.id,
    siteName: s.siteName,
    health: groups(s.health),
    devices: { count: devices?.count, health: groups(devices?.health) },
    clients: { count: clients?.count, health: groups(clients?.health) },
    alerts: { total: alerts?.totalCount, bySeverity: groups(s.alerts) },
    reasons: s.reasons,
  };
}

/** Tools for "how healthy are my sites and devices?". */
export function registerSiteDeviceHealthTools(ctx: ToolContext): void {
  defineTool(
    ctx,
    'read',
    {
      name: 'list_sites_health',
      title: 'List sites with health',
      description:
        'Every site with its id, health split (Poor/Fair/Good), device and client counts, active alert counts and the top health reasons.',
      input: {},
      idempotent: true,
    },
    async () => {
      const found = await collectOffset(ctx.central, { path: `${M}/sites-health`, pageSize: 1000 });
      return listResult(found, siteSummary, 'sites');
    },
  );

  defineTool(
    ctx,
    'read',
    {
      name: 'get_site_health',
      title: 'Get site health',
      description:
        'Health detail of one site by site id: per device type and client type, and the reasons.',
      input: { site_id: z.string() },
      idempotent: true,
    },
    async (a) =>
      omit(await ctx.central.get(`${M}/site-health/${seg(a.site_id)}`), ['type', 'response']),
  );

  defineTool(
    ctx,
    'read',
    {
      name: 'list_devices',
      title: 'List devices',
      description:
        'APs, switches and gateways with serial, name, model, status (ONLINE/OFFLINE), site and firmware.',
      input: {
        site_id: z.string().optional(),
        device_type: z.enum(['ACCESS_POINT', 'SWITCH', 'GATEWAY']).optional(),
        status: z.enum(['ONLINE', 'OFFLINE']).optional(),
      },
      idempotent: true,
    },
    async (a) => {
      const filter = odataFilter({
        siteId: a.site_id,
        deviceType: a.device_type,
        status: a.status,
      });
      const found = await collectCursor(ctx.central, {
        path: `${M}/devices`,
        query: { filter },
        pageSize: 1000,
      });
      return listResult(found, (d) => pick(d, DEVICE_FIELDS), 'devices');
    },
  );

  const detail = (name: string, title: string, family: string, what: string): void =>
    defineTool(
      ctx,
      'read',
      {
        name,
        title,
        description: `Monitoring detail of one ${what} by serial number (status, health, utilisation, ports/radios).`,
        input: { serial: z.string() },
        idempotent: true,
      },
      async (a) => omit(await ctx.central.get(`${M}/${family}/${seg(a.serial)}`), ['type']),
    );
  detail('get_ap', 'Get access point', 'aps', 'access point');
  detail('get_switch', 'Get switch', 'switches', 'switch');
  detail('get_gateway', 'Get gateway', 'gateways', 'gateway');
}
