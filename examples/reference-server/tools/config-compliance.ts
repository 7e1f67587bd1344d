import { z } from 'zod';
import { collectOffset } from '../http/paging.js';
import { defineTool, defineWriteTool, type ToolContext } from './define-tool.js';
import { listResult, odataFilter, pick, timeWindow } from './util.js';

const HEALTH = '/network-config/v1alpha1/config-health';
const CONFIG_STATUSES = [
  'SYNCHRONIZED',
  'OUT_OF_SYNC',
  'UPDATE_IN_PROGRESS',
  'SYNC_WITH_LIMITATIONS',
  'UNKNOWN',
] as const;
const DEVICE_FIELDS = [
  'serial',
  'name',
  'type',
  'model',
  'siteName',
  'deviceGroupName',
  'configStatus',
  'activeIssues',
  'topPriorityIssue',
  'recommendedAction',
  'lastConfigTimestamp',
] as const;
const AUDIT_FIELDS = [
  'auditId',
  'occurredOn',
  'action',
  'category',
  'subCategory',
  'description',
  'source',
  'destinationName',
  'ipAddress',
] as const;

/** Tools for "which devices are out of sync with their configuration, and why?". */
export function registerConfigComplianceTools(ctx: ToolContext): void {
  defineTool(
    ctx,
    'read',
    {
      name: 'list_config_health',
      title: 'List device config health',
      description:
        'Configuration sync status of every device (SYNCHRONIZED, OUT_OF_SYNC …) with its top issue.',
      input: { config_status: z.enum(CONFIG_STATUSES).optional() },
      idempotent: true,
    },
    async (a) => {
      const found = await collectOffset(ctx.central, {
        path: `${HEALTH}/devices`,
        query: { filter: odataFilter({ configStatus: a.config_status }) },
        listKey: 'devices',
        pageSize: 1000,
      });
      return listResult(found, (d) => pick(d, DEVICE_FIELDS), 'devices');
    },
  );

  defineTool(
    ctx,
    'read',
    {
      name: 'get_config_issues',
      title: 'Get config issues of a device',
      description:
        "A device's active configuration issues (push/pull failures, invalid config) with recommended actions.",
      input: { serial: z.string() },
      idempotent: true,
    },
    async (a) => ({
      serial: a.serial,
      ...(await ctx.central.get<Record<string, unknown>>(`${HEALTH}/active-issue`, {
        serial: a.serial,
      })),
    }),
  );

  defineWriteTool(
    ctx,
    'write',
    {
      name: 'resync_devices',
      title: 'Resync device configuration',
      description:
        'Push the intended configuration to devices again (fixes OUT_OF_SYNC after the cause is resolved). Needs REFERENCE_ENABLE_WRITES=1 and user confirmation.',
      input: { serials: z.array(z.string()).min(1).max(100) },
      idempotent: false,
    },
    (a) => `resync the configuration of ${a.serials.length} device(s): ${a.serials.join(', ')}`,
    async (a) => {
      const res = await ctx.central.request({
        method: 'POST',
        path: `${HEALTH}/devices-resync`,
        body: { serials: a.serials },
      });
      const message = (res.body as { message?: unknown } | null)?.message;
      return {
        changed: true,
        action: 'resync',
        serials: a.serials,
        ...(typeof message === 'string' ? { message } : {}),
      };
    },
  );

  defineTool(
    ctx,
    'read',
    {
      name: 'list_audits',
      title: 'List audit log',
      description:
        'Configuration and administration audit entries of the last `hours` hours (who changed what).',
      input: {
        hours: z
          .number()
          .int()
          .min(1)
          .max(2159)
          .optional()
          .describe('Look-back window (default 24)'),
      },
      idempotent: true,
    },
    async (a) => {
      const found = await collectOffset(ctx.central, {
        path: '/network-services/v1/audits',
        query: timeWindow(ctx.now(), a.hours ?? 24),
        pageSize: 1000,
        firstOffset: 1,
      });
      return listResult(found, (e) => pick(e, AUDIT_FIELDS), 'audits');
    },
  );
}
