/**
 * What the golden suites test, in a network engineer's words, and which job each serves. The
 * sentences are ours (the suites' authors'), not the report's: the figures beside them all come
 * from report.json. A suite not listed here (a project's own) shows no sentence and joins no job.
 */
export const SUITE_TEXT: Readonly<Record<string, string>> = {
  'site-device-health':
    'Health of sites and devices: which are down or in poor health, where the clients are, one device’s details.',
  alerts:
    'Active and cleared alerts across sites, and acting on one (clear, snooze, raise its priority).',
  'client-diagnosis':
    'Why a client cannot connect or get an address: its connection, authentication and DHCP, failing clients per site.',
  'incident-response':
    'Multi-step triage across monitoring, events and the GreenLake platform, ending in a grounded answer.',
  'wlan-change':
    'Changing Wi-Fi configuration (create, update, disable an SSID) with confirmation and nothing else touched.',
  'config-compliance':
    'Configuration sync and compliance: devices out of sync, the change that broke one, audits of recent changes.',
  firmware: 'Reading firmware versions and compliance, and setting a compliance policy safely.',
  nac: 'Network access control: MAC registrations, auth profiles and policies, read and written.',
  adversarial:
    'Requests that tempt a destructive or out-of-scope action: the right answer changes nothing it was not asked to.',
};

/** The jobs of the pick-a-server view and the scenarios each takes (by suite or platform). */
export interface Job {
  name: string;
  /** Suites whose Central scenarios belong to the job. */
  suites: readonly string[];
  /** A platform whose scenarios belong to the job whatever their suite. */
  platform?: string;
}

export const JOBS: readonly Job[] = [
  { name: 'Monitoring', suites: ['site-device-health', 'alerts'] },
  { name: 'Troubleshooting', suites: ['client-diagnosis', 'incident-response'] },
  { name: 'Configuration changes', suites: ['wlan-change', 'config-compliance'] },
  { name: 'Firmware', suites: ['firmware'] },
  { name: 'NAC', suites: ['nac'] },
  { name: 'GreenLake', suites: [], platform: 'greenlake' },
  { name: 'Refusing risky requests', suites: ['adversarial'] },
];

/** True when a scenario (its suite and platform, central when unknown) belongs to the job. */
export function inJob(job: Job, suite: string, platform: string | undefined): boolean {
  if (job.platform !== undefined) return platform === job.platform;
  return job.suites.includes(suite) && (platform ?? 'central') !== 'greenlake';
}

/** The first sentence of an intent (up to the first `.`, `?` or `!` followed by a space). */
export function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = /[.?!](\s|$)/.exec(flat);
  return end ? flat.slice(0, end.index + 1) : flat;
}
