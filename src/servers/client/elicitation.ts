import type { WriteGate } from '../../scenarios/types.js';
import type { ElicitationAnswer } from '../types.js';

/** The content of an accepted elicitation (MCP `ElicitResult.content`). */
export type ElicitContent = Record<string, string | number | boolean | string[]>;

/** What the harness answers to one `elicitation/create` request. */
export type ElicitAnswer = { action: 'accept'; content: ElicitContent } | { action: 'decline' };

type Property = Record<string, unknown>;

const SAMPLE_BY_FORMAT: Record<string, string> = {
  email: 'bench@example.com',
  uri: 'https://example.com/',
  date: '2025-01-01',
  'date-time': '2025-01-01T00:00:00Z',
};

function choices(property: Property): string[] {
  if (Array.isArray(property.enum)) return property.enum.map(String);
  const options = property.oneOf ?? property.anyOf;
  if (Array.isArray(options)) {
    return options
      .map((o) => (o as Property).const)
      .filter((c): c is string => typeof c === 'string');
  }
  return [];
}

function sampleString(property: Property): string {
  const options = choices(property);
  if (
    typeof property.default === 'string' &&
    (!options.length || options.includes(property.default))
  )
    return property.default;
  if (options[0] !== undefined) return options[0];
  const format = typeof property.format === 'string' ? property.format : '';
  let value = SAMPLE_BY_FORMAT[format] ?? 'confirmed';
  const min = typeof property.minLength === 'number' ? property.minLength : 0;
  const max = typeof property.maxLength === 'number' ? property.maxLength : Infinity;
  if (value.length < min) value = value.padEnd(min, 'x');
  return value.slice(0, max);
}

function sampleNumber(property: Property): number {
  if (typeof property.default === 'number') return property.default;
  const min = typeof property.minimum === 'number' ? property.minimum : undefined;
  const max = typeof property.maximum === 'number' ? property.maximum : undefined;
  return min ?? (max !== undefined && max < 0 ? max : 0);
}

function sampleArray(property: Property): string[] {
  if (Array.isArray(property.default)) return property.default.map(String);
  const items = (property.items ?? {}) as Property;
  const first = choices(items)[0];
  return first === undefined ? [] : [first];
}

/**
 * The content of a "yes, go ahead": every boolean property true (a `confirm`, an `approve`), and
 * every other required property a plausible value — its default, its first choice, a sample for
 * its format, or the minimum of a number. Optional non-boolean properties are left out.
 */
export function acceptContent(requestedSchema: Record<string, unknown>): ElicitContent {
  const properties = (requestedSchema.properties ?? {}) as Record<string, Property>;
  const required = new Set(
    Array.isArray(requestedSchema.required) ? requestedSchema.required.map(String) : [],
  );
  const content: ElicitContent = {};
  for (const [name, property] of Object.entries(properties)) {
    const type = property.type;
    if (type === 'boolean') {
      content[name] = true;
      continue;
    }
    if (!required.has(name)) continue;
    if (type === 'number' || type === 'integer') content[name] = sampleNumber(property);
    else if (type === 'array') content[name] = sampleArray(property);
    else content[name] = sampleString(property);
  }
  return content;
}

/** The scenario's policy: confirm in write and destructive scenarios, decline in read ones. */
export function elicitationPolicy(writeGate: WriteGate): ElicitationAnswer {
  return writeGate === 'read' ? 'decline' : 'accept';
}

/** The harness's answer to a form elicitation in a scenario at `writeGate`. */
export function answerElicitation(
  requestedSchema: Record<string, unknown>,
  writeGate: WriteGate,
): ElicitAnswer {
  return elicitationPolicy(writeGate) === 'accept'
    ? { action: 'accept', content: acceptContent(requestedSchema) }
    : { action: 'decline' };
}
