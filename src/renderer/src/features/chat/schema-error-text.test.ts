// A schema the server refused, and one the core refused before sending, each said in one sentence in the page's
// language with the words that name the cause (as the core sends them, and as the history keeps them).
import { describe, expect, it } from 'vitest';
import { createTranslator } from '@renderer/i18n';
import { answerErrorText } from './error-text';

const rejected = {
  code: 'http_error',
  message: 'the server cannot answer in this JSON schema: JSON schema error at #: unsupported $ref #foo',
  details: { status: 400, reason: 'schema_rejected', said: 'JSON schema error at #: unsupported $ref #foo' },
};
const invalid = {
  code: 'bad_request',
  message: "the structured output's JSON schema is not valid at /type: must be equal to one of the allowed values",
  details: {
    reason: 'schema_invalid',
    path: '/type',
    message: 'must be equal to one of the allowed values',
    problem: 'not_schema',
  },
};

describe('a JSON schema refused', () => {
  it('by the server: one sentence with its words, in English and Chinese', () => {
    expect(answerErrorText(createTranslator('en'), rejected)).toBe(
      'The server cannot answer in this JSON schema (JSON schema error at #: unsupported $ref #foo): simplify the schema, or turn structured output off in Parameters.',
    );
    expect(answerErrorText(createTranslator('zh'), rejected)).toBe(
      '服务器无法按此 JSON schema 作答（JSON schema error at #: unsupported $ref #foo）：请简化 schema，或在“参数”中关闭结构化输出。',
    );
  });

  it('by the core, before it was sent: where the schema is wrong', () => {
    expect(answerErrorText(createTranslator('en'), invalid)).toBe(
      "This conversation's JSON schema is not valid (at /type: must be equal to one of the allowed values): correct it under Structured output in Parameters.",
    );
    expect(answerErrorText(createTranslator('zh'), invalid)).toMatch(/^本对话的 JSON schema 无效（位于 \/type：/);
  });
});
