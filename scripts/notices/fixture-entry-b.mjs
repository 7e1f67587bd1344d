// The second entry of scripts/build-bundle.test.ts's build: it shares yaml with fixture-entry.mjs,
// so the build must write yaml once, into a chunk both entries import.
import { parse } from 'yaml';

export const partsB = [parse];
