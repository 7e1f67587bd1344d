import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../../fake-central/index.js';
import { packageRoot } from '../common/package-root.js';
import { inferArguments, sweepValues } from './infer-arguments.js';

const values = sweepValues(loadBundle(resolve(packageRoot(), 'fixtures/central/site-a')));
const tool = (name: string, properties: Record<string, unknown>, required: string[]) => ({
  name,
  inputSchema: { type: 'object', properties, required },
});

describe('inferArguments (site-a)', () => {
  it('fills required parameters from the bundle and leaves optional ones out', () => {
    expect(
      inferArguments(
        tool(
          'get_ap_radios',
          { site_id: { type: 'string' }, serial: { type: 'string' }, limit: { type: 'integer' } },
          ['site_id', 'serial'],
        ),
        values,
      ),
    ).toEqual({ arguments: { site_id: values.ids.siteId, serial: values.ids.apSerial } });
  });

  it.each<[string, Record<string, unknown>, unknown]>([
    ['ssid', { type: 'string' }, 'Corp-Secure'],
    ['cluster_name', { type: 'string' }, values.ids.clusterName],
    ['status', { type: 'string', enum: ['ONLINE', 'OFFLINE'] }, 'ONLINE'],
    ['hours', { type: 'integer', default: 24 }, 24],
    ['verbose', { type: 'boolean' }, false],
    ['site_id', { anyOf: [{ type: 'string' }, { type: 'null' }] }, '2459302564'],
    ['start_time', { type: 'string' }, '2026-03-02T11:00:00.000Z'],
    ['client_mac', { type: 'string' }, values.ids.clientMac],
  ])('%s → %j', (name, schema, value) => {
    expect(inferArguments(tool('get_thing', { [name]: schema }, [name]), values)).toEqual({
      arguments: { [name]: value },
    });
  });

  it('names what it cannot fill; the config fills it', () => {
    const ping = tool('run_ping', { destination: { type: 'string' } }, ['destination']);
    expect(inferArguments(ping, values)).toEqual({ missing: ['destination'] });
    expect(inferArguments(ping, values, { destination: '10.0.0.1' })).toEqual({
      arguments: { destination: '10.0.0.1' },
    });
  });
});

describe('arguments only the world’s items fill (site-a)', () => {
  it.each<[string, string, Record<string, unknown>, unknown]>([
    ['get_aaa_profile', 'name', { type: 'string' }, 'Corp-Secure-aaa'],
    ['get_server_group', 'name', { type: 'string' }, 'corp-radius'],
    [
      'get_passpoint_identity_profile',
      'name',
      { type: 'string' },
      values.profileNames['passpoint-identity.json'],
    ],
    ['get_passpoint_profile', 'name', { type: 'string' }, values.profileNames['passpoint.json']],
    ['clear_alerts', 'alert_keys', { type: 'array', items: { type: 'string' } }, [values.alertKey]],
    ['set_alert_priority', 'alert_key', { type: 'string' }, values.alertKey],
  ])('%s: %s → %j', (name, arg, schema, value) => {
    expect(value).toBeTruthy();
    expect(inferArguments(tool(name, { [arg]: schema }, [arg]), values)).toEqual({
      arguments: { [arg]: value },
    });
  });

  it('takes an active alert’s key, and leaves a name no profile kind matches missing', () => {
    const bundle = loadBundle(resolve(packageRoot(), 'fixtures/central/site-a'));
    const alerts = bundle.files.get('alerts.json') as { key: string; status: string }[];
    expect(alerts.find((a) => a.key === values.alertKey)?.status).toBe('Active');
    expect(
      inferArguments(tool('get_site', { name: { type: 'string' } }, ['name']), values),
    ).toEqual({ missing: ['name'] });
    // Optional parameters stay out: the world's names never narrow a listing unasked.
    expect(
      inferArguments(tool('list_aaa_profiles', { name: { type: 'string' } }, []), values),
    ).toEqual({ arguments: {} });
  });
});
