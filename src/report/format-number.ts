/** `12,345` without locale surprises: the one integer formatter of every table. */
export function integer(value: number): string {
  return Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A figure with one decimal, grouped (`1,234.5`). */
export function decimal(value: number): string {
  const [whole = '0', frac = '0'] = value.toFixed(1).split('.');
  return `${integer(Number(whole))}.${frac}`;
}
