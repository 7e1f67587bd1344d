import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

// The central-nac configuration objects the generator seeds (scripts/fixtures/build-nac-config.ts),
// read through a real fake on the site-a bundle.
const api = useFakeApi({ fixture: 'site-a' });
const C = '/network-config/v1alpha1';

type Row = Record<string, unknown>;
const list = async (segment: string, key: string): Promise<Row[]> =>
  ((await api.get(`${C}/${segment}`)) as Record<string, Row[]>)[key] ?? [];

describe('central-nac configuration objects seeded from the world', () => {
  it('one static tag per tag the MAC registrations carry, readable by tag-id', async () => {
    const regs = (await api.get(`${C}/cnac-mac-reg`)) as { items: { staticTags: string[] }[] };
    const used = [...new Set(regs.items.flatMap((r) => r.staticTags))].sort();
    const tags = await list('static-tag', 'tag');
    expect(tags.map((t) => t.name)).toEqual(used);
    const first = tags[0] ?? {};
    expect(await api.get(`${C}/static-tag/${String(first['tag-id'])}`)).toEqual(first);
  });

  it('the guest portal points at its own skin, text overrides and registration e-mail', async () => {
    const [portal] = await list('portals', 'portal');
    expect(portal).toMatchObject({ name: 'Guest portal', 'require-accept-terms': true });
    const skin = await api.get(`${C}/skins/${String(portal?.skin)}`);
    expect(skin).toMatchObject({ name: 'Guest portal' });
    const override = await api.get(`${C}/overrides/${String(portal?.overrides)}`);
    expect(override).toMatchObject({ 'fallback-language': 'EN' });
    const message = await api.get(
      `${C}/custom-messages/${String(portal?.['registration-email-message'])}`,
    );
    expect(message).toMatchObject({ 'message-purpose': 'REGISTRATION', 'message-type': 'EMAIL' });
  });

  it('identity stores and default messages read by id; unmodelled objects stay 404', async () => {
    const [store] = await list('identity-stores', 'store');
    expect(store).toMatchObject({ 'id-store-type': 'REGISTERED_MACS' });
    expect(await api.get(`${C}/identity-stores/${String(store?.id)}`)).toEqual(store);
    const defaults = await list('default-custom-messages', 'default-custom-message');
    expect(defaults.map((d) => d['message-purpose'])).toEqual([
      'REGISTRATION',
      'VERIFICATION_CODE',
    ]);
    expect((await api.call(`${C}/message-providers/twilio-1`)).status).toBe(404);
  });
});
