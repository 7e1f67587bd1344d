import { z } from 'zod';
import { seg } from '../http/central-client.js';
import { collectCursor } from '../http/paging.js';
import { defineTool, defineWriteTool, type ToolContext } from './define-tool.js';
import { runAction, runTest } from './troubleshoot.js';
import { listResult, normaliseMac, odataFilter, omit, pick, timeWindow } from './util.js';

const M = '/network-monitoring/v1';
const CLIENT_STATUSES = ['Connected', 'Failed', 'Connecting', 'Disconnected', 'Blocked'] as const;
const CLIENT_FIELDS = [
  'macAddress',
  'clientName',
  'hostName',
  'userName',
  'ipv4',
  'status',
  'clientConnectionType',
  'connectedDeviceSerial',
  'connectedDeviceType',
  'siteId',
  'siteName',
  'wlanName',
  'vlanId',
  'role',
  'port',
  'wirelessBand',
  'snr',
  'authenticationType',
  'connectedAt',
  'lastSeenAt',
] as const;
export const EVENT_FIELDS = [
  'eventId',
  'eventName',
  'category',
  'severity',
  'description',
  'reason',
  'sourceName',
  'sourceType',
  'serialNumber',
  'clientMacAddress',
  'timeAt',
] as const;
const EVENT_PAGE = 1000;

/** Tools for "why can't this client connect?". */
export function registerClientDiagnosisTools(ctx: ToolContext): void {
  defineTool(
    ctx,
    'read',
    {
      name: 'list_clients',
      title: 'List clients',
      description:
        "List wired and wireless clients. status defaults to the API's own default (Connected); pass status='Failed' for clients that failed to connect.",
      input: {
        site_id: z.string().optional().describe('Only clients of this site id'),
        status: z.enum(CLIENT_STATUSES).optional(),
        connection_type: z.enum(['Wired', 'Wireless']).optional(),
        wlan_name: z.string().optional().describe('Only clients on this SSID'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(5000)
          .optional()
          .describe('Most clients to return (default 1000)'),
      },
      idempotent: true,
    },
    async (a) => {
      const filter = odataFilter({
        status: a.status,
        clientConnectionType: a.connection_type,
        wlanName: a.wlan_name,
      });
      const found = await collectCursor(ctx.central, {
        path: `${M}/clients`,
        query: { 'site-id': a.site_id, filter },
        pageSize: 1000,
        maxItems: a.limit ?? 1000,
      });
      return listResult(found, (c) => pick(c, CLIENT_FIELDS), 'clients');
    },
  );

  defineTool(
    ctx,
    'read',
    {
      name: 'get_client',
      title: 'Get client details',
      description:
        'Details of one client by MAC address (any status), including where it is connected.',
      input: { mac: z.string().describe('Client MAC, e.g. AA:BB:CC:DD:EE:FF') },
      idempotent: true,
    },
    async (a) =>
      omit(await ctx.central.get(`${M}/clients/${seg(normaliseMac(a.mac))}`), ['type', 'id']),
  );

  defineTool(
    ctx,
    'read',
    {
      name: 'get_client_events',
      title: 'Get client events',
      description:
        'Events of one client (association, authentication, DHCP failures …) in the last `hours` hours, newest first. connection_type avoids a client lookup when known.',
      input: {
        mac: z.string(),
        site_id: z.string().describe("The client's site id"),
        hours: z
          .number()
          .int()
          .min(1)
          .max(696)
          .optional()
          .describe('Look-back window (default 24)'),
        connection_type: z.enum(['Wired', 'Wireless']).optional(),
      },
      idempotent: true,
    },
    async (a) => {
      const mac = normaliseMac(a.mac);
      let type = a.connection_type;
      if (type === undefined) {
        const client = await ctx.central.get<{ clientConnectionType?: string }>(
          `${M}/clients/${seg(mac)}`,
        );
        type = client.clientConnectionType === 'Wired' ? 'Wired' : 'Wireless';
      }
      const found = await collectCursor(ctx.central, {
        path: '/network-troubleshooting/v1/events',
        query: {
          'context-type': type === 'Wired' ? 'WIRED_CLIENT' : 'WIRELESS_CLIENT',
          'context-identifier': mac,
          'site-id': a.site_id,
          ...timeWindow(ctx.now(), a.hours ?? 24),
        },
        listKey: 'events',
        pageSize: EVENT_PAGE,
      });
      return { mac, ...listResult(found, (e) => pick(e, EVENT_FIELDS), 'events') };
    },
  );

  defineTool(
    ctx,
    'diagnostic',
    {
      name: 'test_aaa',
      title: 'Test RADIUS authentication from an AP',
      description:
        'Ask an AP to authenticate a username/password against a configured auth server (async test). Reports Passed/Failed and the failure reason. Changes no configuration.',
      input: {
        ap_serial: z.string(),
        server_name: z.string().describe('Auth server name as configured (see list_auth_servers)'),
        username: z.string(),
        password: z.string(),
      },
      idempotent: true,
    },
    async (a) =>
      runTest(ctx, 'aps', a.ap_serial, 'aaa', {
        serverName: a.server_name,
        username: a.username,
        password: a.password,
      }),
  );

  defineWriteTool(
    ctx,
    'write',
    {
      name: 'disconnect_client',
      title: 'Disconnect a wireless client',
      description:
        'Deauthenticate one client from the AP it is on (it may reconnect). Needs REFERENCE_ENABLE_WRITES=1 and user confirmation.',
      input: { ap_serial: z.string(), mac: z.string() },
      idempotent: false,
    },
    (a) => `disconnect client ${normaliseMac(a.mac)} from AP ${a.ap_serial}`,
    async (a) =>
      runAction(ctx, 'aps', a.ap_serial, 'disconnectUserByMacAddress', {
        userMacAddress: normaliseMac(a.mac),
      }),
  );
}
