import type { ErrorObject } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { deviationsCovering } from './deviations.js';

function typeError(instancePath: string, data: unknown, type: string): ErrorObject {
  return {
    keyword: 'type',
    instancePath,
    schemaPath: '#/type',
    params: { type },
    data,
  };
}

describe('deviation rules', () => {
  it('D21 covers a topology list only where the document says object', () => {
    expect(deviationsCovering([typeError('/devices', [], 'object')])).toEqual(['D21']);
    expect(deviationsCovering([typeError('/links', [{}], 'object')])).toEqual(['D21']);
    // Not a list, another member, or a list where the document wanted a string: a real mismatch.
    expect(deviationsCovering([typeError('/devices', 'x', 'object')])).toBeUndefined();
    expect(deviationsCovering([typeError('/items/0/devices', [], 'object')])).toBeUndefined();
    expect(deviationsCovering([typeError('/links', [], 'string')])).toBeUndefined();
  });

  it('D22 covers an Orchestrated tunnel mode past maxLength 10, nothing else', () => {
    const tooLong = (path: string, data: string): ErrorObject => ({
      keyword: 'maxLength',
      instancePath: path,
      schemaPath: '#/maxLength',
      params: { limit: 10 },
      data,
    });
    expect(deviationsCovering([tooLong('/items/0/mode', 'Orchestrated')])).toEqual(['D22']);
    expect(deviationsCovering([tooLong('/mode', 'Orchestrated-IKE')])).toEqual(['D22']);
    expect(deviationsCovering([tooLong('/mode', 'SomethingLonger')])).toBeUndefined();
    expect(deviationsCovering([tooLong('/name', 'Orchestrated')])).toBeUndefined();
  });
});
