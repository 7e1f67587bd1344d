/**
 * Fault subject: list_devices does its honest work, then answers with one text block of N copies
 * of one character (argv: N, default 20000) instead of the device list — one unbroken run, the
 * input that made js-tiktoken stall a run, and at 20 MiB a single stdout line over the transport's
 * 10 MiB limit. Used by test/subjects/huge-results.test.ts.
 */
import { createSubject, serveStdio } from './subject-lib/subject.js';
import { registerListDevices } from './subject-lib/tools.js';

const size = Number(process.argv[2] ?? '20000');
const subject = createSubject(`huge-result-${size}`);
registerListDevices(subject, async (run) => {
  await run();
  return { content: [{ type: 'text', text: 'a'.repeat(size) }] };
});
await serveStdio(subject);
