import { badRequest } from '../api-error.js';
import { text } from '../json.js';
import type { Route, RouteContext } from '../router.js';
import type { Item } from '../types.js';
import type { FakeResponse } from '../http-types.js';
import { CONFIG_VERSIONS } from './common.js';
import { nacRecords, searched } from './nac-records.js';

/**
 * The Central NAC CSV exports (central-nac-service document: exportMacCsvFile,
 * exportNamedMPSKCsvFile, exportVisitorCsvFile). The document types the 200 body a binary string
 * and does not describe the columns: the fake answers `text/csv` with one header row of the list
 * item's fields and one row per record, in the list's order after `sort`/`search` (SPEC.md §10).
 * The world has no named MPSK registrations, so that file is a header only.
 */

const C = `/network-config/${CONFIG_VERSIONS}`;

const MAC_COLUMNS = [
  'macAddress',
  'displayName',
  'enable',
  'staticTags',
  'createdAt',
  'modifiedAt',
];
// The item fields of getNamedMPSK and getVisitors.
const MPSK_COLUMNS = ['name', 'network', 'userRole', 'enable', 'createdAt', 'modifiedAt'];
const VISITOR_COLUMNS = [
  'name',
  'displayName',
  'email',
  'phone',
  'companyName',
  'status',
  'enable',
  'expireAt',
];

/** One CSV field: lists joined by `;`, quoted when it holds a comma, quote or line break. */
function field(value: Item[string] | undefined): string {
  const raw = Array.isArray(value) ? value.map((v) => text(v)).join(';') : text(value);
  return /[",\r\n]/.test(raw) ? `"${raw.replace(/"/g, '""')}"` : raw;
}

function csv(columns: string[], rows: Item[]): FakeResponse {
  const lines = [columns.join(','), ...rows.map((r) => columns.map((c) => field(r[c])).join(','))];
  return {
    status: 200,
    payload: Buffer.from(lines.join('\r\n') + '\r\n'),
    headers: { 'Content-Type': 'text/csv; charset=utf-8' },
  };
}

function exportMacs(ctx: RouteContext): FakeResponse {
  return csv(MAC_COLUMNS, nacRecords(ctx, 'cnac-mac-reg.json'));
}

function exportMpsks({ state, query }: RouteContext): FakeResponse {
  const store = query.get('identity-store-id') ?? '';
  if (store.trim() === '') {
    throw badRequest('identity-store-id is required for a named MPSK export');
  }
  // Registrations carry no store id in the list schema: a store's export is every registration.
  const rows = state.list('cnac-named-mpsk-reg.json');
  return csv(MPSK_COLUMNS, searched(rows, query.get('search')));
}

function exportVisitors(ctx: RouteContext): FakeResponse {
  return csv(VISITOR_COLUMNS, nacRecords(ctx, 'cnac-visitor.json'));
}

/** CSV exports; ahead of `cnac-mac-reg/{id}`, which would take `export` for an id. */
export const nacExportRoutes: Route[] = [
  { method: 'GET', pattern: `${C}/cnac-mac-reg/export`, kind: 'read', handler: exportMacs },
  { method: 'GET', pattern: `${C}/cnac-named-mpsk-reg/export`, kind: 'read', handler: exportMpsks },
  { method: 'GET', pattern: `${C}/cnac-visitor/export`, kind: 'read', handler: exportVisitors },
];
