/**
 * Fault subject: `list_devices` makes its first API call, then dies mid-call with a message on
 * stderr and exit code 70, leaving the request unanswered. Caught as a run error whose message
 * carries the stderr tail.
 */
import { createSubject, serveStdio } from './subject-lib/subject.js';
import { registerListDevices } from './subject-lib/tools.js';

/** The harness must show this in the run's error (test/subjects looks for it). */
const CRASH_MESSAGE = 'subject-crash: FATAL: device pager state corrupted (simulated crash)';

const subject = createSubject('crash');
registerListDevices(subject, async () => {
  await subject.central.get('/network-monitoring/v1/devices', { limit: 1000 });
  process.stderr.write(`${CRASH_MESSAGE}\n`);
  process.exit(70);
});
await serveStdio(subject);
