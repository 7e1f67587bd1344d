import { describe, expect, it } from 'vitest';
import { codeSpan, escapeMarkdown } from './markdown-escape.js';

describe('escapeMarkdown', () => {
  it.each([
    ['get_client_events', 'get_client_events'],
    ['x<script>alert(1)</script>', 'x&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<img src=https://evil.example/t.png>', '&lt;img src=https://evil.example/t.png&gt;'],
    ['![t](https://evil.example/t.png)', '!\\[t\\](https://evil.example/t.png)'],
    ['call #0 - done', 'call #0 - done'],
    ['> quoted', '&gt; quoted'],
    ['- item', '\\- item'],
    ['*[click](javascript:alert(1))*', '\\*\\[click\\](javascript:alert(1))\\*'],
    ['`code` and ``more``', '\\`code\\` and \\`\\`more\\`\\`'],
    ['# heading', '\\# heading'],
    ['two\nlines\r\nhere', 'two lines here'],
    ['_emph_ and snake_case', '\\_emph\\_ and snake_case'],
    ['~~gone~~', '\\~\\~gone\\~\\~'],
    ['a\\b', 'a\\\\b'],
    ['&lt;already', '&amp;lt;already'],
  ])('%j → %j', (input, output) => {
    expect(escapeMarkdown(input)).toBe(output);
  });
});

describe('codeSpan', () => {
  it.each([
    ['plain', '`plain`'],
    ['has ` one', '``has ` one``'],
    ['`edge`', '`` `edge` ``'],
    ['a ``` b', '````a ``` b````'],
    ['multi\nline', '`multi line`'],
  ])('%j → %j', (input, output) => {
    expect(codeSpan(input)).toBe(output);
  });
});
