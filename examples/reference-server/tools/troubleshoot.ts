import { pollUntil } from '../http/async-poll.js';
import { seg } from '../http/central-client.js';
import type { ToolContext } from './define-tool.js';
import { ToolInputError } from './define-tool.js';

const T = '/network-troubleshooting/v1';
const MAX_POLLS = 20;

/** Path segment of each device family under network-troubleshooting. */
export const DEVICE_PATHS = ['aps', 'cx', 'aos-s', 'gateways'] as const;
export type DevicePath = (typeof DEVICE_PATHS)[number];

/** The device_type values tools accept: list_devices' values plus the two switch OSes. */
export const DEVICE_TYPES = ['ACCESS_POINT', 'SWITCH', 'CX', 'AOS_S', 'GATEWAY'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

const DIRECT: Partial<Record<DeviceType, DevicePath>> = {
  ACCESS_POINT: 'aps',
  CX: 'cx',
  AOS_S: 'aos-s',
  GATEWAY: 'gateways',
};

/** AOS-S releases look like `WC.16.11.0010`; AOS-CX like `10.15.1010` or `FL.10.13.1050`. */
function switchPath(firmware: unknown): DevicePath {
  return typeof firmware === 'string' && /^[A-Z]{2}\.1[56]\./.test(firmware) ? 'aos-s' : 'cx';
}

/**
 * The troubleshooting path family of a device. A known type costs nothing; otherwise (or for a
 * switch, whose OS decides between cx and aos-s) one filtered device lookup.
 */
export async function devicePath(
  ctx: ToolContext,
  serial: string,
  deviceType: DeviceType | undefined,
): Promise<DevicePath> {
  const direct = deviceType === undefined ? undefined : DIRECT[deviceType];
  if (direct) return direct;
  const page = await ctx.central.get<{ items?: Record<string, unknown>[] }>(
    '/network-monitoring/v1/devices',
    { filter: `serialNumber eq '${serial.replaceAll("'", "''")}'`, limit: 1 },
  );
  const device = page.items?.[0];
  if (!device) throw new ToolInputError(`no device with serial ${serial} in Central`);
  switch (device.deviceType) {
    case 'ACCESS_POINT':
      return 'aps';
    case 'GATEWAY':
      return 'gateways';
    case 'SWITCH':
      return switchPath(device.firmwareVersion);
    default:
      throw new ToolInputError(
        `device ${serial} is a ${String(device.deviceType)}; troubleshooting supports APs, switches and gateways`,
      );
  }
}

interface TaskStatus {
  status?: string;
  progressPercent?: number;
  failReason?: string | null;
  output?: unknown;
  rawOutput?: string | null;
}

function pathOf(location: string): string {
  return /^https?:\/\//i.test(location) ? new URL(location).pathname : location;
}

/**
 * Starts an async troubleshooting test (POST → 202 + location) and polls its
 * async-operation until COMPLETED or FAILED. A test that ran but failed (ping unreachable, AAA
 * rejected) is COMPLETED with a failReason: that is a result, not an error.
 */
export async function runTest(
  ctx: ToolContext,
  path: DevicePath,
  serial: string,
  action: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const started = await ctx.central.request<{ location?: string; status?: string }>({
    method: 'POST',
    path: `${T}/${path}/${seg(serial)}/${action}`,
    body,
  });
  const location = started.body?.location ?? started.location;
  if (!location) {
    throw new Error(`${action} on ${serial} was accepted but returned no task location`);
  }
  const outcome = await pollUntil(
    () => ctx.central.get<TaskStatus>(pathOf(location)),
    (s) => s.status === 'COMPLETED' || s.status === 'FAILED',
    { intervalMs: ctx.config.pollIntervalMs, maxPolls: MAX_POLLS },
  );
  const last = outcome.last;
  return {
    serial,
    test: action,
    status: outcome.finished
      ? last.status
      : `${last.status ?? 'UNKNOWN'} (still running after ${outcome.polls} polls)`,
    failReason: last.failReason ?? null,
    output: last.output ?? (last.rawOutput ? { rawOutput: last.rawOutput } : null),
  };
}

/** Fire-and-forget actions (disconnect, reboot): 202 with no task to poll. */
export async function runAction(
  ctx: ToolContext,
  path: DevicePath,
  serial: string,
  action: string,
  body?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const res = await ctx.central.request<{ status?: string; startTime?: string }>({
    method: 'POST',
    path: `${T}/${path}/${seg(serial)}/${action}`,
    ...(body === undefined ? {} : { body }),
  });
  return {
    serial,
    action,
    status: res.body?.status ?? 'ACCEPTED',
    startTime: res.body?.startTime ?? null,
  };
}
