import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cloneJson } from './json-clone.js';
import type { Json } from './types.js';

const SITE_A = join(import.meta.dirname, '..', 'fixtures', 'central', 'site-a');

describe('cloneJson', () => {
  it('copies every file of a bundle as structuredClone does: equal, keys in order, nothing shared', () => {
    for (const name of readdirSync(SITE_A).filter((n) => n.endsWith('.json'))) {
      const source = JSON.parse(readFileSync(join(SITE_A, name), 'utf8')) as Json;
      const copy = cloneJson(source);
      expect(JSON.stringify(copy), name).toBe(JSON.stringify(structuredClone(source)));
      expect(copy).toStrictEqual(source);
    }
  });

  it('leaves the source as it was when the copy is changed at any depth', () => {
    const source = JSON.parse('{"items":[{"name":"a","tags":["x"],"n":{"v":-0}}],"total":1}') as {
      items: { name: string; tags: string[]; n: { v: number } }[];
      total: number;
    };
    const before = structuredClone(source);
    const copy = cloneJson(source);
    copy.items[0]!.name = 'b';
    copy.items[0]!.tags.push('y');
    copy.items[0]!.n.v = 1;
    copy.items.push({ name: 'c', tags: [], n: { v: 2 } });
    expect(source).toStrictEqual(before);
    expect(Object.is(cloneJson(before).items[0]!.n.v, -0)).toBe(true);
  });

  it('keeps a __proto__ key an own property, as JSON.parse made it, not a prototype', () => {
    const source = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as Json;
    const copy = cloneJson(source) as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
