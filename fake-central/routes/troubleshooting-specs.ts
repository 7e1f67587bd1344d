import { ApiError, badRequest } from '../api-error.js';
import { isItem, text } from '../json.js';
import type { FakeState } from '../state.js';
import type { Item, Json } from '../types.js';
import { normaliseMac } from './common.js';

export const DEVICE_TYPES = ['aps', 'cx', 'aos-s', 'gateways'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** One troubleshooting action: who supports it and what its body must carry (§2.9). */
export interface ActionSpec {
  devices: readonly DeviceType[];
  /** Required body fields; per device type where the spec differs (aaa). */
  required: readonly string[] | Partial<Record<DeviceType, readonly string[]>>;
  /** Answers 202 `{startTime, status}` with no location: nothing to poll. */
  fireAndForget?: boolean;
  /** Integer bounds of this action's request schema, over the shared ones below. */
  ranges?: Record<string, [number, number]>;
  /** Values a field may take in this action's request schema. */
  enums?: Record<string, readonly string[]>;
}

const ALL = DEVICE_TYPES;
const WIRED: readonly DeviceType[] = ['cx', 'aos-s', 'gateways'];

export const ACTIONS: Record<string, ActionSpec> = {
  ping: { devices: ALL, required: ['destination'] },
  traceroute: { devices: ALL, required: ['destination'] },
  showCommands: { devices: ALL, required: ['commands'] },
  aaa: {
    devices: ['aps', 'cx'],
    required: {
      aps: ['serverName', 'username', 'password'],
      cx: ['authMethodType', 'radiusServerIp', 'username', 'password'],
    },
  },
  getArpTable: { devices: ['aps', 'aos-s', 'gateways'], required: [] },
  nslookup: { devices: ['aps'], required: ['host'] },
  cableTest: { devices: WIRED, required: ['ports'] },
  portBounce: { devices: WIRED, required: ['ports'] },
  poeBounce: { devices: WIRED, required: ['ports'] },
  disconnectUserAll: { devices: ['aps'], required: [], fireAndForget: true },
  disconnectUserByMacAddress: {
    devices: ['aps'],
    required: ['userMacAddress'],
    fireAndForget: true,
  },
  disconnectUserByNetwork: { devices: ['aps'], required: ['networkName'], fireAndForget: true },
  disconnectClientAll: { devices: ['gateways'], required: [], fireAndForget: true },
  disconnectClientByMacAddress: {
    devices: ['gateways'],
    required: ['clientMacAddress'],
    fireAndForget: true,
  },
  reboot: { devices: ALL, required: [], fireAndForget: true },
  locate: { devices: ALL, required: [], fireAndForget: true },
  rebootSwarm: { devices: ['aps'], required: [], fireAndForget: true },
  halt: { devices: ['gateways'], required: [], fireAndForget: true },
  // Reachability and throughput tests (initiateApHttpV1 … runGatewayPingSweepV1).
  http: {
    devices: ['aps', 'cx', 'gateways'],
    required: { aps: ['url'], cx: ['destination'], gateways: ['url'] },
    ranges: { count: [1, 10], interval: [1, 10], timeout: [1, 10] },
    enums: { protocol: ['HTTP', 'HTTPS'] },
  },
  https: {
    devices: ['aps', 'gateways'],
    required: ['url'],
    ranges: { count: [1, 10], interval: [1, 10], timeout: [1, 10] },
  },
  tcp: { devices: ['aps'], required: ['host', 'port'], ranges: { timeout: [1, 10] } },
  speedtest: {
    devices: ['aps'],
    required: ['iperfServerAddress'],
    ranges: { omit: [1, 5], parallel: [1, 30], secondsToMeasure: [0, 20], windowSize: [64, 1638] },
    enums: { protocol: ['tcp', 'udp'] },
  },
  iperf: {
    devices: ['gateways'],
    required: ['iperfServerAddress'],
    ranges: { duration: [10, 120], omit: [1, 60], parallel: [1, 128] },
    enums: { protocol: ['tcp', 'udp'] },
  },
  pingSweep: {
    devices: ['gateways'],
    required: ['destination', 'startPacketSize', 'endPacketSize', 'sweepInterval'],
    ranges: { startPacketSize: [1, 65535], endPacketSize: [1, 65535], sweepInterval: [1, 65535] },
  },
};

const STRINGS = [
  'destination',
  'host',
  'serverName',
  'username',
  'password',
  'radiusServerIp',
  'userMacAddress',
  'networkName',
  'clientMacAddress',
  'dnsServer',
  'vrfName',
  'url',
  'iperfServerAddress',
  'nameServer',
  'sourceInterface',
  'vlanInterface',
];
const BOOLEANS = [
  'includeRawOutput',
  'useIpv6',
  'useManagementInterface',
  'dontFragmentFlag',
  'includeReverse',
];
const RANGES: Record<string, [number, number]> = {
  count: [1, 100],
  packetSize: [10, 2000],
  vlan: [1, 4095],
  dscp: [0, 63],
  ttl: [1, 255],
  radiusServerPort: [1, 65535],
  port: [1, 65535],
  serverPort: [0, 65535],
  sourcePort: [1, 65535],
  bandwidth: [0, 2 ** 31 - 1],
};
const MAX_COMMANDS = 20;

function invalid(message: string): ApiError {
  return badRequest(`Validation errors - ${message}`);
}

function checkField(spec: ActionSpec, name: string, value: Json): void {
  if (STRINGS.includes(name) && (typeof value !== 'string' || value.trim() === '')) {
    throw invalid(`${name} must be a non-empty string`);
  }
  if (BOOLEANS.includes(name) && typeof value !== 'boolean') {
    throw invalid(`${name} must be a boolean`);
  }
  const range = spec.ranges?.[name] ?? RANGES[name];
  const allowed = spec.enums?.[name];
  if (allowed && !allowed.includes(text(value))) {
    throw invalid(`${name} must be one of ${allowed.join(', ')}`);
  }
  if (range && (!Number.isInteger(value) || Number(value) < range[0] || Number(value) > range[1])) {
    throw invalid(`${name} must be between ${range[0]} and ${range[1]}`);
  }
  if ((name === 'userMacAddress' || name === 'clientMacAddress') && typeof value === 'string') {
    if (!/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/.test(normaliseMac(value))) {
      throw invalid(`${name} must be a MAC address, got "${value}"`);
    }
  }
  if (name === 'authMethodType' && value !== 'chap' && value !== 'pap') {
    throw invalid('authMethodType must be one of chap, pap');
  }
  if (name === 'ports') {
    if (!Array.isArray(value) || value.length === 0)
      throw invalid('ports must be a non-empty array');
    if (!value.every((p) => typeof p === 'string' && p !== '')) {
      throw invalid('ports must contain port names such as "1/1/1"');
    }
  }
  if (name === 'commands') {
    if (!Array.isArray(value) || value.length === 0) {
      throw invalid('commands must be a non-empty array');
    }
    if (value.length > MAX_COMMANDS) {
      throw badRequest(`Too many commands, maximum allowed is ${MAX_COMMANDS}`);
    }
    if (!value.every((c) => typeof c === 'string' && /^\s*show\b.+/.test(c))) {
      throw badRequest("Command denied: must start with 'show '");
    }
  }
}

/** The request body checked against the action's required fields and field rules (400 on failure). */
export function validateBody(spec: ActionSpec, type: DeviceType, raw: Json | undefined): Item {
  // Body-less actions arrive with no body, `{}` or a JSON `null`: all mean "no parameters".
  if (raw !== undefined && raw !== null && !isItem(raw)) {
    throw badRequest('Request body must be a JSON object');
  }
  const body: Item = isItem(raw) ? raw : {};
  const required = Array.isArray(spec.required)
    ? (spec.required as readonly string[])
    : ((spec.required as Partial<Record<DeviceType, readonly string[]>>)[type] ?? []);
  const missing = required.filter(
    (f) => body[f] === undefined || body[f] === null || body[f] === '',
  );
  if (missing.length > 0) {
    throw invalid(missing.map((f) => `${f} is required`).join(', '));
  }
  for (const [name, value] of Object.entries(body)) checkField(spec, name, value);
  return body;
}

function switchKind(device: Item): 'cx' | 'aos-s' | null {
  const kind = text(device.switchType)
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  if (kind.endsWith('CX')) return 'cx';
  if (kind.includes('AOSS') || kind.includes('PROVISION')) return 'aos-s';
  return null;
}

/** The monitoring record of the serial, if it is a device of the path's type; else the 404. */
export function findDevice(state: FakeState, type: DeviceType, serial: string): Item {
  const file =
    type === 'aps' ? 'aps.json' : type === 'gateways' ? 'gateways.json' : 'switches.json';
  const wanted = serial.toUpperCase();
  const device = state.list(file).find((d) => text(d.serialNumber).toUpperCase() === wanted);
  const kind = device && file === 'switches.json' ? switchKind(device) : null;
  if (!device || (kind !== null && kind !== type)) {
    throw new ApiError(404, 'HPE_GL_ERROR_NOT_FOUND', `Device not found: ${serial}`);
  }
  return device;
}

/** 404 for device types and actions the spec does not define, like any unknown path. */
export function actionSpec(type: string, action: string, method: string, path: string): ActionSpec {
  const spec = Object.hasOwn(ACTIONS, action) ? ACTIONS[action] : undefined;
  if (!spec || !spec.devices.includes(type as DeviceType)) {
    throw new ApiError(404, 'HPE_GL_ERROR_NOT_FOUND', `Not Found: ${method} ${path}`);
  }
  return spec;
}

export function isDeviceType(type: string): type is DeviceType {
  return (DEVICE_TYPES as readonly string[]).includes(type);
}
