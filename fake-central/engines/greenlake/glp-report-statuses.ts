import { text } from '../../json.js';
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
import { uuidOf } from './glp-world.js';

/**
 * GreenLake report statuses (reporting document: getReportingStatuses, getReportingStatusById;
 * SPEC.md §12): the report exports the workspace's users asked for, derived from the bundle.
 * Every verified user exported each of the three GreenLake inventories the world holds (devices,
 * subscriptions, audit logs), one every two days going back from the day before the bundle's
 * now, to their own address. Each export finished ten minutes after it started; a report's
 * download expires after seven days. The document lists no values for `reportType`, `status`,
 * `stage` or `type`: the fake's are its own (see SPEC.md).
 */

const DAY = 86_400_000;
const KEEP_MS = 7 * DAY;
const REPORTS = [
  ['DEVICE_INVENTORY', 'Device inventory', 'glp-devices.json', 'devices'],
  ['SUBSCRIPTION_INVENTORY', 'Subscription inventory', 'glp-subscriptions.json', 'subscriptions'],
  ['AUDIT_LOG', 'Audit log', 'audits.json', 'audit log entries'],
] as const;

export function reportStatuses(state: FakeState): Item[] {
  const now = Date.parse(state.now);
  const users = state
    .list('glp-users.json')
    .filter((u) => u.userStatus === 'VERIFIED')
    .map((u) => text(u.username))
    .sort();
  const out: Item[] = [];
  users.forEach((user, u) => {
    REPORTS.forEach(([reportType, label, file, noun], r) => {
      const started = now - (1 + 2 * (u * REPORTS.length + r)) * DAY;
      const done = started + 10 * 60_000;
      const id = uuidOf(`report-status:${user}:${reportType}`);
      const expired = now - done > KEEP_MS;
      const rows = state.list(file).length;
      const day = new Date(started).toISOString().slice(0, 10);
      out.push({
        createdAt: new Date(started).toISOString(),
        description: `${label} export of ${day} (${rows} ${noun})`,
        id,
        isExpired: String(expired),
        message: expired
          ? 'The report has expired; generate it again to download it.'
          : `The report was sent to ${user}.`,
        name: `${label} ${day}`,
        recipientEmailId: user,
        reportDownloadUrl: expired ? '' : `https://reports.greenlake.example/v1/reports/${id}.csv`,
        reportType,
        resourceUri: `/reporting/v1/statuses/${id}`,
        stage: 'DELIVERED',
        startTime: new Date(started).toISOString(),
        status: 'COMPLETED',
        statusTimestamp: new Date(done).toISOString(),
        type: 'REPORT',
        userName: user,
      });
    });
  });
  return out.sort((a, b) => text(b.startTime).localeCompare(text(a.startTime)));
}
