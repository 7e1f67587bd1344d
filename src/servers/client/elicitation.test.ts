import { describe, expect, it } from 'vitest';
import { acceptContent, answerElicitation } from './elicitation.js';

describe('acceptContent', () => {
  it.each([
    [
      'a confirm flag',
      { properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      { confirm: true },
    ],
    [
      'every boolean, required or not',
      { properties: { approve: { type: 'boolean' }, dryRun: { type: 'boolean' } } },
      { approve: true, dryRun: true },
    ],
    [
      'a required string',
      { properties: { reason: { type: 'string' } }, required: ['reason'] },
      { reason: 'confirmed' },
    ],
    ['an optional string is left out', { properties: { note: { type: 'string' } } }, {}],
    [
      'a string default',
      { properties: { who: { type: 'string', default: 'bench' } }, required: ['who'] },
      { who: 'bench' },
    ],
    [
      'an enum: its default if allowed',
      {
        properties: { c: { type: 'string', enum: ['yes', 'no'], default: 'no' } },
        required: ['c'],
      },
      { c: 'no' },
    ],
    [
      'an enum: else its first value',
      { properties: { c: { type: 'string', enum: ['CONFIRM', 'ABORT'] } }, required: ['c'] },
      { c: 'CONFIRM' },
    ],
    [
      'a titled oneOf',
      {
        properties: { c: { type: 'string', oneOf: [{ const: 'go', title: 'Go' }] } },
        required: ['c'],
      },
      { c: 'go' },
    ],
    [
      'an email',
      { properties: { e: { type: 'string', format: 'email' } }, required: ['e'] },
      { e: 'bench@example.com' },
    ],
    [
      'a minLength',
      { properties: { s: { type: 'string', minLength: 12 } }, required: ['s'] },
      { s: 'confirmedxxx' },
    ],
    [
      'a maxLength',
      { properties: { s: { type: 'string', maxLength: 3 } }, required: ['s'] },
      { s: 'con' },
    ],
    [
      'typed "CONFIRM" as a const-like enum',
      { properties: { typed: { type: 'string', enum: ['DELETE'] } }, required: ['typed'] },
      { typed: 'DELETE' },
    ],
    [
      'a number: default, minimum, zero',
      {
        properties: {
          a: { type: 'number', default: 7 },
          b: { type: 'integer', minimum: 2 },
          c: { type: 'number' },
        },
        required: ['a', 'b', 'c'],
      },
      { a: 7, b: 2, c: 0 },
    ],
    [
      'a multi-select',
      {
        properties: { m: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } } },
        required: ['m'],
      },
      { m: ['x'] },
    ],
    ['no properties', { type: 'object' }, {}],
  ])('fills %s', (_name, schema, expected) => {
    expect(acceptContent(schema)).toEqual(expected);
  });
});

describe('answerElicitation', () => {
  const schema = { properties: { confirm: { type: 'boolean' } }, required: ['confirm'] };
  it.each([
    ['read', { action: 'decline' }],
    ['write', { action: 'accept', content: { confirm: true } }],
    ['destructive', { action: 'accept', content: { confirm: true } }],
  ] as const)('answers a %s scenario', (gate, expected) => {
    expect(answerElicitation(schema, gate)).toEqual(expected);
  });
});
