import { z } from 'zod';
import { seg } from '../http/central-client.js';
import { collectCursor } from '../http/paging.js';
import { defineTool, defineWriteTool, ToolInputError, type ToolContext } from './define-tool.js';
import { listResult, pick } from './util.js';

const SSIDS = '/network-config/v1alpha1/wlan-ssids';
const OPMODES = [
  'OPEN',
  'ENHANCED_OPEN',
  'WPA2_PERSONAL',
  'WPA3_SAE',
  'WPA2_ENTERPRISE',
  'WPA3_ENTERPRISE_CCM_128',
  'WPA3_ENTERPRISE_GCM_256',
] as const;
const PERSONAL = new Set<string>(['WPA2_PERSONAL', 'WPA3_SAE']);

/** The API's success body, without the debug id a model has no use for. */
function changed(action: string, ssid: string, body: unknown): Record<string, unknown> {
  const message = (body as { message?: unknown } | null)?.message;
  return { changed: true, action, ssid, ...(typeof message === 'string' ? { message } : {}) };
}

/** Tools for "add, change or remove an SSID". */
export function registerWlanChangeTools(ctx: ToolContext): void {
  defineTool(
    ctx,
    'read',
    {
      name: 'list_wlans',
      title: 'List WLANs (monitoring)',
      description: 'Broadcast WLANs with security level, VLAN, status and connected client count.',
      input: { site_id: z.string().optional() },
      idempotent: true,
    },
    async (a) => {
      const found = await collectCursor(ctx.central, {
        path: '/network-monitoring/v1/wlans',
        query: { 'site-id': a.site_id },
        pageSize: 1000,
      });
      const fields = [
        'wlanName',
        'securityLevel',
        'security',
        'band',
        'vlan',
        'status',
        'clientCount',
      ];
      return listResult(found, (w) => pick(w, fields), 'wlans');
    },
  );

  defineTool(
    ctx,
    'read',
    {
      name: 'get_wlan_config',
      title: 'Get WLAN SSID configuration',
      description:
        'The configuration profile of one SSID (opmode, VLAN, auth servers …). Secrets are masked.',
      input: { ssid: z.string() },
      idempotent: true,
    },
    async (a) => ctx.central.get(`${SSIDS}/${seg(a.ssid)}`),
  );

  const vlan = z.union([z.string(), z.number().int()]).optional();
  defineWriteTool(
    ctx,
    'write',
    {
      name: 'create_wlan',
      title: 'Create a WLAN SSID',
      description:
        'Create an SSID profile. Personal opmodes (WPA2_PERSONAL, WPA3_SAE) need a passphrase of 8-63 characters. Needs REFERENCE_ENABLE_WRITES=1 and user confirmation.',
      input: {
        ssid: z.string().min(1).max(32),
        opmode: z.enum(OPMODES),
        vlan_id: vlan,
        passphrase: z.string().optional(),
        enable: z.boolean().optional().describe('Broadcast it (default true)'),
        description: z.string().optional(),
        hide_ssid: z.boolean().optional(),
        auth_server: z.string().optional().describe('Primary auth server for enterprise opmodes'),
      },
      idempotent: false,
    },
    (a) => {
      const personal = PERSONAL.has(a.opmode);
      if (
        personal &&
        (a.passphrase === undefined || a.passphrase.length < 8 || a.passphrase.length > 63)
      ) {
        throw new ToolInputError(`${a.opmode} needs a passphrase of 8-63 characters`);
      }
      if (!personal && a.passphrase !== undefined) {
        throw new ToolInputError(`${a.opmode} does not use a passphrase`);
      }
      const vlanText = a.vlan_id === undefined ? '' : `, VLAN ${a.vlan_id}`;
      return `create SSID '${a.ssid}' (${a.opmode}${vlanText}${a.enable === false ? ', disabled' : ''})`;
    },
    async (a) => {
      const body: Record<string, unknown> = {
        ssid: a.ssid,
        enable: a.enable ?? true,
        essid: { name: a.ssid, 'use-alias': false },
        opmode: a.opmode,
      };
      if (a.description !== undefined) body.description = a.description;
      if (a.hide_ssid !== undefined) body['hide-ssid'] = a.hide_ssid;
      if (a.vlan_id !== undefined) {
        body['vlan-selector'] = 'VLAN_RANGES';
        body['vlan-id-range'] = [String(a.vlan_id)];
      }
      if (a.passphrase !== undefined) {
        body['personal-security'] = {
          'passphrase-format': 'STRING',
          'wpa-passphrase': a.passphrase,
        };
      }
      if (a.auth_server !== undefined) body['primary-auth-server'] = a.auth_server;
      const res = await ctx.central.request({
        method: 'POST',
        path: `${SSIDS}/${seg(a.ssid)}`,
        body,
      });
      return changed('created', a.ssid, res.body);
    },
  );

  defineWriteTool(
    ctx,
    'write',
    {
      name: 'update_wlan',
      title: 'Update a WLAN SSID',
      description:
        'Merge-patch an SSID profile with `changes` in the config API\'s kebab-case keys, e.g. {"vlan-id-range": ["30"]} or {"enable": false}; null removes a key. Needs REFERENCE_ENABLE_WRITES=1 and user confirmation.',
      input: {
        ssid: z.string(),
        changes: z.record(z.string(), z.unknown()).describe('Fields to change (kebab-case)'),
      },
      idempotent: true,
    },
    (a) => {
      const keys = Object.keys(a.changes);
      if (keys.length === 0) throw new ToolInputError('changes is empty: nothing to update');
      if ('ssid' in a.changes)
        throw new ToolInputError('an SSID cannot be renamed; create a new one');
      return `update SSID '${a.ssid}': ${JSON.stringify(ctx.redactor.redact(a.changes))}`;
    },
    async (a) => {
      const res = await ctx.central.request({
        method: 'PATCH',
        path: `${SSIDS}/${seg(a.ssid)}`,
        body: a.changes,
      });
      return { ...changed('updated', a.ssid, res.body), fields: Object.keys(a.changes) };
    },
  );

  defineWriteTool(
    ctx,
    'destructive',
    {
      name: 'delete_wlan',
      title: 'Delete a WLAN SSID',
      description:
        'Delete an SSID profile; clients on it lose service. Needs REFERENCE_ENABLE_WRITES=1 and user confirmation.',
      input: { ssid: z.string() },
      idempotent: true,
    },
    (a) => `delete SSID '${a.ssid}' (its clients will be disconnected)`,
    async (a) => {
      const res = await ctx.central.request({ method: 'DELETE', path: `${SSIDS}/${seg(a.ssid)}` });
      return changed('deleted', a.ssid, res.body);
    },
  );
}
