/**
 * Makes text from a server, a report or a manifest (tool, server, scenario and suite names,
 * reasons, notes) inert in GitHub-flavoured markdown: it renders as the same characters and can
 * open no HTML tag, image, link, code span, heading or line of its own (markdownTable escapes
 * the pipes of table cells). Every
 * renderer of markdown (the PR comment, summary.md, the results page) passes such text through
 * this one function (and code spans through codeSpan).
 *
 * `_` is escaped only where it could open or close emphasis (not inside a word, where GFM never
 * reads it as emphasis), so `get_client_events` stays readable in the markdown source.
 */
export function escapeMarkdown(text: string): string {
  return (
    text
      .replace(/\r\n|[\r\n\u2028\u2029]/g, ' ')
      .replace(/[\\`*[\]~]/g, (c) => `\\${c}`)
      // A heading or a list item only opens at the start of a line: the text's own start (a `>`
      // there becomes &gt; below, which opens no quote).
      .replace(/^(\s*)([#+-])/, '$1\\$2')
      .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\_')
      .replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'))
  );
}

/**
 * Text as an inline code span that nothing in it can close: the fence is one backtick longer
 * than the longest run of backticks inside (CommonMark), padded when the text starts or ends
 * with one; line breaks become spaces. Inside a code span no HTML or link is read.
 */
export function codeSpan(text: string): string {
  const flat = text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || flat.trim() === '' ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
