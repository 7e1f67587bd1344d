import { notFound } from '../../api-error.js';
import { isItem, text } from '../../json.js';
import type { FakeState } from '../../state.js';
import type { Item, Json } from '../../types.js';

/** The device families the monitoring engines address by serial. */
export type DeviceFamily = 'ap' | 'switch' | 'gateway';

const LISTS: Record<DeviceFamily, [string, string, string]> = {
  ap: ['aps.json', 'ap-details.json', 'Access point'],
  switch: ['switches.json', 'switch-details.json', 'Switch'],
  gateway: ['gateways.json', 'gateway-details.json', 'Gateway'],
};

/** A device of the bundle: its list row merged under its detail (the detail wins). */
export function device(state: FakeState, family: DeviceFamily, serial: string): Item {
  const [list, details, label] = LISTS[family];
  const row = state.list(list).find((d) => text(d.serialNumber) === serial);
  if (!row) throw notFound(`${label} not found: ${serial}`);
  const detail = state.object(details)[serial];
  return isItem(detail) ? { ...row, ...detail } : row;
}

/** Every device of a family, as listed. */
export function devices(state: FakeState, family: DeviceFamily): Item[] {
  return state.list(LISTS[family][0]);
}

/** The array field of an item, or [] (fixture sub-resources such as `ports`, `radios`). */
export function arrayOf(item: Item, field: string): Item[] {
  const value = item[field];
  return Array.isArray(value) ? value.filter(isItem) : [];
}

/** A number in [0, 1) from a string: deterministic noise for generated series. */
export function unit(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 0x1_0000_0000;
}

/** A number field of an item, or the fallback. */
export function num(item: Item, field: string, fallback: number): number {
  const v: Json | undefined = item[field];
  return typeof v === 'number' ? v : fallback;
}
