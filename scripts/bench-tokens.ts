/**
 * `npm run bench:tokens` — how long token counting takes on the inputs that made js-tiktoken
 * stall a run, beside the bare js-tiktoken call it replaces.
 *
 * For each input kind and size it prints the harness's `countText` time (src/tokens/encoders.ts:
 * linear-bpe.ts below MAX_EXACT_CHARS, extrapolated above it), the bare
 * `new Tiktoken(cl100k_base).encode(text, [], []).length` time where it can finish within the
 * `--bare-budget` (its cost on long unbroken pieces grows worse than quadratically, so the larger
 * pathological sizes are skipped and said so), whether the two counts agree, and the machine's
 * load average. Each figure is the median of `--rounds` fresh counts (the harness's cache is
 * bypassed by a distinct suffix per round).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';
import { countText, MAX_EXACT_CHARS } from '../src/tokens/encoders.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'bare-budget': { type: 'string', default: '5000' },
  },
});
const rounds = Number(values.rounds);
/** Largest pathological input (chars) the bare call is run on. */
const bareBudget = Number(values['bare-budget']);

const bare = new Tiktoken(cl100kBase);
const json = (chars: number) => {
  const items: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const item = JSON.stringify({ id: i, name: `device-${i}`, status: 'ONLINE', site: 'Site A' });
    items.push(item);
    length += item.length + 1;
  }
  return `[${items.join(',')}]`.slice(0, chars);
};
const KINDS: { kind: string; make: (chars: number) => string; pathological: boolean }[] = [
  { kind: 'one character repeated', make: (n) => 'a'.repeat(n), pathological: true },
  { kind: 'punctuation run', make: (n) => '!'.repeat(n), pathological: true },
  {
    kind: 'CJK without spaces',
    make: (n) => '日本語のテキスト'.repeat(n / 8 + 1).slice(0, n),
    pathological: true,
  },
  {
    kind: 'base64 blob',
    make: (n) => Buffer.alloc(n, 'x7').toString('base64').slice(0, n),
    pathological: true,
  },
  { kind: 'JSON device list', make: json, pathological: false },
];
const SIZES = [5_000, 20_000, 1_000_000, 5_000_000];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
function time(fn: () => number): { ms: number; count: number } {
  const started = performance.now();
  const count = fn();
  return { ms: performance.now() - started, count };
}

console.log(
  `load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1/5/15 min)`,
);
console.log(`MAX_EXACT_CHARS = ${MAX_EXACT_CHARS}; median of ${rounds} round(s)`);
console.log('kind | chars | harness ms | bare js-tiktoken ms | counts | harness figure');
for (const { kind, make, pathological } of KINDS) {
  for (const size of SIZES) {
    const text = make(size);
    const ours: number[] = [];
    let counted = { count: 0, estimated: false };
    for (let r = 0; r < rounds; r++) {
      // A distinct last character per round keeps the count cache out of the measurement.
      const probe = `${text}${r}`;
      const { ms } = time(() => {
        counted = countText('cl100k_base', probe);
        return counted.count;
      });
      ours.push(ms);
    }
    let bareCell = `not run (> --bare-budget ${bareBudget} chars)`;
    let agree = 'n/a';
    if (!pathological ? size <= 1_000_000 : size <= bareBudget) {
      const probe = `${text}${rounds - 1}`;
      const measured = time(() => bare.encode(probe, [], []).length);
      bareCell = measured.ms.toFixed(1);
      agree =
        measured.count === counted.count
          ? `equal (${counted.count})`
          : `DIFFER: ${measured.count} vs ${counted.count}`;
    }
    const figure = counted.estimated ? `estimated ${counted.count}` : `exact ${counted.count}`;
    console.log(
      `${kind} | ${size} | ${median(ours).toFixed(1)} | ${bareCell} | ${agree} | ${figure}`,
    );
  }
}
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
