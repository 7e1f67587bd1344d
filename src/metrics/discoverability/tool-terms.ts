import type { ToolDefinition } from '../../trajectory/types.js';

/**
 * The text a tool is found by: its name, its description and the names of its parameters
 * (nested object properties too). Schemas' own keywords (`type`, `enum` values, descriptions of
 * parameters) are left out: the issue's definition is name + description + parameter names.
 */
export function toolDocument(tool: ToolDefinition): string {
  return [tool.name, tool.description ?? '', ...parameterNames(tool.inputSchema)].join('\n');
}

/** Property names of a JSON Schema, depth-first, in schema order (arrays' item schemas too). */
export function parameterNames(schema: unknown, depth = 0): string[] {
  if (depth > 8 || schema === null || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const names: string[] = [];
  const properties = node['properties'];
  if (properties !== null && typeof properties === 'object' && !Array.isArray(properties)) {
    for (const [name, child] of Object.entries(properties as Record<string, unknown>)) {
      names.push(name, ...parameterNames(child, depth + 1));
    }
  }
  for (const key of ['items', 'anyOf', 'oneOf', 'allOf'] as const) {
    const value = node[key];
    const children = Array.isArray(value) ? value : value === undefined ? [] : [value];
    for (const child of children) names.push(...parameterNames(child, depth + 1));
  }
  return names;
}

const isUpper = (c: string | undefined): boolean => c !== undefined && c >= 'A' && c <= 'Z';
const isLower = (c: string | undefined): boolean => c !== undefined && c >= 'a' && c <= 'z';
const WORD = /[\p{L}\p{N}]/u;

/**
 * Splits text into lower-case terms: on anything that is not a letter or digit, and at camelCase
 * boundaries (`getSiteHealth` → get, site, health; `HTTPServer` → http, server; `v1alpha1`
 * stays whole). One pass over the text, so a description of 600 KB of capitals costs what any
 * 600 KB does (a regular expression for the acronym rule backtracked quadratically).
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  const chars = [...text];
  let current = '';
  const flush = (): void => {
    if (current !== '') out.push(current.toLowerCase());
    current = '';
  };
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] ?? '';
    if (!WORD.test(c)) {
      flush();
      continue;
    }
    const prev = chars[i - 1];
    if (
      current !== '' &&
      ((isLower(prev) && isUpper(c)) || (isUpper(prev) && isUpper(c) && isLower(chars[i + 1])))
    )
      flush();
    current += c;
  }
  flush();
  return out;
}

/**
 * Harman's "S" stemmer (JASIS 1991), the minimal English plural folding Lucene ships as
 * EnglishMinimalStemFilter: `clients` and `client` must be the same term for a retriever to
 * match an intent against a tool name, and anything stronger would be a tuning choice.
 */
export function sStem(term: string): string {
  if (term.length < 3 || !term.endsWith('s')) return term;
  if (term.endsWith('ies') && !term.endsWith('eies') && !term.endsWith('aies')) {
    return `${term.slice(0, -3)}y`;
  }
  if (term.endsWith('es') && !/(?:aes|ees|oes)$/.test(term)) return term.slice(0, -1);
  if (/(?:us|ss)$/.test(term)) return term;
  return term.slice(0, -1);
}

/** English function words dropped from documents and queries (they carry no tool meaning). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be but by can do does for from has have how i if in into is it its me my ' +
    'no not of on or our please show so that the their them then there these this those to us ' +
    'was we what when where which who why will with you your'
  ).split(' '),
);

/** tokenize → drop stop words → S-stem: the one term pipeline for tools and intents alike. */
export function terms(text: string): string[] {
  return tokenize(text)
    .filter((t) => !STOP_WORDS.has(t))
    .map(sStem);
}
