import { didYouMean } from '../did-you-mean.js';
import { FakeCentralError } from '../errors.js';

// The documented deviations (fake-central/SPEC.md §13) whose evidence is still open, each with
// the behaviours a test may pick until the next reset. The first value is the fake's default.

/** Each switchable deviation: what it is about and its values, the default first, each explained. */
export const DIVERGENCE_CHOICES = {
  D20: {
    about: 'site and tenant client-health counts',
    values: {
      'every-client': 'failed clients count, as Poor (the default)',
      connected: 'only connected clients count, as the tenant client-health document describes',
    },
  },
} as const;

export type DivergenceId = keyof typeof DIVERGENCE_CHOICES;

/** The behaviour picked for each switchable deviation; an id left out keeps its default. */
export type DivergenceChoices = {
  [Id in DivergenceId]?: keyof (typeof DIVERGENCE_CHOICES)[Id]['values'];
};

const IDS = Object.keys(DIVERGENCE_CHOICES) as DivergenceId[];

const valuesOf = (id: DivergenceId): string[] => Object.keys(DIVERGENCE_CHOICES[id].values);

/** `D20 (site and tenant client-health counts): "every-client" (…) or "connected" (…)`. */
function menu(id: DivergenceId): string {
  const values = Object.entries(DIVERGENCE_CHOICES[id].values).map(
    ([value, what]) => `"${value}" (${what})`,
  );
  return `${id} (${DIVERGENCE_CHOICES[id].about}): ${values.join(' or ')}`;
}

const refuse = (message: string, hint: string): never => {
  throw new FakeCentralError('fixture_invalid', message, hint);
};

/**
 * Reads `divergences` (`{"D20": "connected"}`): each id must be one with a choice and each value
 * one of its values. Throws FakeCentralError `fixture_invalid` naming the valid ones; the
 * default values are dropped (an empty answer means the fake's defaults).
 */
export function parseDivergences(input: unknown): DivergenceChoices {
  if (input === undefined || input === null) return {};
  const all = IDS.map(menu).join('; ');
  if (typeof input !== 'object' || Array.isArray(input))
    refuse(
      `divergences: ${JSON.stringify(input)} is not an object of id → choice`,
      `e.g. {"D20": "connected"}; the choices: ${all}`,
    );
  const choices: Record<string, string> = {};
  for (const [id, value] of Object.entries(input as Record<string, unknown>)) {
    if (!IDS.includes(id as DivergenceId))
      refuse(
        `divergences: ${id} has no per-test choice; ${didYouMean(id, IDS)}the deviations with one: ${IDS.join(', ')}`,
        `the choices: ${all} (fake-central/SPEC.md §13)`,
      );
    const values = valuesOf(id as DivergenceId);
    if (typeof value !== 'string' || !values.includes(value))
      refuse(
        `divergences: ${id} is ${JSON.stringify(value)}; ${typeof value === 'string' ? didYouMean(value, values) : ''}it takes ${values.map((v) => `"${v}"`).join(' or ')}`,
        menu(id as DivergenceId),
      );
    if (value !== values[0]) choices[id] = value as string;
  }
  return choices;
}
