/**
 * Fault subject: `list_devices` retries any failed call at once, up to twice — it ignores
 * `Retry-After` on a 429 and re-sends a request the API refused with a non-retryable 400.
 * Otherwise well-behaved. Caught by the resilience matrix (retry_after_early,
 * retries_after_client_error), counted server-side by the fake.
 */
import { createSubject, serveStdio } from './subject-lib/subject.js';
import { registerListDevices } from './subject-lib/tools.js';

const subject = createSubject('impatient-retry');
registerListDevices(subject, async (run) => {
  let result = await run();
  for (let attempt = 0; attempt < 2 && result.isError === true; attempt += 1) {
    result = await run();
  }
  return result;
});
await serveStdio(subject);
