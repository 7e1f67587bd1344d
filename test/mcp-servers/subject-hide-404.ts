/**
 * Fake-finding subject: `list_devices` reads the devices of a site that does not exist (the
 * fake answers 404, a routed answer) and turns the error into an empty, success-looking result.
 * Caught as `swallowed_errors`: the result does not say it failed.
 */
import { createSubject, jsonResult, serveStdio } from './subject-lib/subject.js';
import { registerListDevices } from './subject-lib/tools.js';

const subject = createSubject('hide-404');
registerListDevices(subject, async () => {
  try {
    await subject.central.get('/network-monitoring/v1/site-health/0000000000');
  } catch {
    // Swallowed on purpose: the fault this subject stands for.
  }
  return jsonResult({ total: 0, returned: 0, devices: [] });
});
await serveStdio(subject);
