import { z } from 'zod';
import { seg } from '../http/central-client.js';
import { collectCursor } from '../http/paging.js';
import { defineTool, defineWriteTool, type ToolContext } from './define-tool.js';
import { listResult, normaliseMac, omit } from './util.js';

const CFG = '/network-config/v1alpha1';
const REG = `${CFG}/cnac-mac-reg`;

/**
 * A config-profile collection (`{"auth-server": [...]}`): the list key is the singular type
 * name, so take the body's array whatever it is called. One call returns the whole collection.
 */
async function profiles(
  ctx: ToolContext,
  segment: string,
  name: string,
): Promise<Record<string, unknown>> {
  const body = await ctx.central.get<Record<string, unknown>>(`${CFG}/${segment}`);
  const list = Object.values(body ?? {}).find(Array.isArray) ?? [];
  return { total: list.length, [name]: list };
}

/** Tools for Central NAC: MAC registrations, auth servers, auth profiles, authorization policies. */
export function registerNacTools(ctx: ToolContext): void {
  defineTool(
    ctx,
    'read',
    {
      name: 'list_mac_registrations',
      title: 'List MAC registrations',
      description:
        'Central NAC MAC registrations (id, MAC, display name, enabled, tags); search matches any field.',
      input: { search: z.string().optional() },
      idempotent: true,
    },
    async (a) => {
      const found = await collectCursor(ctx.central, {
        path: REG,
        query: { search: a.search },
        pageSize: 1000,
      });
      return listResult(found, (r) => omit(r, ['type']), 'registrations');
    },
  );

  defineWriteTool(
    ctx,
    'write',
    {
      name: 'register_mac',
      title: 'Register a MAC address',
      description:
        'Add a MAC registration to Central NAC (e.g. to admit an IoT device). Needs REFERENCE_ENABLE_WRITES=1 and user confirmation.',
      input: {
        mac: z.string(),
        name: z.string().min(1).describe('Display name'),
        description: z.string().optional(),
      },
      idempotent: false,
    },
    (a) => `register MAC ${normaliseMac(a.mac)} as '${a.name}'`,
    async (a) => {
      const input: Record<string, unknown> = {
        macAddress: normaliseMac(a.mac),
        displayName: a.name,
        enable: true,
      };
      if (a.description !== undefined) input.description = a.description;
      const res = await ctx.central.request({ method: 'POST', path: REG, body: { input } });
      return { changed: true, action: 'registered', registration: omit(res.body, ['type']) };
    },
  );

  defineWriteTool(
    ctx,
    'destructive',
    {
      name: 'delete_mac_registration',
      title: 'Delete a MAC registration',
      description:
        'Remove a MAC registration by its id (see list_mac_registrations); the device loses NAC access. Needs REFERENCE_ENABLE_WRITES=1 and user confirmation.',
      input: { id: z.string() },
      idempotent: true,
    },
    (a) => `delete MAC registration ${a.id}`,
    async (a) => {
      await ctx.central.request({ method: 'DELETE', path: `${REG}/${seg(a.id)}` });
      return { changed: true, action: 'deleted', id: a.id };
    },
  );

  const list = (name: string, title: string, segment: string, key: string, what: string): void =>
    defineTool(
      ctx,
      'read',
      { name, title, description: `${what} Secrets are masked.`, input: {}, idempotent: true },
      async () => profiles(ctx, segment, key),
    );
  list(
    'list_auth_servers',
    'List auth servers',
    'auth-servers',
    'authServers',
    'RADIUS/TACACS/LDAP auth server profiles (address, ports, type).',
  );
  list(
    'list_auth_profiles',
    'List auth profiles',
    'auth-profiles',
    'authProfiles',
    'Central NAC authentication profiles.',
  );
  list(
    'list_authz_policies',
    'List authorization policies',
    'authz-policies',
    'authzPolicies',
    'Central NAC authorization policies (rules and the roles they assign).',
  );
}
