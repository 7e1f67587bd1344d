import { describe, expect, it } from 'vitest';
import { classifyProtocolError } from './protocol-error.js';
import { resultText } from './result-text.js';
import type { ToolCallOutcome } from '../trajectory/types.js';

describe('resultText', () => {
  const cases: [string, ToolCallOutcome, string][] = [
    [
      'text blocks joined by newlines, other blocks left out',
      {
        content: [
          { type: 'text', text: 'a' },
          { type: 'image', data: 'xx', mimeType: 'image/png' },
          { type: 'text', text: 'b' },
        ],
        structuredContent: { ignored: true },
        isError: false,
      },
      'a\nb',
    ],
    [
      'structuredContent when there is no text',
      { content: [], structuredContent: { total: 2 }, isError: false },
      '{"total":2}',
    ],
    [
      'the content blocks as JSON otherwise',
      { content: [{ type: 'resource', resource: { uri: 'x://y' } }], isError: false },
      '[{"type":"resource","resource":{"uri":"x://y"}}]',
    ],
    [
      'the protocol error',
      { content: [], isError: true, protocolError: 'MCP error -32602: bad' },
      'Error: MCP error -32602: bad',
    ],
  ];
  it.each(cases)('%s', (_name, outcome, text) => {
    expect(resultText(outcome)).toBe(text);
  });
});

describe('classifyProtocolError', () => {
  it.each([
    ['MCP error -32602: Tool x not found', 'answered'],
    ['MCP error -32603: internal', 'answered'],
    ['MCP error -32042: URL elicitation required', 'answered'],
    ['MCP error -32000: Connection closed', 'dead'],
    ['MCP error -32001: Request timed out', 'timed_out'],
    ['Not connected', 'dead'],
    ['write EPIPE', 'dead'],
    ['call timed out after 30000 ms', 'timed_out'],
  ] as const)('%s → %s', (message, kind) => {
    expect(classifyProtocolError(message)).toBe(kind);
  });
});
