/**
 * Counts tokens exactly as js-tiktoken's `new Tiktoken(ranks).encode(text, [], []).length` does,
 * in O(n log n).
 *
 * Why: js-tiktoken's byte-pair merge rescans every adjacent pair after each merge and builds a
 * string key per pair (node_modules/js-tiktoken/dist/chunk-VL2OQCWN.js:13-38, v1.0.21), so a
 * long piece — a run of one character, a CJK paragraph, a minified blob, which the split regex
 * keeps as one piece — costs O(n²) key builds of O(n) each: 7.7 s for 5,000 identical characters.
 * The same merge done with a heap of candidate pairs (lowest rank first, leftmost on a tie, as
 * the rescan picks) and a linked list of parts gives the same parts, hence the same count.
 * `npm run bench:tokens` measures both and checks they agree.
 */
export interface PieceCounter {
  count(text: string): number;
}

/** A ranks file as js-tiktoken ships it (`js-tiktoken/ranks/*`): the split pattern and the ranks. */
export interface BpeRanksFile {
  pat_str: string;
  /** Lines of `<name> <first rank> <base64 token> <base64 token> …`, ranks counting up. */
  bpe_ranks: string;
}

/** The ranks keyed by each token's bytes as a latin1 string (one char per byte). */
interface RankTable {
  ranks: Map<string, number>;
  maxTokenBytes: number;
}

/**
 * Reads the ranks straight into a map keyed by latin1 strings. Why not `new Tiktoken(ranks)`:
 * its constructor goes through a 100k-key object, decodes each token to an array and keys the
 * map by `bytes.join(",")`; 2.4 s of CPU at load 8 against 0.4 s here, paid by every process
 * that counts a token (every run, and every test file that does). Later lines win on a repeated
 * token, as js-tiktoken's object does.
 */
function rankTable(file: BpeRanksFile): RankTable {
  const ranks = new Map<string, number>();
  let maxTokenBytes = 0;
  for (const line of file.bpe_ranks.split('\n')) {
    if (line === '') continue;
    const fields = line.split(' ');
    const first = Number.parseInt(fields[1] ?? '', 10);
    for (let i = 2; i < fields.length; i++) {
      // atob gives the decoded bytes as a latin1 string: the key format itself.
      const key = atob(fields[i] ?? '');
      ranks.set(key, first + i - 2);
      if (key.length > maxTokenBytes) maxTokenBytes = key.length;
    }
  }
  return { ranks, maxTokenBytes };
}

/** A binary min-heap of merge candidates ordered by (rank, start). */
class CandidateHeap {
  // Flattened [rank, start, left, right, leftVersion, rightVersion] tuples.
  private readonly items: number[][] = [];

  get size(): number {
    return this.items.length;
  }

  push(item: number[]): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!less(item, items[parent] as number[])) break;
      items[i] = items[parent] as number[];
      i = parent;
    }
    items[i] = item;
  }

  pop(): number[] | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child =
        right < items.length && less(items[right] as number[], items[left] as number[])
          ? right
          : left;
      if (!less(items[child] as number[], last)) break;
      items[i] = items[child] as number[];
      i = child;
    }
    items[i] = last;
    return top;
  }
}

const less = (a: number[], b: number[]): boolean =>
  (a[0] as number) < (b[0] as number) ||
  ((a[0] as number) === (b[0] as number) && (a[1] as number) < (b[1] as number));

/** Parts the byte-pair merge leaves of one piece (its bytes as a latin1 string), counted. */
function mergeCount(bytes: string, ranks: Map<string, number>, maxTokenBytes: number): number {
  const n = bytes.length;
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  const version = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    start[i] = i;
    end[i] = i + 1;
    next[i] = i + 1 < n ? i + 1 : -1;
    prev[i] = i - 1;
  }
  const heap = new CandidateHeap();
  const offer = (left: number): void => {
    const right = next[left] as number;
    if (left < 0 || right < 0) return;
    const from = start[left] as number;
    const to = end[right] as number;
    if (to - from > maxTokenBytes) return;
    // A part is a run of the piece's bytes, so a pair's key is one slice of the piece.
    const rank = ranks.get(bytes.slice(from, to));
    if (rank === undefined) return;
    heap.push([rank, from, left, right, version[left] as number, version[right] as number]);
  };
  for (let i = 0; i < n - 1; i++) offer(i);
  let parts = n;
  while (heap.size > 0) {
    const [, , left = 0, right = 0, leftVersion, rightVersion] = heap.pop() as number[];
    // Stale: one side has merged since this candidate was offered.
    if (version[left] !== leftVersion || version[right] !== rightVersion || next[left] !== right) {
      continue;
    }
    end[left] = end[right] as number;
    const after = next[right] as number;
    next[left] = after;
    if (after >= 0) prev[after] = left;
    version[left] = (version[left] as number) + 1;
    version[right] = -1;
    parts--;
    offer(prev[left] as number);
    offer(left);
  }
  return parts;
}

/** The counter of a ranks file: its own split pattern, its ranks. */
export function pieceCounter(file: BpeRanksFile): PieceCounter {
  const { ranks, maxTokenBytes } = rankTable(file);
  const split = new RegExp(file.pat_str, 'ug');
  return {
    count(text: string): number {
      let total = 0;
      for (const match of text.matchAll(split)) {
        const bytes = Buffer.from(match[0], 'utf8').toString('latin1');
        if (bytes.length === 1 || ranks.has(bytes)) total += 1;
        else total += mergeCount(bytes, ranks, maxTokenBytes);
      }
      return total;
    },
  };
}
