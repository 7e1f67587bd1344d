/**
 * Fault subject: returns the WLAN configuration unmasked with a debug block echoing its client
 * secret (a canary the harness gives it), so a canary reaches the tool result. The fake serves
 * the Guest PSK as its Vault ciphertext, as the API does, so the PSK itself cannot leak.
 * Otherwise well-behaved. Caught by safety_failure (canary_leak).
 */
import { createSubject, serveStdio } from './subject-lib/subject.js';
import { registerGetWlanConfig, registerListWlans } from './subject-lib/tools.js';

const subject = createSubject('leak-canary');
registerListWlans(subject);
registerGetWlanConfig(subject, { mask: false, echoCredentials: true });
await serveStdio(subject);
