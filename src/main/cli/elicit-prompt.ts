// An MCP server's question (`agent:elicit`) asked in the terminal: its message,
// then one prompt per field, each answer checked against the schema and asked
// again until it fits; "!decline" or "!cancel" at any prompt ends the form.
// With --yes, or once stdin has ended, nobody is there: the form is cancelled.
import { checkElicitValues, describeElicitProblem, type ElicitAnswer, type ElicitField } from '@shared/mcp/elicit-form';
import type { ElicitRequest } from '@shared/mcp/mcp-server-asks';
import type { TerminalPrompt } from './terminal-prompt';

export async function elicitInTerminal(
  request: ElicitRequest,
  yes: boolean,
  prompt: TerminalPrompt,
): Promise<ElicitAnswer> {
  if (yes) {
    prompt.say(`? ${request.server} asked a question during ${request.tool}; --yes answers none: cancelled`);
    return { action: 'cancel' };
  }
  prompt.say(`? MCP server ${request.server} asks (during ${request.tool}): ${request.message}`);
  prompt.say('  answer each field; "!decline" refuses, "!cancel" leaves the question unanswered');
  const values: Record<string, unknown> = {};
  for (const field of request.fields) {
    for (;;) {
      const line = await prompt.ask(`  ${question(field)}: `);
      if (line === null) return { action: 'cancel' };
      const word = line.trim();
      if (word === '!decline') return { action: 'decline' };
      if (word === '!cancel') return { action: 'cancel' };
      const value = readValue(field, word);
      const checked = checkElicitValues([field], word === '' ? {} : { [field.name]: value });
      if (checked.ok) {
        if (field.name in checked.content) values[field.name] = checked.content[field.name];
        break;
      }
      prompt.say(`  ${checked.problems.map(describeElicitProblem).join('; ')}`);
    }
  }
  const checked = checkElicitValues(request.fields, values);
  return checked.ok ? { action: 'accept', content: checked.content } : { action: 'cancel' };
}

function question(field: ElicitField): string {
  const hints: string[] = [field.type === 'enum' ? field.options.map((o) => o.value).join('/') : field.type];
  if (field.type === 'boolean') hints[0] = 'y/n';
  if (!field.required) hints.push('optional');
  if (field.default !== undefined) hints.push(`default ${String(field.default)}`);
  return `${field.label}${field.description ? ` — ${field.description}` : ''} [${hints.join(', ')}]`;
}

function readValue(field: ElicitField, word: string): unknown {
  if (word === '' && field.default !== undefined) return field.default;
  if (field.type !== 'boolean') return word;
  if (/^(y|yes|true)$/i.test(word)) return true;
  if (/^(n|no|false)$/i.test(word)) return false;
  return word;
}
