import type { Item } from '../types.js';
/** A deterministic stand-in for the stored Vault transit ciphertext of `value`. */
export declare function sealedValue(value: string): string;
/** A config object as a read returns it: every Vault-typed secret as its ciphertext. */
export declare function sealSecrets(item: Item): Item;
