import { createHash } from 'node:crypto';
import { isItem } from '../json.js';
import type { Item, Json } from '../types.js';

/**
 * The config fields the vendor types as a Vault-encrypted secret: "A custom derived type … takes a
 * plaintext password and uses Vault's 3rd party API to encrypt the password … to encrypt and store
 * customer credentials" (network-config OAS `x-typeDescription` of `personal-security.wpa-passphrase`
 * in wireless and of `shared-secret-config.plaintext-value` in security; vendored at
 * nowireless4u vendor/central/config/{wireless,security}.json @91fe984). The API stores them
 * encrypted, so a read returns the stored ciphertext, never the clear text that was written.
 */
const SEALED_FIELDS = new Set(['wpa-passphrase', 'plaintext-value']);

/** A deterministic stand-in for the stored Vault transit ciphertext of `value`. */
export function sealedValue(value: string): string {
  return `vault:v1:${createHash('sha256').update(value).digest('base64')}`;
}

function seal(value: Json): Json {
  if (Array.isArray(value)) return value.map(seal);
  if (!isItem(value)) return value;
  const out: Item = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      SEALED_FIELDS.has(key) && typeof inner === 'string' && !inner.startsWith('vault:')
        ? sealedValue(inner)
        : seal(inner);
  }
  return out;
}

/** A config object as a read returns it: every Vault-typed secret as its ciphertext. */
export function sealSecrets(item: Item): Item {
  return seal(item) as Item;
}
