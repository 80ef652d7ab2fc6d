// `eva run` asking an MCP server's question in the terminal: one prompt per
// field, a value that does not fit asked again, "!decline" ending the form.
import { describe, expect, it } from 'vitest';
import { readElicitSchema } from '@shared/mcp/elicit-form';
import type { ElicitRequest } from '@shared/mcp/mcp-server-asks';
import { elicitInTerminal } from './elicit-prompt';
import type { TerminalPrompt } from './terminal-prompt';

const schema = readElicitSchema({
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    age: { type: 'integer', title: 'Age', minimum: 0 },
    subscribe: { type: 'boolean', title: 'Send news?' },
  },
  required: ['name', 'age'],
});
if (!schema.ok) throw new Error(schema.why);
const form: ElicitRequest = {
  requestId: 'r',
  askId: 'a',
  server: 'py',
  tool: 'details',
  message: 'Who are you?',
  fields: schema.fields,
};

function scripted(lines: string[]): TerminalPrompt & { said: string[]; asked: string[] } {
  const said: string[] = [];
  const asked: string[] = [];
  return {
    said,
    asked,
    ask: async (question) => {
      asked.push(question);
      return lines.shift() ?? null;
    },
    askHidden: async () => null,
    say: (text) => void said.push(text),
    colour: false,
    close: () => {},
  };
}

describe('an MCP question in the terminal', () => {
  it('asks each field, asks again when a value does not fit, and answers with typed values', async () => {
    const prompt = scripted(['Ada', 'old', '-1', '36', 'y']);
    expect(await elicitInTerminal(form, false, prompt)).toEqual({
      action: 'accept',
      content: { name: 'Ada', age: 36, subscribe: true },
    });
    expect(prompt.said[0]).toContain('py asks (during details): Who are you?');
    expect(prompt.said).toContain('  age: not number');
    expect(prompt.said).toContain('  age: too small (0)');
    expect(prompt.asked.filter((q) => q.includes('Age'))).toHaveLength(3);
  });

  it('declines or cancels on the word, and cancels when nobody is there', async () => {
    expect(await elicitInTerminal(form, false, scripted(['Ada', '!decline']))).toEqual({ action: 'decline' });
    expect(await elicitInTerminal(form, false, scripted(['!cancel']))).toEqual({ action: 'cancel' });
    expect(await elicitInTerminal(form, false, scripted([]))).toEqual({ action: 'cancel' });
    expect(await elicitInTerminal(form, true, scripted(['Ada']))).toEqual({ action: 'cancel' });
  });
});

describe('the requested schema', () => {
  it('says exactly what a form cannot ask for', () => {
    expect(readElicitSchema({ type: 'object', properties: { tags: { type: 'array' } } })).toEqual({
      ok: false,
      why: expect.stringContaining('field "tags": lists of choices (type "array") are not supported'),
    });
    expect(readElicitSchema({ type: 'object', properties: { x: { type: 'object' } } })).toMatchObject({ ok: false });
  });
});
