import type { FactValue } from '../scenarios/types.js';
import type { FinalAnswer } from '../trajectory/types.js';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text a fact is searched for: strings as they are, numbers and booleans by their JSON text. */
export function factText(value: FactValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Whether `haystack` contains the fact, case-sensitively. Strings are plain substrings. Numbers
 * and booleans must stand alone, so 3 is not found in "13", "3.5", "v3" or "2023": otherwise a
 * short number would be "found" in nearly any text.
 */
export function containsFact(haystack: string, value: FactValue): boolean {
  const needle = factText(value);
  if (typeof value === 'string') return needle !== '' && haystack.includes(needle);
  const standalone = new RegExp(
    `(?<![0-9A-Za-z_.])${escapeRegExp(needle)}(?![0-9A-Za-z_]|\\.[0-9])`,
  );
  return standalone.test(haystack);
}

/** Every string in a JSON value (keys included), depth first. */
export function jsonStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) jsonStrings(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      jsonStrings(item, out);
    }
  }
  return out;
}

/** Whether a final answer holds the fact: in its text, its JSON text or any string of its JSON. */
export function answerContainsFact(answer: FinalAnswer, value: FactValue): boolean {
  const haystacks = [answer.text, JSON.stringify(answer.json), ...jsonStrings(answer.json)];
  return haystacks.some((text) => containsFact(text, value));
}
