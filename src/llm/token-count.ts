/**
 * A token count as a provider reported it (`usage.<field>` of a response), checked where it
 * enters: absent or null is 0; anything but a whole number ≥ 0 (a negative count, a fraction, a
 * string, a number too large for a double) is the provider's error for that run, naming the field
 * and the value, never a count that could lower the budget's spend or break the report.
 */
export function tokenCount(usage: Record<string, unknown>, field: string, path = 'usage'): number {
  const value = usage[field];
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  const shown = typeof value === 'number' ? String(value) : JSON.stringify(value);
  throw new Error(
    `the provider reported ${path}.${field} = ${shown}: a token count is a whole number ≥ 0`,
  );
}
