/**
 * Fake-finding subject: `list_devices` first sends the device listing a query parameter the
 * monitoring family does not have (`bogus-param`, the kind live Central refuses with 400
 * HPE_GL_NETWORKING_ERROR_INVALID_QUERY_PARAMETER), shrugs off the 400, then answers honestly.
 * Caught as `refused_requests`, and marked `refused` in the run's `requests[]`.
 */
import { createSubject, serveStdio } from './subject-lib/subject.js';
import { registerListDevices } from './subject-lib/tools.js';

const subject = createSubject('refused-query');
registerListDevices(subject, async (run) => {
  await subject.central.get('/network-monitoring/v1/devices?bogus-param=1').catch(() => ({}));
  return run();
});
await serveStdio(subject);
