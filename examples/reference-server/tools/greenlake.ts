import { z } from 'zod';
import { collectOffset } from '../http/paging.js';
import { defineTool, type ToolContext } from './define-tool.js';
import { listResult, odataFilter, pick } from './util.js';

const DEVICE_FIELDS = [
  'id',
  'serialNumber',
  'partNumber',
  'deviceType',
  'deviceName',
  'macAddress',
  'model',
  'region',
  'assignedState',
  'subscription',
  'tags',
  'archived',
] as const;
const SUBSCRIPTION_FIELDS = [
  'id',
  'key',
  'sku',
  'skuDescription',
  'subscriptionType',
  'subscriptionStatus',
  'tier',
  'quantity',
  'availableQuantity',
  'startTime',
  'endTime',
] as const;

/** Tools for the GreenLake platform: device inventory and subscriptions. */
export function registerGreenlakeTools(ctx: ToolContext): void {
  defineTool(
    ctx,
    'read',
    {
      name: 'list_glp_devices',
      title: 'List GreenLake devices',
      description:
        'Devices in the GreenLake workspace inventory with their assigned subscription (key, tier, end time).',
      input: { serial: z.string().optional().describe('Only this serial number') },
      idempotent: true,
    },
    async (a) => {
      const found = await collectOffset(ctx.central, {
        path: '/devices/v1/devices',
        query: { filter: odataFilter({ serialNumber: a.serial }) },
        pageSize: 2000,
        api: 'greenlake',
      });
      return listResult(found, (d) => pick(d, DEVICE_FIELDS), 'devices');
    },
  );

  defineTool(
    ctx,
    'read',
    {
      name: 'list_subscriptions',
      title: 'List GreenLake subscriptions',
      description:
        'Subscriptions of the workspace: key, SKU, type, tier, status, quantities and dates.',
      input: {},
      idempotent: true,
    },
    async () => {
      const found = await collectOffset(ctx.central, {
        path: '/subscriptions/v1/subscriptions',
        pageSize: 50,
        api: 'greenlake',
      });
      return listResult(found, (s) => pick(s, SUBSCRIPTION_FIELDS), 'subscriptions');
    },
  );
}
