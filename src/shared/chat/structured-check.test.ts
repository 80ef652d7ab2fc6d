import { describe, expect, it } from 'vitest';
import { createStructuredChecker } from './structured-check';

const person = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    age: { type: 'integer' },
    colour: { enum: ['red', 'green'] },
  },
  required: ['name', 'age', 'colour'],
  additionalProperties: false,
};

describe('whether an object is a JSON schema', () => {
  const checker = createStructuredChecker();

  it('takes schemas of draft-07, 2019-09 and 2020-12, and an older draft named in $schema', () => {
    expect(checker.schemaProblem(person)).toBeNull();
    expect(
      checker.schemaProblem({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'array',
        prefixItems: [{ type: 'string' }],
      }),
    ).toBeNull();
    expect(
      checker.schemaProblem({ $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'string' }),
    ).toBeNull();
    expect(checker.schemaProblem({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'string' })).toBeNull();
    // $defs is 2019-09's word, but a draft-07 schema may point into it (as llama-server's converter does).
    expect(checker.schemaProblem({ $defs: { c: { type: 'string' } }, $ref: '#/$defs/c' })).toBeNull();
  });

  it('says where a schema is wrong: a keyword of the wrong kind, a $ref to nothing', () => {
    expect(checker.schemaProblem({ type: 'text' })).toEqual({
      reason: 'not_schema',
      path: '/type',
      message: 'must be equal to one of the allowed values',
    });
    expect(checker.schemaProblem({ type: 'object', required: 'name' })).toMatchObject({ path: '/required' });
    expect(checker.schemaProblem({ properties: { a: { $ref: '#/definitions/missing' } } })).toMatchObject({
      reason: 'not_schema',
      message: expect.stringContaining('#/definitions/missing'),
    });
  });
});

describe('a finished answer against its schema', () => {
  const checker = createStructuredChecker();

  it('fits, with any whitespace the grammar allowed, or inside a ```json fence', () => {
    expect(checker.check(person, '{"name" :"Ann",\n  "age":3, "colour" : "red" }')).toEqual({ fits: true });
    expect(checker.check(person, '```json\n{"name":"Ann","age":3,"colour":"green"}\n```')).toEqual({ fits: true });
  });

  it("does not fit: ajv's first error, with where, the keyword and its parameters", () => {
    expect(checker.check(person, '{"name":"Ann","age":3.5,"colour":"red"}')).toEqual({
      fits: false,
      reason: 'mismatch',
      path: '/age',
      keyword: 'type',
      message: 'must be integer',
      params: { type: 'integer' },
    });
    expect(checker.check(person, '{"name":"Ann","age":3}')).toMatchObject({
      path: '/',
      keyword: 'required',
      params: { missingProperty: 'colour' },
    });
    expect(checker.check(person, '{"name":"Ann","age":3,"colour":"blue"}')).toMatchObject({
      path: '/colour',
      keyword: 'enum',
      params: { allowedValues: ['red', 'green'] },
    });
  });

  it('is no JSON, or was cut off at its token limit before the JSON closed', () => {
    expect(checker.check(person, 'Here you go: {"name": "Ann"}')).toMatchObject({ fits: false, reason: 'not_json' });
    expect(checker.check(person, '{"name": "An', true)).toMatchObject({ fits: false, reason: 'cut_off' });
  });
});
