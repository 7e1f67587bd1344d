import type { Bundle } from '../../fake-central/index.js';
import type { FixtureIds } from '../conformance/fixture-ids.js';
import { fixtureIds, knownValue } from '../conformance/fixture-ids.js';
import type {
  JsonObject,
  Operation,
  OperationParameter,
} from '../conformance/openapi-documents.js';
import type { ToolDefinition } from '../trajectory/types.js';

/** What the sweep knows of a bundle besides conformance's ids: names a tool is asked about. */
export interface SweepValues {
  ids: FixtureIds;
  wlanName: string;
  apName: string;
  switchName: string;
  gatewayName: string;
  glpDeviceId: string;
  subscriptionId: string;
  userId: string;
  /** The first active alert's key (an alert tool's `alert_key`, `keys`). */
  alertKey: string;
  /** A config profile's name by its kind (aaa, auth-server, server-group, passpoint…). */
  profileNames: Record<string, string>;
}

/** Which bundle file holds the profiles a `get_<kind>` tool's required `name` names. */
const PROFILE_FILES: readonly (readonly [RegExp, string])[] = [
  [/aaa/, 'aaa-profile.json'],
  [/authserver/, 'auth-servers.json'],
  [/servergroup/, 'server-groups.json'],
  [/passpointidentity/, 'passpoint-identity.json'],
  [/passpoint/, 'passpoint.json'],
];

type Row = Record<string, unknown>;
const rows = (bundle: Bundle, file: string): Row[] => {
  const value = bundle.files.get(file);
  return Array.isArray(value) ? (value as Row[]) : [];
};
const first = (bundle: Bundle, file: string, field: string): string => {
  const hit = rows(bundle, file).find((r) => typeof r[field] === 'string');
  return hit ? String(hit[field]) : '';
};

/** The key of the bundle's first active alert ('' without one). */
function activeAlertKey(bundle: Bundle): string {
  const alert = rows(bundle, 'alerts.json').find((r) => r.status === 'Active');
  return typeof alert?.key === 'string' ? alert.key : '';
}

/** The values the sweep fills arguments with, read once from a bundle. */
export function sweepValues(bundle: Bundle): SweepValues {
  return {
    ids: fixtureIds(bundle),
    wlanName: first(bundle, 'wlans.json', 'wlanName'),
    apName: first(bundle, 'aps.json', 'deviceName'),
    switchName: first(bundle, 'switches.json', 'deviceName'),
    gatewayName: first(bundle, 'gateways.json', 'deviceName'),
    glpDeviceId: first(bundle, 'glp-devices.json', 'id'),
    subscriptionId: first(bundle, 'glp-subscriptions.json', 'id'),
    userId: first(bundle, 'glp-users.json', 'id'),
    alertKey: activeAlertKey(bundle),
    profileNames: Object.fromEntries(
      PROFILE_FILES.map(([, file]) => [file, first(bundle, file, 'name')]),
    ),
  };
}

const norm = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const nonEmpty = (value: string): string | undefined => (value === '' ? undefined : value);

/** A name the bundle knows that conformance's ids do not cover (WLANs, device names, GreenLake ids). */
function namedValue(tool: string, name: string, values: SweepValues): string | undefined {
  const n = norm(name);
  const t = norm(tool);
  if (/^(ssid|ssidname|wlan|wlanname|essid|profilename)$/.test(n)) return nonEmpty(values.wlanName);
  if (/^(devicename|apname|switchname|gatewayname|hostname|name)$/.test(n)) {
    if (n.startsWith('switch') || (n === 'devicename' && /switch/.test(t)))
      return nonEmpty(values.switchName);
    if (n.startsWith('gateway') || (n === 'devicename' && /gateway/.test(t)))
      return nonEmpty(values.gatewayName);
    if (n === 'name') return undefined;
    return nonEmpty(values.apName);
  }
  if (/subscription/.test(n) && /id$/.test(n)) return nonEmpty(values.subscriptionId);
  if (/^userid$/.test(n)) return nonEmpty(values.userId);
  if (n === 'contextid') return nonEmpty(values.ids.siteId);
  if (/^(glpdeviceid|deviceid)$/.test(n) && /greenlake|glp|inventory/.test(t))
    return nonEmpty(values.glpDeviceId);
  return undefined;
}

