import type { Item, Json } from './types.js';

/** A JSON scalar as text ('' for null/undefined, JSON for objects) — for comparisons and keys. */
export function text(value: Json | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Narrows a JSON value to an object (not null, not an array). */
export function isItem(value: Json | undefined): value is Item {
  return (
    value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value)
  );
}
