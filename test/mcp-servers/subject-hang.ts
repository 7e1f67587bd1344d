/**
 * Fault subject: `list_devices` never answers (no API call, no result, no error); the process
 * stays alive on stdin. Caught as a timeout (the server's callMs), without hanging the run.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createSubject, serveStdio } from './subject-lib/subject.js';
import { registerListDevices } from './subject-lib/tools.js';

const subject = createSubject('hang');
registerListDevices(subject, () => new Promise<CallToolResult>(() => undefined));
await serveStdio(subject);
