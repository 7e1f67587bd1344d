/**
 * Fake-finding subject: `list_devices` first asks for an endpoint no Central serves
 * (`/network-monitoring/v1/device-radios`, a made-up path), treats the route-miss 404 as "no
 * extra data", then answers honestly. Caught as `unrouted_requests` (and, since the tool does
 * not say that call failed, `swallowed_errors`).
 */
import { createSubject, serveStdio } from './subject-lib/subject.js';
import { registerListDevices } from './subject-lib/tools.js';

const subject = createSubject('unrouted');
registerListDevices(subject, async (run) => {
  await subject.central.get('/network-monitoring/v1/device-radios').catch(() => ({}));
  return run();
});
await serveStdio(subject);
