import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fixtureIntegrity, type FixtureProblem } from './fixture-integrity.js';
import type { FactValue } from './types.js';

/** Answers "does this bundle exist" and "does this value occur in it", reading each bundle once. */
export interface FixtureIndex {
  /** The directory `fixture:` paths are relative to (the repository root). */
  readonly root: string;
  exists(fixture: string): boolean;
  /** Whether a fact value occurs in the bundle's data files (manifest.json excluded). */
  contains(fixture: string, value: FactValue): boolean;
  /** Names of the bundles under `<root>/fixtures/central`. */
  bundles(): string[];
  /**
   * What is wrong with the bundle on disk (fixture-integrity.ts), checked once per bundle;
   * `first` is true only for the first asker, so a bundle many scenarios share is reported once.
   */
  integrity(fixture: string): { problems: FixtureProblem[]; first: boolean };
  /** The bundle's data file names without `.json` (its state collections), sorted. */
  collections(fixture: string): string[];
  /** A data file's parsed JSON (`collection` without `.json`), or undefined when there is none. */
  collection(fixture: string, collection: string): unknown;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether a value occurs in JSON text: a string as its JSON-escaped text anywhere (so a value
 * inside a longer message counts); a number or boolean as a whole JSON token.
 */
export function occursInJsonText(text: string, value: FactValue): boolean {
  if (typeof value === 'string') return text.includes(JSON.stringify(value).slice(1, -1));
  return new RegExp(`(?<![\\w.-])${escapeRegExp(JSON.stringify(value))}(?![\\w.])`).test(text);
}

/** A fixture index over `<root>/fixtures/central/<bundle>/`. */
export function createFixtureIndex(root: string): FixtureIndex {
  const texts = new Map<string, Map<string, string>>();
  const checked = new Map<string, FixtureProblem[]>();
  const files = (fixture: string): Map<string, string> => {
    let loaded = texts.get(fixture);
    if (!loaded) {
      const dir = resolve(root, fixture);
      loaded = new Map(
        readdirSync(dir)
          .filter((name) => name.endsWith('.json') && name !== 'manifest.json')
          .sort()
          .map((name) => [name.slice(0, -'.json'.length), readFileSync(join(dir, name), 'utf8')]),
      );
      texts.set(fixture, loaded);
    }
    return loaded;
  };
  const load = (fixture: string): string[] => [...files(fixture).values()];
  const parsed = new Map<string, unknown>();
  return {
    root,
    integrity: (fixture) => {
      const dir = resolve(root, fixture);
      const known = checked.get(dir);
      if (known) return { problems: known, first: false };
      const problems = fixtureIntegrity(root, fixture);
      checked.set(dir, problems);
      return { problems, first: true };
    },
    exists: (fixture) => existsSync(join(resolve(root, fixture), 'manifest.json')),
    contains: (fixture, value) => load(fixture).some((text) => occursInJsonText(text, value)),
    collections: (fixture) => [...files(fixture).keys()],
    collection: (fixture, name) => {
      const key = `${fixture}\0${name}`;
      if (!parsed.has(key)) {
        const text = files(fixture).get(name);
        parsed.set(key, text === undefined ? undefined : (JSON.parse(text) as unknown));
      }
      return parsed.get(key);
    },
    bundles: () => {
      const dir = join(root, 'fixtures', 'central');
      if (!existsSync(dir)) return [];
      return readdirSync(dir)
        .filter((name) => existsSync(join(dir, name, 'manifest.json')))
        .sort();
    },
  };
}
