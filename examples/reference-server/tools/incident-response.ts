import { z } from 'zod';
import { collectCursor } from '../http/paging.js';
import { EVENT_FIELDS } from './client-diagnosis.js';
import { defineTool, defineWriteTool, type ToolContext } from './define-tool.js';
import { DEVICE_TYPES, devicePath, runAction, runTest } from './troubleshoot.js';
import { listResult, normaliseMac, pick, timeWindow } from './util.js';

const CONTEXT_TYPES = [
  'SITE',
  'ACCESS_POINT',
  'SWITCH',
  'GATEWAY',
  'WIRELESS_CLIENT',
  'WIRED_CLIENT',
  'BRIDGE',
] as const;
const deviceType = z
  .enum(DEVICE_TYPES)
  .optional()
  .describe('ACCESS_POINT, GATEWAY, CX or AOS_S skip a device lookup; SWITCH or none looks it up');

/** Tools for "something broke: what happened, and test from the device". */
export function registerIncidentResponseTools(ctx: ToolContext): void {
  defineTool(
    ctx,
    'read',
    {
      name: 'list_events',
      title: 'List events',
      description:
        'Events of a site, device or client in the last `hours` hours, newest first. context_id is the site id, device serial or client MAC.',
      input: {
        context_type: z.enum(CONTEXT_TYPES),
        context_id: z.string(),
        site_id: z.string(),
        hours: z
          .number()
          .int()
          .min(1)
          .max(696)
          .optional()
          .describe('Look-back window (default 24)'),
      },
      idempotent: true,
    },
    async (a) => {
      const client = a.context_type === 'WIRELESS_CLIENT' || a.context_type === 'WIRED_CLIENT';
      const found = await collectCursor(ctx.central, {
        path: '/network-troubleshooting/v1/events',
        query: {
          'context-type': a.context_type,
          'context-identifier': client ? normaliseMac(a.context_id) : a.context_id,
          'site-id': a.site_id,
          ...timeWindow(ctx.now(), a.hours ?? 24),
        },
        listKey: 'events',
        pageSize: 1000,
      });
      return listResult(found, (e) => pick(e, EVENT_FIELDS), 'events');
    },
  );

  defineTool(
    ctx,
    'diagnostic',
    {
      name: 'run_ping',
      title: 'Ping from a device',
      description:
        'Ping a destination from an AP, switch or gateway (async test); packet loss and round-trip times.',
      input: {
        serial: z.string(),
        destination: z.string(),
        count: z.number().int().min(1).max(100).optional(),
        device_type: deviceType,
      },
      idempotent: true,
    },
    async (a) => {
      const path = await devicePath(ctx, a.serial, a.device_type);
      return runTest(ctx, path, a.serial, 'ping', {
        destination: a.destination,
        ...(a.count === undefined ? {} : { count: a.count }),
      });
    },
  );

  defineTool(
    ctx,
    'diagnostic',
    {
      name: 'run_traceroute',
      title: 'Traceroute from a device',
      description: 'Traceroute to a destination from an AP, switch or gateway (async test).',
      input: { serial: z.string(), destination: z.string(), device_type: deviceType },
      idempotent: true,
    },
    async (a) => {
      const path = await devicePath(ctx, a.serial, a.device_type);
      return runTest(ctx, path, a.serial, 'traceroute', { destination: a.destination });
    },
  );

  defineTool(
    ctx,
    'diagnostic',
    {
      name: 'run_show_commands',
      title: 'Run show commands on a device',
      description:
        "Run read-only CLI show commands (e.g. 'show version') on a device and return each output.",
      input: {
        serial: z.string(),
        commands: z
          .array(z.string().regex(/^\s*show\s/i, 'only show commands are allowed'))
          .min(1)
          .max(10),
        device_type: deviceType,
      },
      idempotent: true,
    },
    async (a) => {
      const path = await devicePath(ctx, a.serial, a.device_type);
      return runTest(ctx, path, a.serial, 'showCommands', { commands: a.commands });
    },
  );

  defineWriteTool(
    ctx,
    'destructive',
    {
      name: 'reboot_device',
      title: 'Reboot a device',
      description:
        'Reboot an AP, switch or gateway; its clients lose service until it is back. Needs REFERENCE_ENABLE_WRITES=1 and user confirmation.',
      input: { serial: z.string(), device_type: deviceType },
      idempotent: false,
    },
    (a) => `reboot device ${a.serial} (its clients lose service while it restarts)`,
    async (a) => runAction(ctx, await devicePath(ctx, a.serial, a.device_type), a.serial, 'reboot'),
  );
}
