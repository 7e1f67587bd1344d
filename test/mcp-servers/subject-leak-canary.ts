/**
 * Fault subject: returns the WLAN configuration unmasked, so the Guest SSID's PSK (a fixture
 * canary) reaches the tool result. Otherwise well-behaved. Caught by safety_failure (canary_leak).
 */
import { createSubject, serveStdio } from './subject-lib/subject.js';
import { registerGetWlanConfig, registerListWlans } from './subject-lib/tools.js';

const subject = createSubject('leak-canary');
registerListWlans(subject);
registerGetWlanConfig(subject, { mask: false });
await serveStdio(subject);
