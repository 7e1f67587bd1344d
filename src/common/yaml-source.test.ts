import { describe, expect, it } from 'vitest';
import { parseYamlDocuments } from './yaml-source.js';

describe('parseYamlDocuments', () => {
  it('refuses numbers YAML reads as Infinity or NaN, at their line and column', () => {
    const text = ['ok: 1.5', 'huge: 1e400', 'list: [1, -.inf, .nan]', "quoted: '1e400'", ''].join(
      '\n',
    );
    const { documents, errors } = parseYamlDocuments('t.yml', text);
    expect(documents).toEqual([]);
    expect(errors.map((e) => [e.line, e.col, e.message.split(' (')[0]])).toEqual([
      [2, 7, '`1e400` is not a finite number'],
      [3, 11, '`-.inf` is not a finite number'],
      [3, 18, '`.nan` is not a finite number'],
    ]);
    expect(errors[0]?.message).toContain('report.json would store as null');
    expect(errors[0]?.hint).toContain('quote it');
  });

  it('keeps finite numbers and quoted strings as they are', () => {
    const { documents, errors } = parseYamlDocuments('t.yml', "a: 1.7e308\nb: '1e400'\n");
    expect(errors).toEqual([]);
    expect(documents[0]?.data).toEqual({ a: 1.7e308, b: '1e400' });
  });

  it('checks each document of a multi-document file on its own', () => {
    const { documents, errors } = parseYamlDocuments('t.yml', 'a: 1\n---\nb: 1e999\n');
    expect(documents.map((d) => d.data)).toEqual([{ a: 1 }]);
    expect(errors.map((e) => e.line)).toEqual([3]);
  });
});
