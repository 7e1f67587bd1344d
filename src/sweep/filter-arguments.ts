import type { JsonObject } from '../conformance/openapi-documents.js';
import type { ToolDefinition } from '../trajectory/types.js';
import { concrete, fixtureValue, type SweepValues } from './infer-arguments.js';

/** One optional argument the filter probe passes, and the value it passes. */
export interface FilterArgument {
  name: string;
  value: unknown;
}

/**
 * Optional parameters that shape an answer without choosing what it is about: paging, sorting,
 * output shape, time windows, switches. Leaving them out is what the sweep's plain call does.
 */
const NOT_A_FILTER = new Set(
  'limit offset page pages per cursor size sort order by fields format verbose detail details include expand time start end from to since until before after hours days minutes window duration interval timeout count max min top raw debug dry'.split(
    ' ',
  ),
);
/** A parameter's words: `page_size`, `pageSize` and `page-size` are `page`, `size`. */
const words = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
/** A free-text filter: filled with a value the unfiltered answer showed. */
const SEARCH = /^(search|query|q|keyword|keywords|term|text|contains|namecontains)$/;
/** Probes per tool at most: each is one more call. */
export const MAX_FILTERS = 4;

const norm = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** An enum's member other than its default (the default answers as if unfiltered). */
function enumValue(schema: JsonObject): unknown {
  if (!Array.isArray(schema.enum)) return undefined;
  return schema.enum.find((m) => m !== schema.default && m !== null);
}

/**
 * The optional arguments of a tool that narrow its answer and that the sweep can fill: an id,
 * serial, MAC, site, WLAN or device name the bundle knows (as the required ones are filled), an
 * enum member other than the default (a status, a type, a severity), or, for a free-text search,
 * a value the unfiltered answer showed (`shown`, sorted: the first). Arguments the plain call
 * already passes are not filters; booleans, numbers and time windows are not either. At most
 * MAX_FILTERS, in the schema's order.
 */
export function filterArguments(
  tool: ToolDefinition,
  values: SweepValues,
  called: Record<string, unknown>,
  shown: readonly string[],
): FilterArgument[] {
  const schema = tool.inputSchema as JsonObject;
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const found: FilterArgument[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    if (found.length >= MAX_FILTERS) break;
    if (required.has(name) || name in called || words(name).some((w) => NOT_A_FILTER.has(w)))
      continue;
    const property = concrete(raw);
    if (property.type === 'boolean' || property.type === 'integer' || property.type === 'number')
      continue;
    const value =
      fixtureValue(tool.name, name, property, values) ??
      enumValue(property) ??
      (SEARCH.test(norm(name)) && property.type === 'string' ? shown[0] : undefined);
    if (value !== undefined) found.push({ name, value });
  }
  return found;
}
