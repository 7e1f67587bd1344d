import { BenchError } from '../common/errors.js';

/**
 * The items of a changes file (`publish --changes FILE`): each `- ` (or `* `) line starts an
 * item, indented lines continue it; blank lines and `#` headings are skipped. Anything else is
 * an error naming the file and line, so a stray paragraph is never silently dropped.
 */
export function parseChanges(file: string, text: string): string[] {
  const items: string[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '' || /^#+\s/.test(line)) return;
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (item) {
      items.push((item[1] ?? '').trim());
      return;
    }
    const last = items.length - 1;
    if (/^\s+\S/.test(line) && last >= 0) {
      items[last] = `${items[last]} ${line.trim()}`;
      return;
    }
    throw new BenchError(
      'usage',
      `${file}:${i + 1}: not a "- " item or its indented continuation`,
      {
        hint: 'write each change as a "- " line; continue it on lines indented by two spaces',
      },
    );
  });
  if (items.length === 0) {
    throw new BenchError('usage', `${file} has no "- " item`, {
      hint: 'one change per "- " line',
    });
  }
  return items;
}
