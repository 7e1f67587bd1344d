import { z } from 'zod';
import { pollUntil } from '../http/async-poll.js';
import { collectCursor } from '../http/paging.js';
import { defineTool, defineWriteTool, type ToolContext } from './define-tool.js';
import { listResult, odataFilter, pick } from './util.js';

const A = '/network-notifications/v1/alerts';
const MAX_POLLS = 20;
const FIELDS = [
  'id',
  'key',
  'name',
  'summary',
  'category',
  'severity',
  'priority',
  'status',
  'deviceType',
  'createdAt',
  'updatedAt',
  'clearedReason',
] as const;
const CLEAR_REASONS = [
  'Problem was resolved',
  'False Positive',
  'Insufficient information for troubleshooting',
  'Alert is not important',
  'Other',
] as const;
const PRIORITIES = ['Very High', 'High', 'Medium', 'Low', 'Very Low'] as const;
const alertKeys = z
  .array(z.string().min(1))
  .min(1)
  .max(100)
  .describe('Alert keys from list_alerts');

interface ActionStatus {
  state?: string;
  error?: { message?: string } | null;
}

/**
 * Alert actions are async: POST answers 202 with the operation's location, which is polled
 * until SUCCEEDED or FAILED so the result says what actually happened.
 */
async function alertAction(
  ctx: ToolContext,
  action: 'clear' | 'defer' | 'priority',
  body: Record<string, unknown>,
  keys: string[],
): Promise<Record<string, unknown>> {
  const res = await ctx.central.request<{ location?: string }>({
    method: 'POST',
    path: `${A}/${action}`,
    body,
  });
  const location = res.location ?? res.body?.location;
  if (!location) return { changed: true, action, alerts: keys, state: 'ACCEPTED' };
  const path = /^https?:\/\//i.test(location) ? new URL(location).pathname : location;
  const outcome = await pollUntil(
    () => ctx.central.get<ActionStatus>(path),
    (s) => s.state === 'SUCCEEDED' || s.state === 'FAILED',
    { intervalMs: ctx.config.pollIntervalMs, maxPolls: MAX_POLLS },
  );
  const state = outcome.last.state ?? 'UNKNOWN';
  return {
    changed: state === 'SUCCEEDED',
    action,
    alerts: keys,
    state: outcome.finished ? state : `${state} (still running after ${outcome.polls} polls)`,
    ...(outcome.last.error?.message ? { error: outcome.last.error.message } : {}),
  };
}

/** Tools for "what is alerting, and clear/defer/prioritise it". */
export function registerAlertTools(ctx: ToolContext): void {
  defineTool(
    ctx,
    'read',
    {
      name: 'list_alerts',
      title: 'List alerts',
      description:
        "Alerts, newest first. status defaults to 'Active'. Each alert's `key` is what clear/defer/priority take.",
      input: {
        site_id: z.string().optional(),
        severity: z.enum(['Critical', 'Major', 'Minor', 'Warning']).optional(),
        status: z.enum(['Active', 'Deferred', 'Cleared']).optional(),
        category: z
          .string()
          .optional()
          .describe('Clients, System, LAN, WLAN, WAN, Cluster, Routing, Security'),
      },
      idempotent: true,
    },
    async (a) => {
      const filter = odataFilter({
        status: a.status ?? 'Active',
        siteId: a.site_id,
        severity: a.severity,
        category: a.category,
      });
      const found = await collectCursor(ctx.central, { path: A, query: { filter }, pageSize: 100 });
      return listResult(found, (x) => pick(x, FIELDS), 'alerts');
    },
  );

  defineWriteTool(
    ctx,
    'write',
    {
      name: 'clear_alerts',
      title: 'Clear alerts',
      description:
        'Clear alerts by key with a reason. Needs REFERENCE_ENABLE_WRITES=1 and user confirmation.',
      input: { keys: alertKeys, reason: z.enum(CLEAR_REASONS), notes: z.string().optional() },
      idempotent: true,
    },
    (a) => `clear ${a.keys.length} alert(s) (${a.keys.join(', ')}) as '${a.reason}'`,
    async (a) =>
      alertAction(
        ctx,
        'clear',
        { keys: a.keys, reason: a.reason, ...(a.notes ? { notes: a.notes } : {}) },
        a.keys,
      ),
  );

  defineWriteTool(
    ctx,
    'write',
    {
      name: 'defer_alerts',
      title: 'Defer alerts',
      description:
        'Snooze alerts until a time (RFC 3339, in the future). Needs REFERENCE_ENABLE_WRITES=1 and user confirmation.',
      input: { keys: alertKeys, defer_until: z.string().describe('e.g. 2026-03-03T12:00:00Z') },
      idempotent: true,
    },
    (a) => `defer ${a.keys.length} alert(s) (${a.keys.join(', ')}) until ${a.defer_until}`,
    async (a) => alertAction(ctx, 'defer', { keys: a.keys, deferUntil: a.defer_until }, a.keys),
  );

  defineWriteTool(
    ctx,
    'write',
    {
      name: 'set_alert_priority',
      title: 'Set alert priority',
      description:
        'Change the priority of alerts. Needs REFERENCE_ENABLE_WRITES=1 and user confirmation.',
      input: { keys: alertKeys, priority: z.enum(PRIORITIES) },
      idempotent: true,
    },
    (a) => `set the priority of ${a.keys.length} alert(s) (${a.keys.join(', ')}) to ${a.priority}`,
    async (a) => alertAction(ctx, 'priority', { keys: a.keys, priority: a.priority }, a.keys),
  );
}
