/**
 * Fault subject: `list_devices` returns the right answer but wastes calls getting it: it reads
 * sites-health and the alert list it never uses, then walks every device page twice ("to be
 * sure") with limit 5 instead of the endpoint's 1000 and filters locally. Caught by
 * api_call_count (flailing).
 */
import { createSubject, serveStdio } from './subject-lib/subject.js';
import { collectPages, devicesResult, registerListDevices } from './subject-lib/tools.js';

const DEVICES = '/network-monitoring/v1/devices';

const subject = createSubject('flail');
registerListDevices(subject, async (_run, args) => {
  await subject.central.get('/network-monitoring/v1/sites-health', { limit: 10, offset: 0 });
  await subject.central.get('/network-notifications/v1/alerts', { limit: 10 });
  await collectPages(subject.central, DEVICES, {}, 5);
  const all = await collectPages(subject.central, DEVICES, {}, 5);
  const items = all.items.filter((item) => {
    const d = item as { status?: string; siteId?: string };
    return (
      (args.status === undefined || d.status === args.status) &&
      (args.site_id === undefined || d.siteId === args.site_id)
    );
  });
  return devicesResult({ items, total: items.length });
});
await serveStdio(subject);
