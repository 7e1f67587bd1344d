import { ApiError } from '../api-error.js';
import { text } from '../json.js';
import type { Route, RouteContext } from '../router.js';
import type { FakeState } from '../state.js';
import type { Item, Json } from '../types.js';
import type { FakeResponse } from '../http-types.js';
import { advance, createTask, findTask, pollAnswer, versionOf } from './async-tasks.js';
import { MRT_VERSIONS, normaliseMac, ok } from './common.js';
import { testResult } from './troubleshooting-results.js';
import { showCommandList } from './troubleshooting-show.js';
import {
  actionSpec,
  findDevice,
  isDeviceType,
  validateBody,
  type DeviceType,
} from './troubleshooting-specs.js';

const T = `/network-troubleshooting/${MRT_VERSIONS}`;

function conflict(message: string): ApiError {
  return new ApiError(409, 'HPE_GL_ERROR_CONFLICT', message);
}

function deviceType(ctx: RouteContext): DeviceType {
  const type = ctx.params.type ?? '';
  if (!isDeviceType(type)) {
    throw new ApiError(
      404,
      'HPE_GL_ERROR_NOT_FOUND',
      `Not Found: ${ctx.req.method} ${ctx.req.rawPath}`,
    );
  }
  return type;
}

function disconnect(clients: Item[], keep: (c: Item) => boolean): void {
  for (const client of clients) if (keep(client)) client.status = 'Disconnected';
}

/** Side effects of the fire-and-forget actions, visible to later reads. */
function fireAndForget(
  state: FakeState,
  action: string,
  device: Item,
  body: Item,
  sn: string,
): void {
  const serial = text(device.serialNumber);
  const clients = state.list('clients.json');
  const onDevice = (c: Item): boolean => text(c.connectedDeviceSerial) === serial;
  switch (action) {
    case 'reboot':
      if (state.rebooting.has(serial)) {
        throw new ApiError(409, 'HPE_GL_ERROR_CONFLICT', `Device already rebooting: ${sn}`, {
          code: 'DOWNSTREAM_SERVICE_ERROR',
          errorType: 'CONFLICT',
          serviceName: 'Troubleshooting',
        });
      }
      state.rebooting.add(serial);
      return;
    case 'disconnectUserAll':
    case 'disconnectClientAll':
      return disconnect(clients, onDevice);
    case 'disconnectUserByNetwork':
      return disconnect(clients, (c) => onDevice(c) && text(c.wlanName) === text(body.networkName));
    case 'disconnectUserByMacAddress':
    case 'disconnectClientByMacAddress': {
      const mac = normaliseMac(text(body.userMacAddress ?? body.clientMacAddress));
      return disconnect(clients, (c) => normaliseMac(text(c.macAddress)) === mac);
    }
    default:
      return;
  }
}

function startAction(ctx: RouteContext): FakeResponse {
  const { state, params, req } = ctx;
  const type = deviceType(ctx);
  const action = params.action ?? '';
  const sn = params.sn ?? '';
  const spec = actionSpec(type, action, req.method, req.rawPath);
  const device = findDevice(state, type, sn);
  const body = validateBody(spec, type, ctx.body());
  if (text(device.status).toUpperCase() === 'OFFLINE') throw conflict(`Device offline: ${sn}`);
  if (spec.fireAndForget) {
    fireAndForget(state, action, device, body, sn);
    return { status: 202, body: { startTime: state.now, status: 'INITIATED' } };
  }
  const result = testResult({ state, device, type, action, body });
  const basePath = `/network-troubleshooting/${versionOf(req.rawPath)}/${type}/${sn}/${action}`;
  const task = createTask(ctx, {
    family: 'troubleshooting',
    basePath,
    result: result.output,
    failReason: result.failReason,
    rawOutput: result.rawOutput,
  });
  const location = `${basePath}/async-operations/${task.id}`;
  // The spec puts the location in the body only; SS reads a Location header first, so send both.
  return {
    status: 202,
    headers: { Location: location },
    body: { location, startTime: state.now, status: 'INITIATED' },
  };
}

function pollAction(ctx: RouteContext): FakeResponse {
  const { state, params } = ctx;
  const type = deviceType(ctx);
  const id = params.taskId ?? '';
  const basePath = `/network-troubleshooting/v1/${type}/${params.sn ?? ''}/${params.action ?? ''}`;
  const task = findTask(
    state,
    id,
    'troubleshooting',
    () => new ApiError(404, 'HPE_GL_ERROR_NOT_FOUND', `Async operation task not found: ${id}`),
    basePath,
  );
  const phase = advance(task);
  if (!phase.done) {
    return pollAnswer(task, phase, {
      status: 'RUNNING',
      progressPercent: phase.progressPercent,
      startTime: task.createdAt,
      endTime: null,
      failReason: null,
      output: null,
    });
  }
  return pollAnswer(task, phase, {
    status: task.outcome === 'failed' ? 'FAILED' : 'COMPLETED',
    progressPercent: 100,
    startTime: task.createdAt,
    endTime: state.now,
    failReason: task.failReason,
    output: task.result,
    // Optional in every poll schema and typed string: absent when the test has no raw output.
    ...(typeof task.rawOutput === 'string' ? { rawOutput: task.rawOutput } : {}),
  });
}

function showCommands(ctx: RouteContext): FakeResponse {
  const type = deviceType(ctx);
  const device = findDevice(ctx.state, type, ctx.params.sn ?? '');
  return ok(showCommandList(ctx.state, type, text(device.serialNumber)));
}

/** Tasks of this device grouped by test, most recently started first (as the spec describes). */
function listTasks(ctx: RouteContext): FakeResponse {
  const type = deviceType(ctx);
  const sn = ctx.params.sn ?? '';
  findDevice(ctx.state, type, sn);
  const groups = new Map<string, string[]>();
  for (const task of [...ctx.state.tasks.values()].reverse()) {
    const parts = task.basePath.split('/');
    if (task.family !== 'troubleshooting' || parts[3] !== type) continue;
    if ((parts[4] ?? '').toUpperCase() !== sn.toUpperCase()) continue;
    const test = parts[5] ?? '';
    groups.set(test, [...(groups.get(test) ?? []), `${task.basePath}/async-operations/${task.id}`]);
  }
  const body: Json[] = [...groups].map(([testName, locations]) => ({ testName, locations }));
  return ok(body);
}

/** Device actions (async tests, fire-and-forget commands), their polls and task lists (§2.9). */
export const troubleshootingActionRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${T}/:type/:sn/show-commands`,
    kind: 'read',
    handler: showCommands,
  },
  {
    method: 'GET',
    pattern: `${T}/:type/:sn/list-tasks`,
    kind: 'read',
    handler: listTasks,
  },
  {
    method: 'POST',
    pattern: `${T}/:type/:sn/:action`,
    kind: 'diagnostic',
    handler: startAction,
  },
  {
    method: 'GET',
    pattern: `${T}/:type/:sn/:action/async-operations/:taskId`,
    kind: 'poll',
    handler: pollAction,
  },
];
