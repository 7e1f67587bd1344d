/**
 * `npm run bench:rules` — what checking one request against HPE's documents costs the fake, cold
 * (no cached answer): the documented-operation lookup and the rules, in-process, per request.
 * Reads and writes of the sizes the golden suite sends: a list GET with query parameters, the
 * wlan-ssids create with a full profile body, a refused one, and a path the documents do not
 * describe. A benchmark, not a timed test (docs/performance.md).
 */
import { parseArgs } from 'node:util';
import { refuseByDocuments } from '../fake-central/request-rules/request-rules.js';
import type { Json } from '../fake-central/types.js';

const { values } = parseArgs({
  options: { iterations: { type: 'string', default: '20000' } },
});
const iterations = Number(values.iterations);

const PROFILE: Json = {
  ssid: 'Lab',
  enable: true,
  opmode: 'WPA2_PERSONAL',
  essid: { name: 'Lab', 'use-alias': false },
  'vlan-id-range': ['30'],
  'personal-security': { 'wpa-passphrase': 'correct horse battery staple' },
  'dtim-period': 1,
  'max-clients-threshold': 64,
};
const cases: { name: string; method: string; path: string; query: string; body?: Json }[] = [
  {
    name: 'GET monitoring clients with 3 query parameters',
    method: 'GET',
    path: '/network-monitoring/v1/clients',
    query: 'site-id=2459302564&limit=100&next=2',
  },
  {
    name: 'POST wlan-ssids, a profile body',
    method: 'POST',
    path: '/network-config/v1alpha1/wlan-ssids/Lab',
    query: '',
    body: PROFILE,
  },
  {
    name: 'POST wlan-ssids, refused (opmode not in the enum)',
    method: 'POST',
    path: '/network-config/v1alpha1/wlan-ssids/Lab',
    query: '',
    body: { ...(PROFILE as Record<string, Json>), opmode: 'NOT_A_MODE' },
  },
  { name: 'a path no document describes', method: 'GET', path: '/nowhere/v1/x', query: '' },
];

const started = performance.now();
refuseByDocuments({
  method: 'GET',
  rawPath: '/network-monitoring/v1/clients',
  query: new URLSearchParams(),
  contentType: '',
  body: () => undefined,
  debugSeed: 'bench',
});
console.log(`first call (table indexed): ${(performance.now() - started).toFixed(1)} ms`);
for (const c of cases) {
  const query = new URLSearchParams(c.query);
  const check = (i: number) =>
    refuseByDocuments({
      method: c.method,
      rawPath: c.path,
      query,
      contentType: 'application/json',
      body: () => c.body,
      debugSeed: `bench:${i}`,
    });
  for (let i = 0; i < 1000; i++) check(i); // warm-up
  const t0 = performance.now();
  let refused = 0;
  for (let i = 0; i < iterations; i++) if (check(i)) refused++;
  const us = ((performance.now() - t0) * 1000) / iterations;
  console.log(`${c.name}: ${us.toFixed(1)} µs per request (${refused}/${iterations} refused)`);
}
