import { z } from 'zod';
import { collectCursor } from '../http/paging.js';
import { defineTool, defineWriteTool, ToolInputError, type ToolContext } from './define-tool.js';
import { listResult, odataFilter, pick } from './util.js';

const COMPLIANCE = '/network-config/v1alpha1/firmware-compliance';
const FIELDS = [
  'serialNumber',
  'deviceName',
  'deviceType',
  'siteId',
  'siteName',
  'firmwareVersion',
  'recommendedVersion',
  'firmwareClassification',
  'upgradeStatus',
  'lastUpgradedTimeAt',
] as const;

/** Tools for "which devices run old firmware, and what is the target?". */
export function registerFirmwareTools(ctx: ToolContext): void {
  defineTool(
    ctx,
    'read',
    {
      name: 'list_firmware',
      title: 'List device firmware',
      description:
        "Each device's running and recommended firmware and its upgrade status ('Up To Date', 'Upgrade Available' …).",
      input: {
        site_id: z.string().optional(),
        device_type: z.enum(['ACCESS_POINT', 'SWITCH', 'GATEWAY']).optional(),
        upgrade_status: z.string().optional().describe("e.g. 'Upgrade Available'"),
      },
      idempotent: true,
    },
    async (a) => {
      const filter = odataFilter({
        siteId: a.site_id,
        deviceType: a.device_type,
        upgradeStatus: a.upgrade_status,
      });
      const found = await collectCursor(ctx.central, {
        path: '/network-services/v1/firmware-details',
        query: { filter },
        pageSize: 1000,
      });
      return listResult(found, (d) => pick(d, FIELDS), 'devices');
    },
  );

  defineTool(
    ctx,
    'read',
    {
      name: 'get_firmware_compliance',
      title: 'Get firmware compliance policy',
      description:
        'The firmware compliance policy: target version chart, per-model exceptions, upgrade schedule.',
      input: {},
      idempotent: true,
    },
    async () => ctx.central.get(COMPLIANCE),
  );

  defineWriteTool(
    ctx,
    'write',
    {
      name: 'set_firmware_compliance',
      title: 'Set the firmware compliance target',
      description:
        'Set the target firmware version of the compliance policy (devices then upgrade on its schedule). scope_id and device_function together target one scope instead of the shared policy. Needs REFERENCE_ENABLE_WRITES=1 and user confirmation.',
      input: {
        version: z.string().min(1),
        upgrade_mode: z.enum(['REGULAR', 'LIVE']).optional(),
        scope_id: z.string().optional(),
        device_function: z.string().optional().describe('e.g. CAMPUS_AP, ACCESS_SWITCH'),
      },
      idempotent: true,
    },
    (a) => {
      if ((a.scope_id === undefined) !== (a.device_function === undefined)) {
        throw new ToolInputError(
          'scope_id and device_function go together (a local policy needs both)',
        );
      }
      const where =
        a.scope_id === undefined
          ? 'the shared policy'
          : `scope ${a.scope_id} (${a.device_function ?? ''})`;
      return `set the firmware compliance target to ${a.version} on ${where}`;
    },
    async (a) => {
      const body: Record<string, unknown> = { 'version-chart': { version: a.version } };
      if (a.upgrade_mode !== undefined) body['upgrade-mode'] = a.upgrade_mode;
      const query =
        a.scope_id === undefined
          ? undefined
          : {
              'object-type': 'LOCAL',
              'scope-id': a.scope_id,
              'device-function': a.device_function,
            };
      const res = await ctx.central.request({
        method: 'PATCH',
        path: COMPLIANCE,
        body,
        ...(query ? { query } : {}),
      });
      const message = (res.body as { message?: unknown } | null)?.message;
      return {
        changed: true,
        action: 'updated',
        version: a.version,
        ...(typeof message === 'string' ? { message } : {}),
      };
    },
  );
}
