import type { Bundle } from '../../fake-central/index.js';
import type { JsonValue, Operation, OperationParameter } from './openapi-documents.js';

type Row = Record<string, unknown>;

/** The ids conformance fills path and query parameters with: real members of the bundle. */
export interface FixtureIds {
  siteId: string;
  siteName: string;
  apSerial: string;
  apMac: string;
  radioMac: string;
  switchSerial: string;
  gatewaySerial: string;
  clusterName: string;
  clientMac: string;
  deviceSerial: string;
  workspaceId: string;
  /** An event of the site `siteId` (its `eventIdentifier`), for event-extra-attributes. */
  eventIdentifier: string;
  /** The first floor of the site `siteId`'s floor plan (`sitemaps.json`), when it has one. */
  floorId: string;
  /** The bundle's clock (`manifest.now`): time windows end there. */
  now: string;
}

function rows(bundle: Bundle, file: string): Row[] {
  const value = bundle.files.get(file);
  return Array.isArray(value) ? (value as Row[]) : [];
}

function first(bundle: Bundle, file: string, field: string, fallback = ''): string {
  const hit = rows(bundle, file).find((r) => typeof r[field] === 'string');
  return hit ? String(hit[field]) : fallback;
}

function workspaceIdOf(bundle: Bundle): string {
  const id = (bundle.files.get('glp-workspace.json') as Row | undefined)?.id;
  return typeof id === 'string' ? id : '';
}

/** Reads the ids once from the bundle's files (fixtures/FORMAT.md names them). */
/** The identifier of the first event on the site, else of the first event. */
function eventOf(bundle: Bundle, siteId: string): string {
  const events = rows(bundle, 'events.json');
  const hit = events.find((e) => e._siteId === siteId) ?? events[0];
  return typeof hit?.eventIdentifier === 'string' ? hit.eventIdentifier : '';
}

function floorOf(bundle: Bundle, siteId: string): string {
  const plans = bundle.files.get('sitemaps.json') as Record<string, Row> | undefined;
  const buildings = plans?.[siteId]?.buildings;
  const floors = Array.isArray(buildings) ? (buildings[0] as Row | undefined)?.floors : undefined;
  const floor = Array.isArray(floors) ? (floors[0] as Row | undefined) : undefined;
  return typeof floor?.floorId === 'string' ? floor.floorId : '';
}

export function fixtureIds(bundle: Bundle): FixtureIds {
  const apSerial = first(bundle, 'aps.json', 'serialNumber');
  const details = bundle.files.get('ap-details.json') as Record<string, Row> | undefined;
  const radios = (details?.[apSerial]?.radios ?? []) as Row[];
  const apMac = first(bundle, 'aps.json', 'macAddress');
  const siteId = first(bundle, 'scope-sites.json', 'id', first(bundle, 'sites-health.json', 'id'));
  return {
    siteId,
    siteName: first(
      bundle,
      'scope-sites.json',
      'scopeName',
      first(bundle, 'sites-health.json', 'siteName'),
    ),
    apSerial,
    apMac,
    radioMac: typeof radios[0]?.macAddress === 'string' ? radios[0].macAddress : apMac,
    switchSerial: first(bundle, 'switches.json', 'serialNumber'),
    gatewaySerial: first(bundle, 'gateways.json', 'serialNumber'),
    clusterName: first(bundle, 'gateways.json', 'clusterName'),
    clientMac: first(bundle, 'clients.json', 'macAddress'),
    deviceSerial: first(bundle, 'devices.json', 'serialNumber'),
    workspaceId: workspaceIdOf(bundle),
    eventIdentifier: eventOf(bundle, siteId),
    floorId: floorOf(bundle, siteId),
    now: bundle.manifest.now,
  };
}

const norm = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The device family a path is about, from its literal segments. */
function deviceOf(path: string, ids: FixtureIds): string {
  if (/\/(aps|ap|access-points?|airmatch-[a-z-]+|fco-resp-info)(\/|$)/.test(path))
    return ids.apSerial;
  if (/\/(switches|switch|cx|aos-s|stack)(\/|$)/.test(path)) return ids.switchSerial;
  if (/\/(gateways|gateway|gw)(\/|$)/.test(path)) return ids.gatewaySerial;
  return ids.deviceSerial;
}

/** A time in the form the parameter's schema (or example) asks for. */
function timeValue(param: OperationParameter, iso: string): string {
  const type = param.schema.type;
  const example = param.example ?? param.schema.example;
  if (type === 'integer' || type === 'number' || typeof example === 'number') {
    const ms = Date.parse(iso);
    return String(
      (typeof example === 'number' || typeof example === 'string' ? String(example) : '').length >=
        13 || type === 'number'
        ? ms
        : Math.floor(ms / 1000),
    );
  }
  return iso;
}

/** A value the fixture knows for this parameter name on this path, or undefined. */
export function knownValue(
  op: Operation,
  param: OperationParameter,
  ids: FixtureIds,
): string | undefined {
  const n = norm(param.name);
  const hourAgo = new Date(Date.parse(ids.now) - 3_600_000).toISOString();
  if (/^(siteid|site)$/.test(n)) return ids.siteId;
  if (n === 'sitename') return ids.siteName;
  if (n.includes('serial') || n === 'deviceid' || n === 'deviceserial')
    return deviceOf(op.path, ids);
  if (n === 'radiomac') return ids.radioMac;
  if (n === 'workspaceid' && ids.workspaceId !== '') return ids.workspaceId;
  if (n === 'clustername') return ids.clusterName;
  if (n === 'floorid' && ids.floorId !== '') return ids.floorId;
  if (n === 'eventidentifier' && ids.eventIdentifier !== '') return ids.eventIdentifier;
  if (n.includes('mac')) return /\/(aps|ap)\//.test(op.path) ? ids.apMac : ids.clientMac;
  if (/^(startat|starttime|from|starttimestamp|startdate)$/.test(n))
    return timeValue(param, hourAgo);
  if (/^(endat|endtime|to|endtimestamp|enddate|timeat)$/.test(n)) return timeValue(param, ids.now);
  return undefined;
}

/** A documented value: the example, the first enum member or the default, as a string. */
export function documentedValue(param: OperationParameter): string | undefined {
  const pick = (v: JsonValue | undefined): string | undefined =>
    v === undefined || v === null || typeof v === 'object' ? undefined : String(v);
  const s = param.schema;
  return (
    pick(param.example) ??
    pick(s.example) ??
    (Array.isArray(s.examples) ? pick(s.examples[0]) : undefined) ??
    (Array.isArray(s.enum) ? pick(s.enum[0]) : undefined) ??
    pick(s.default)
  );
}
