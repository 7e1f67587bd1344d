/** Column alignment of a markdown table. */
export type Align = 'left' | 'right';

const escapeCell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * A GitHub-flavoured markdown table with padded columns, laid out exactly as Prettier formats
 * it, so it reads well in a terminal and a committed snapshot survives `prettier --write`.
 */
export function markdownTable(header: string[], align: Align[], rows: string[][]): string {
  const cells = [header, ...rows].map((row) => row.map(escapeCell));
  const widths = header.map((_, col) =>
    Math.max(3, ...cells.map((row) => [...(row[col] ?? '')].length)),
  );
  const pad = (text: string, col: number): string => {
    const width = widths[col] ?? 3;
    const fill = ' '.repeat(Math.max(0, width - [...text].length));
    return align[col] === 'right' ? fill + text : text + fill;
  };
  const line = (row: string[]): string => `| ${row.map((c, col) => pad(c, col)).join(' | ')} |`;
  const rule = widths.map((w, col) =>
    align[col] === 'right' ? '-'.repeat(w - 1) + ':' : '-'.repeat(w),
  );
  const [head = [], ...body] = cells;
  return [line(head), `| ${rule.join(' | ')} |`, ...body.map(line)].join('\n') + '\n';
}
