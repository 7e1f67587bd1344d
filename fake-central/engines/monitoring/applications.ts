import { text } from '../../json.js';
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
import { clientUsage } from './client-resources.js';
import { unit } from './fixture-world.js';

/** The applications a branch's clients use, with their category and share of a client's bytes. */
const APPS: [name: string, category: string, host: string][] = [
  ['Microsoft 365', 'Collaboration', 'office.com'],
  ['Zoom', 'Collaboration', 'zoom.us'],
  ['Slack', 'Collaboration', 'slack.com'],
  ['YouTube', 'Streaming Media', 'youtube.com'],
  ['Windows Update', 'Software Updates', 'windowsupdate.com'],
  ['Salesforce', 'Business', 'salesforce.com'],
  ['DNS', 'Network Service', ''],
];

/**
 * listApplicationsV1: the applications of a site's connected clients (or one client's, by
 * `client-id`), each client's bytes (the figure `clients-usage` and top-N sum) split over the
 * catalogue by a fixed share per client, so the applications' bytes add up to the clients'.
 */
export function applications(state: FakeState, query: URLSearchParams): Item[] {
  const site = query.get('site-id');
  const client = query.get('client-id')?.toLowerCase() ?? null;
  const clients = state
    .list('clients.json')
    .filter(
      (c) =>
        c.status === 'Connected' &&
        (site === null || text(c.siteId) === site) &&
        (client === null || text(c.macAddress).toLowerCase() === client),
    );
  const last = String(Math.floor(Date.parse(state.now) / 1000) - 60);
  return APPS.map(([name, category, host], i) => {
    let tx = 0;
    let rx = 0;
    for (const c of clients) {
      const weights = APPS.map((_, j) => unit(`app/${text(c.macAddress)}/${j}`));
      const total = weights.reduce((a, b) => a + b, 0);
      const bytes = Math.floor((clientUsage(c) * (weights[i] ?? 0)) / total);
      const up = Math.floor(bytes * 0.3);
      tx += up;
      rx += bytes - up;
    }
    return {
      applicationHostType: host === '' ? 'IP' : 'DOMAIN',
      categories: [category],
      id: `app-${String(i + 1).padStart(3, '0')}`,
      lastUsedTime: last,
      name,
      risk: 'Low',
      rxBytes: rx,
      state: 'Allowed',
      tlsVersion: host === '' ? '' : 'TLSv1.3',
      txBytes: tx,
      type: 'application',
    };
  }).filter((a) => a.rxBytes + a.txBytes > 0);
}
