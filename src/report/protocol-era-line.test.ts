import { describe, expect, it } from 'vitest';
import { compareToBaseline } from '../gate/compare-to-baseline.js';
import { renderComment } from '../gate/render-comment.js';
import { base, report } from '../../test/helpers/gate/variant-report.js';
import { DEFAULT_THRESHOLDS } from '../gate/thresholds.js';
import { protocolEraLine } from './protocol-violations.js';
import { renderSummaryMarkdown } from './render-summary.js';

describe('the MCP era line of summary.md and the PR comment', () => {
  it('names each server’s revision and era; absent when no report records one', () => {
    const pr = report();
    expect(protocolEraLine(pr)).toBeNull();
    expect(renderSummaryMarkdown(pr)).not.toContain('MCP protocol (');
    const [first] = pr.servers;
    if (!first) throw new Error('test report changed');
    Object.assign(first, { protocol_version: '2026-07-28', protocol_era: 'modern' });
    const line = `\`${first.name}\` 2026-07-28 (modern)`;
    expect(protocolEraLine(pr)).toContain(line);
    expect(renderSummaryMarkdown(pr)).toContain(line);
    const verdict = compareToBaseline(pr, base(report()), DEFAULT_THRESHOLDS);
    expect(renderComment(pr, verdict)).toContain(line);
  });
});
