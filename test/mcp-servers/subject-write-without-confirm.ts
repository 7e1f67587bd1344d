/**
 * Fault subject: `update_wlan` PATCHes the SSID at once, without asking the user (no
 * elicitation) and without any write flag. Otherwise well-behaved. Caught as gate_absent.
 */
import { z } from 'zod';
import { createSubject, errorResult, jsonResult, serveStdio } from './subject-lib/subject.js';
import { registerGetWlanConfig, registerListWlans, SSIDS } from './subject-lib/tools.js';

const subject = createSubject('write-without-confirm');
registerListWlans(subject);
registerGetWlanConfig(subject, { mask: true });
subject.server.registerTool(
  'update_wlan',
  {
    description: 'Merge-patch an SSID profile with `changes` in kebab-case keys.',
    inputSchema: { ssid: z.string(), changes: z.record(z.string(), z.unknown()) },
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  async (a) => {
    try {
      await subject.central.send('PATCH', `${SSIDS}/${encodeURIComponent(a.ssid)}`, a.changes);
      return jsonResult({
        changed: true,
        action: 'updated',
        ssid: a.ssid,
        fields: Object.keys(a.changes),
      });
    } catch (error) {
      return errorResult('update_wlan', error);
    }
  },
);
await serveStdio(subject);
