import type { ErrorObject } from 'ajv/dist/2020.js';

/**
 * The deliberate deviations of fake-central/SPEC.md §13 that show up as schema errors, as rules
 * over Ajv errors. A 200 body whose every error matches one is "valid with deviations": the
 * conformance table shows it beside the strict count, so a deviation is visible, never hidden.
 */
interface DeviationRule {
  id: string;
  matches(error: ErrorObject): boolean;
}

const last = (error: ErrorObject): string => error.instancePath.split('/').pop() ?? '';

/**
 * Fields the documents require but the bundle has no value for, served null (SPEC.md §13 D11);
 * optional ones are left out instead (§10).
 */
const NULL_FIELDS = new Set(['clearedReason', 'updatedBy', 'modem']);

/** D9: GLP subscription counts, numbers as the document's own examples are. */
const NUMBER_FIELDS = new Set(['availableQuantity', 'quantity']);

export const DEVIATIONS: readonly DeviationRule[] = [
  // D3: `next` is null on the last page (the documents describe it so, then type it a string).
  { id: 'D3', matches: (e) => e.keyword === 'type' && last(e) === 'next' && e.data === null },
  // D4: event-filters `eventId` is a string, as the events list carries the same id.
  {
    id: 'D4',
    matches: (e) => e.keyword === 'type' && last(e) === 'eventId' && typeof e.data === 'string',
  },
  // D8: monitoring `type` values longer than maxLength 36, as the document's own examples are.
  { id: 'D8', matches: (e) => e.keyword === 'maxLength' && last(e) === 'type' },
  // D9: GLP `quantity`/`availableQuantity` numbers, as the subscription document's examples are.
  {
    id: 'D9',
    matches: (e) =>
      e.keyword === 'type' && NUMBER_FIELDS.has(last(e)) && typeof e.data === 'number',
  },
  // D21: a site topology's `devices` and `links` are lists (the document types each one object).
  {
    id: 'D21',
    matches: (e) =>
      e.keyword === 'type' &&
      /^\/(devices|links)$/.test(e.instancePath) &&
      Array.isArray(e.data) &&
      e.params.type === 'object',
  },
  // D22: a tunnel `mode` the document's own enum lists, longer than its maxLength 10.
  {
    id: 'D22',
    matches: (e) =>
      e.keyword === 'maxLength' &&
      last(e) === 'mode' &&
      typeof e.data === 'string' &&
      e.data.startsWith('Orchestrated'),
  },
  // D11: fields the fixture has no value for are null.
  {
    id: 'D11',
    matches: (e) => e.keyword === 'type' && e.data === null && NULL_FIELDS.has(last(e)),
  },
];

/** The deviation ids covering every error, or undefined when one error is not a deviation. */
export function deviationsCovering(errors: readonly ErrorObject[]): string[] | undefined {
  const ids = new Set<string>();
  for (const error of errors) {
    const rule = DEVIATIONS.find((r) => r.matches(error));
    if (!rule) return undefined;
    ids.add(rule.id);
  }
  return [...ids].sort();
}
