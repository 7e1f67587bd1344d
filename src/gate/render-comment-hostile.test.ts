import { describe, expect, it } from 'vitest';
import { renderSummaryMarkdown } from '../report/render-summary.js';
import { compareToBaseline } from './compare-to-baseline.js';
import { renderComment } from './render-comment.js';
import { base, report } from '../../test/helpers/gate/variant-report.js';
import { DEFAULT_THRESHOLDS } from './thresholds.js';

// Names a server, a manifest or a bench config controls, each trying to become markup.
const SERVER = 'x<script>alert(1)</script>';
const TOOL = '<img src=https://evil.example/t.png>';
const SCENARIO = '*[click](javascript:alert(1))*`';

describe('hostile names in the PR comment and summary.md', () => {
  const pr = report({
    server: SERVER,
    tools: ['list_alerts', TOOL],
    scenarios: ['alerts-001', SCENARIO],
    manifest: 'sha256:bbbb',
  });
  const verdict = compareToBaseline(pr, base(report({ server: SERVER })), DEFAULT_THRESHOLDS);
  const outputs = { comment: renderComment(pr, verdict), summary: renderSummaryMarkdown(pr) };

  it.each(Object.keys(outputs))('%s opens no tag, image or link', (which) => {
    // Inside a code span nothing is markup: check the text outside them.
    const text = outputs[which as keyof typeof outputs].replace(/(`+)[^`][\s\S]*?[^`]\1(?!`)/g, '');
    expect(text).not.toMatch(/<script|<img/i);
    // Escaped brackets (`\[`, `\]`, `\!`) render as text, never as a link or an image.
    expect(text).not.toMatch(/(?<!\\)\]\(javascript/);
    expect(text).not.toMatch(/(?<!\\)!\\?\[/);
    // Every raw `<` left is one of the renderer's own tags.
    for (const tag of text.match(/<[^>]*>/g) ?? [])
      expect(tag).toMatch(/^<\/?(details|summary|sub)>$|^<!--/);
  });

  it('still shows the names as text', () => {
    expect(outputs.comment).toContain('x&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(outputs.comment).toContain('&lt;img src=https://evil.example/t.png&gt;');
    expect(outputs.comment).toContain('\\*\\[click\\](javascript:alert(1))\\*\\`');
  });
});
