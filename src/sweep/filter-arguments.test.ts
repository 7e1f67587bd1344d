import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../../fake-central/index.js';
import { packageRoot } from '../common/package-root.js';
import { filterArguments, MAX_FILTERS } from './filter-arguments.js';
import { sweepValues } from './infer-arguments.js';

const values = sweepValues(loadBundle(resolve(packageRoot(), 'fixtures/central/site-a')));
const tool = (properties: Record<string, unknown>, required: string[] = []) => ({
  name: 'list_clients',
  inputSchema: { type: 'object', properties, required },
});
const nullable = (schema: Record<string, unknown>) => ({
  anyOf: [schema, { type: 'null' }],
  default: null,
});

describe('filterArguments (site-a)', () => {
  it('fills optional filters from the bundle, an enum and the plain answer; skips the rest', () => {
    const found = filterArguments(
      tool(
        {
          mac: { type: 'string' },
          site_id: nullable({ type: 'string' }),
          status: nullable({ type: 'string', enum: ['Connected', 'Failed'] }),
          band: { type: 'string', enum: ['5GHz', '2.4GHz'], default: '5GHz' },
          search: { type: 'string' },
          limit: nullable({ type: 'integer' }),
          page_size: { type: 'string' },
          startTime: { type: 'string' },
          verbose: { type: 'boolean' },
          comment: { type: 'string' },
        },
        ['mac'],
      ),
      values,
      { mac: values.ids.clientMac },
      ['Alpha-Laptop', 'beta-phone'],
    );
    expect(found).toEqual([
      { name: 'site_id', value: values.ids.siteId },
      { name: 'status', value: 'Connected' },
      // The default answers as if unfiltered: another member.
      { name: 'band', value: '2.4GHz' },
      { name: 'search', value: 'Alpha-Laptop' },
    ]);
  });

  it('leaves out what the plain call passed, and stops at MAX_FILTERS', () => {
    const many = Object.fromEntries(
      ['site_id', 'serial', 'wlan_name', 'ap_name', 'site_name', 'cluster_name'].map((n) => [
        n,
        { type: 'string' },
      ]),
    );
    const found = filterArguments(tool(many), values, { site_id: values.ids.siteId }, []);
    expect(found.map((f) => f.name)).toEqual(['serial', 'wlan_name', 'ap_name', 'site_name']);
    expect(found).toHaveLength(MAX_FILTERS);
  });

  it('a search with no plain answer to draw from is not probed', () => {
    expect(filterArguments(tool({ q: { type: 'string' } }), values, {}, [])).toEqual([]);
  });
});
