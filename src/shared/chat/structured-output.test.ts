import { describe, expect, it } from 'vitest';
import { answerJsonText, MAX_SCHEMA_CHARS, readSchemaText, responseFormatOf } from './structured-output';

const person = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };

describe('reading a schema the user pasted or loaded', () => {
  it('takes a schema object, named after its title where the title makes a name', () => {
    expect(readSchemaText(JSON.stringify(person))).toEqual({ ok: true, output: { schema: person } });
    expect(readSchemaText(JSON.stringify({ ...person, title: 'A person!' }))).toEqual({
      ok: true,
      output: { schema: { ...person, title: 'A person!' }, name: 'A_person' },
    });
  });

  it("unwraps the forms OpenAI's documentation shows, keeping their name", () => {
    const wrapped = { name: 'person', schema: person, strict: true };
    expect(readSchemaText(JSON.stringify(wrapped))).toEqual({ ok: true, output: { schema: person, name: 'person' } });
    expect(readSchemaText(JSON.stringify({ type: 'json_schema', json_schema: wrapped }))).toEqual({
      ok: true,
      output: { schema: person, name: 'person' },
    });
    // An object schema that merely has a property called "schema" is a schema, not a wrapper.
    const withSchemaProperty = { type: 'object', schema: { type: 'string' } };
    expect(readSchemaText(JSON.stringify(withSchemaProperty))).toEqual({
      ok: true,
      output: { schema: withSchemaProperty },
    });
  });

  it('says what is wrong with text that is no schema at all', () => {
    expect(readSchemaText('{"type": "object",')).toMatchObject({ ok: false, problem: { reason: 'not_json' } });
    expect(readSchemaText('[1, 2]')).toEqual({ ok: false, problem: { reason: 'not_object' } });
    expect(readSchemaText('"string"')).toEqual({ ok: false, problem: { reason: 'not_object' } });
    const huge = JSON.stringify({ description: 'x'.repeat(MAX_SCHEMA_CHARS) });
    expect(readSchemaText(huge)).toEqual({ ok: false, problem: { reason: 'too_large', limit: MAX_SCHEMA_CHARS } });
  });
});

describe('the request and the answer', () => {
  it('asks with one response_format for every server', () => {
    expect(responseFormatOf({ schema: person, name: 'person' })).toEqual({
      type: 'json_schema',
      json_schema: { name: 'person', schema: person, strict: true },
    });
  });

  it("reads an answer's JSON inside the ```json fence a hosted model may put around it", () => {
    expect(answerJsonText('  {"a": 1}\n')).toBe('{"a": 1}');
    expect(answerJsonText('```json\n{"a": 1}\n```')).toBe('{"a": 1}');
    expect(answerJsonText('````\n{"a": "```"}\n````')).toBe('{"a": "```"}');
    expect(answerJsonText('{"a": "```"}')).toBe('{"a": "```"}');
  });
});
