/** Natural log of n! (exact sum; n stays small: runs per scenario). */
function logFactorial(n: number): number {
  let sum = 0;
  for (let i = 2; i <= n; i++) sum += Math.log(i);
  return sum;
}

const logChoose = (n: number, k: number): number =>
  logFactorial(n) - logFactorial(k) - logFactorial(n - k);

/**
 * One-sided Fisher's exact test that the second pass rate is lower than the first: the
 * probability, with the margins fixed, of the second sample having `passedB` or fewer passes out
 * of `runsB` when `passedA` of `runsA` passed in the first (hypergeometric lower tail). Small
 * values mean the drop is unlikely to be noise.
 */
export function fisherLowerTail(
  passedA: number,
  runsA: number,
  passedB: number,
  runsB: number,
): number {
  const total = runsA + runsB;
  const passes = passedA + passedB;
  const denominator = logChoose(total, runsB);
  let p = 0;
  for (let x = Math.max(0, passes - runsA); x <= passedB; x++) {
    p += Math.exp(logChoose(passes, x) + logChoose(total - passes, runsB - x) - denominator);
  }
  return Math.min(1, p);
}
