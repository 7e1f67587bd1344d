// Test helpers: the tables of a rendered results page and dashboard as plain text, read back
// from the markdown and the HTML the way a reader sees them, so a test can compare the two.

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const decode = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m);

/** A markdown cell's text: code spans as their content, escapes undone, emphasis dropped. */
function markdownCellText(cell: string): string {
  let out = '';
  let i = 0;
  while (i < cell.length) {
    const rest = cell.slice(i);
    const fence = /^`+/.exec(rest)?.[0];
    if (fence) {
      const end = cell.indexOf(fence, i + fence.length);
      let inner = cell.slice(i + fence.length, end < 0 ? undefined : end);
      if (inner.length > 1 && inner.startsWith(' ') && inner.endsWith(' '))
        inner = inner.slice(1, -1);
      out += inner.replace(/\\\|/g, '|');
      i = end < 0 ? cell.length : end + fence.length;
    } else if (rest.startsWith('\\') && rest.length > 1) {
      out += rest[1];
      i += 2;
    } else if (rest.startsWith('](')) {
      // A link's target is not text a reader sees: skip to its closing parenthesis.
      const end = cell.indexOf(')', i);
      i = end < 0 ? cell.length : end + 1;
    } else if (rest.startsWith('[')) {
      i += 1;
    } else if (rest.startsWith('**')) {
      i += 2;
    } else if (rest.startsWith('<br>')) {
      out += ' / ';
      i += 4;
    } else {
      const entity = /^&(amp|lt|gt|quot|#39);/.exec(rest)?.[0];
      out += entity ? decode(entity) : rest[0];
      i += entity ? entity.length : 1;
    }
  }
  return out.trim();
}

/** Every table of a markdown document: rows (header first) of cell texts. */
export function markdownTables(markdown: string): string[][][] {
  const tables: string[][][] = [];
  let current: string[][] | null = null;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      current = null;
      continue;
    }
    if (/^\|(\s*:?-+:?\s*\|)+$/.test(line)) continue;
    if (!current) {
      current = [];
      tables.push(current);
    }
    const cells = line.slice(1, -1).split(/(?<!\\)\|/);
    current.push(cells.map(markdownCellText));
  }
  return tables;
}

/** Every table of an HTML document: rows (header first) of cell texts. */
export function htmlTables(html: string): string[][][] {
  return [...html.matchAll(/<table[^>]*>([\s\S]*?)<\/table>/g)].map((t) =>
    [...(t[1] ?? '').matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((r) =>
      [...(r[1] ?? '').matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) =>
        decode((c[1] ?? '').replace(/<br>/g, ' / ').replace(/<[^>]+>/g, '')).trim(),
      ),
    ),
  );
}

/** The headings of a markdown document and of an HTML document, in order, as text. */
export function markdownHeadings(markdown: string): string[] {
  return markdown
    .split('\n')
    .flatMap((l) => (/^#{1,3} /.test(l) ? [markdownCellText(l.replace(/^#+ /, ''))] : []));
}

/** The h1–h3 headings of an HTML document, in order, as text. */
export function htmlHeadings(html: string): string[] {
  return [...html.matchAll(/<h[1-3]>([\s\S]*?)<\/h[1-3]>/g)].map((m) =>
    decode((m[1] ?? '').replace(/<[^>]+>/g, '')).trim(),
  );
}
