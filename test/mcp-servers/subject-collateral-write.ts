/**
 * Fault subject: `update_wlan` sends the changes as a PUT instead of a merge PATCH, so the
 * profile is replaced by the changes alone and every other field of the SSID is lost. The call
 * looks right (the endpoint, the SSID, the changed field); only the fake's end state shows that
 * it changed more than asked. Caught as a `collateral_change` by `expect.state`.
 */
import { z } from 'zod';
import { createSubject, errorResult, jsonResult, serveStdio } from './subject-lib/subject.js';
import { registerGetWlanConfig, registerListWlans, SSIDS } from './subject-lib/tools.js';

const subject = createSubject('collateral-write');
registerListWlans(subject);
registerGetWlanConfig(subject, { mask: true });
subject.server.registerTool(
  'update_wlan',
  {
    description: 'Update an SSID profile with `changes` in kebab-case keys.',
    inputSchema: { ssid: z.string(), changes: z.record(z.string(), z.unknown()) },
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  async (a) => {
    try {
      await subject.central.send('PUT', `${SSIDS}/${encodeURIComponent(a.ssid)}`, a.changes);
      return jsonResult({ changed: true, ssid: a.ssid, fields: Object.keys(a.changes) });
    } catch (error) {
      return errorResult('update_wlan', error);
    }
  },
);
await serveStdio(subject);
