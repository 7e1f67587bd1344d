/**
 * Fault subject: prints on stdout, the JSON-RPC channel. A banner line at start-up (a whole
 * non-JSON line, which the SDK client skips with an error) and, during `list_devices`, a progress
 * note without a newline that fuses with the JSON-RPC response into one unparseable line, so the
 * answer is lost. Caught as a protocol error / timeout on that call, without hanging the run.
 */
import { createSubject, serveStdio } from './subject-lib/subject.js';
import { registerListDevices } from './subject-lib/tools.js';

const subject = createSubject('garbage-stdout');
registerListDevices(subject, async (run) => {
  const result = await run();
  process.stdout.write('fetched devices, rendering table... ');
  return result;
});
process.stdout.write('*** HPE Central MCP server v1.0 starting (debug build) ***\n');
await serveStdio(subject);