/** A string as the property's type asks: a number or integer schema gets a number. */
function typed(value: string, schema: JsonObject): unknown {
  const type = schema.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value))
    return Number(value);
  if (type === 'array') return [value];
  return value;
}

/** The schema's own value: a default, else the first enum member, else a boolean's false. */
function schemaValue(schema: JsonObject): unknown {
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.type === 'boolean') return false;
  const options = (schema.anyOf ?? schema.oneOf) as JsonObject[] | undefined;
  if (Array.isArray(options)) {
    for (const option of options) {
      const value = schemaValue(option);
      if (value !== undefined) return value;
    }
  }
  return undefined;
}

/** The property's schema with a nullable `anyOf` (`str | None`) reduced to its non-null branch. */
export function concrete(schema: JsonObject): JsonObject {
  const options = schema.anyOf;
  if (!Array.isArray(options)) return schema;
  const real = (options as JsonObject[]).filter((o) => o.type !== 'null');
  if (real.length !== 1 || !real[0]) return schema;
  const { anyOf: _union, ...rest } = schema;
  return { ...real[0], ...rest };
}

/**
 * A value the bundle knows for a parameter by its name (conformance's rules, with the tool's name
 * as the path it reads, then the names only the sweep fills), typed as its schema asks.
 */
export function fixtureValue(
  tool: string,
  name: string,
  schema: JsonObject,
  values: SweepValues,
): unknown {
  const op: Operation = {
    method: 'GET',
    path:
      '/' +
      tool
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .join('/') +
      '/',
    operationId: tool,
    parameters: [],
    okSchema: undefined,
  };
  const param: OperationParameter = { name, in: 'query', required: true, schema };
  const known = namedValue(tool, name, values) ?? knownValue(op, param, values.ids);
  return known === undefined || known === '' ? undefined : typed(known, schema);
}

/**
 * A required argument only the world's items can fill, safe to send: an alert tool's key (the
 * first active alert; a write under `--sweep all` runs on its own freshly reset fake) and the
 * `name` of a config profile a `get_<kind>` tool reads. Required ones only: an optional filter
 * filled with them would narrow a listing the filter probe compares.
 */
function worldValue(tool: string, name: string, values: SweepValues): string | undefined {
  const n = norm(name);
  const t = norm(tool);
  if (/^(alertkey|alertkeys|key|keys)$/.test(n) && /alert/.test(t))
    return nonEmpty(values.alertKey);
  if (n !== 'name') return undefined;
  const file = PROFILE_FILES.find(([kind]) => kind.test(t))?.[1];
  return file === undefined ? undefined : nonEmpty(values.profileNames[file] ?? '');
}

/** The value of one required argument: one the bundle knows, else the schema's own. */
function valueFor(tool: string, name: string, schema: JsonObject, values: SweepValues): unknown {
  const world = worldValue(tool, name, values);
  return (
    fixtureValue(tool, name, schema, values) ??
    (world === undefined ? undefined : typed(world, schema)) ??
    schemaValue(schema)
  );
}

/** The arguments of one call, or the required parameters nothing could fill. */
export type InferredArguments = { arguments: Record<string, unknown> } | { missing: string[] };

/**
 * Arguments for a tool from its input schema: the config's values first (`given`, which may name
 * optional parameters too), then every required parameter filled from the bundle or the schema;
 * optional parameters are left out, so the tool answers with its widest default.
 */
export function inferArguments(
  tool: ToolDefinition,
  values: SweepValues,
  given: Record<string, unknown> = {},
): InferredArguments {
  const schema = tool.inputSchema as JsonObject;
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const args: Record<string, unknown> = { ...given };
  const missing: string[] = [];
  for (const name of required) {
    if (name in args) continue;
    const value = valueFor(tool.name, name, concrete(properties[name] ?? {}), values);
    if (value === undefined) missing.push(name);
    else args[name] = value;
  }
  return missing.length > 0 ? { missing } : { arguments: args };
}
