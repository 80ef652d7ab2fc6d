// Markdown export: a readable record of the branch the user is on.
// Thinking, tool calls and tool results go into <details> blocks so the answer
// reads first; other branches are counted, not printed (the JSON export keeps them).
import { citeSource } from '../knowledge/knowledge-tool';
import { buildTree, pathTo, resolveActiveLeaf } from './tree';
import type { ContentPart, ConversationMeta, StoredMessage } from './types';

const ROLE_HEADING: Record<StoredMessage['role'], string> = {
  system: 'System',
  user: 'User',
  assistant: 'Assistant',
  tool: 'Tool',
};

export function conversationToMarkdown(meta: ConversationMeta, messages: readonly StoredMessage[]): string {
  const tree = buildTree(messages);
  const path = pathTo(tree, resolveActiveLeaf(tree, meta));
  const out: string[] = [`# ${oneLine(meta.title) || 'Untitled conversation'}`, ''];
  const endpoint =
    meta.endpoint.kind === 'link' ? `${meta.endpoint.model} via ${meta.endpoint.baseUrl}` : meta.endpoint.model;
  if (endpoint) out.push(`- Model: ${oneLine(endpoint)}`);
  out.push(`- Created: ${iso(meta.createdAt)}`, `- Updated: ${iso(meta.updatedAt)}`);
  const hidden = tree.byId.size - path.length;
  if (hidden > 0)
    out.push(
      `- ${hidden} message${hidden === 1 ? '' : 's'} on other branches not shown (the JSON export keeps every branch)`,
    );
  out.push('');
  if (meta.systemPrompt) out.push(details('System prompt', meta.systemPrompt), '');
  for (const message of path) out.push(...messageBlock(message), '');
  return `${out.join('\n').trimEnd()}\n`;
}

/** Several conversations in one file, separated by rules. */
export function conversationsToMarkdown(
  conversations: ReadonlyArray<{ meta: ConversationMeta; messages: readonly StoredMessage[] }>,
): string {
  return conversations.map((c) => conversationToMarkdown(c.meta, c.messages)).join('\n---\n\n');
}

function messageBlock(message: StoredMessage): string[] {
  if (message.role === 'tool') {
    return [
      details(`Tool result${message.name ? `: ${message.name}` : ''}`, fenced(contentToMarkdown(message.content), '')),
    ];
  }
  const lines = [`## ${ROLE_HEADING[message.role]}`, ''];
  if (message.reasoning) lines.push(details('Thinking', message.reasoning), '');
  // The steps of an agent run come before its answer, as they happened.
  for (const step of agentSteps(message)) lines.push(details(step.summary, step.body), '');
  const body = contentToMarkdown(message.content);
  if (body) lines.push(body, '');
  // The passages the answer was given, by file and place (their text is in the files themselves and the JSON export).
  if (message.citations && message.citations.length > 0)
    lines.push(
      details(
        'Knowledge-base sources',
        fenced(message.citations.map((hit, i) => `[${i + 1}] ${citeSource(hit)}`).join('\n'), ''),
      ),
      '',
    );
  for (const call of message.toolCalls ?? [])
    lines.push(details(`Tool call: ${call.function.name}`, fenced(prettyJson(call.function.arguments), 'json')), '');
  if (message.status !== 'complete') lines.push(`*(${statusNote(message)})*`, '');
  return trimBlank(lines);
}

/** The steps an agent run kept in `extra.agent.steps`, as collapsible blocks. */
function agentSteps(message: StoredMessage): Array<{ summary: string; body: string }> {
  const steps = (message.extra?.agent as { steps?: unknown } | undefined)?.steps;
  if (!Array.isArray(steps)) return [];
  return steps.flatMap((raw: unknown) => {
    if (!raw || typeof raw !== 'object') return [];
    const step = raw as { tool?: unknown; args?: unknown; status?: unknown; output?: unknown; kind?: unknown };
    const name = typeof step.tool === 'string' ? step.tool : String(step.kind ?? 'step');
    const args =
      step.args && typeof step.args === 'object' ? `${fenced(JSON.stringify(step.args, null, 2), 'json')}\n\n` : '';
    return [
      {
        summary: `Tool step: ${name} (${String(step.status ?? '')})`,
        body: `${args}${fenced(String(step.output ?? ''), '')}`,
      },
    ];
  });
}

function statusNote(message: StoredMessage): string {
  switch (message.status) {
    case 'partial':
    case 'interrupted':
      return 'answer interrupted';
    case 'stopped':
      return 'stopped by the user';
    case 'error':
      return `failed${message.error ? `: ${oneLine(message.error.message)}` : ''}`;
    default:
      return message.status;
  }
}

function contentToMarkdown(content: string | ContentPart[]): string {
  if (typeof content === 'string') return content;
  return content
    .map((part) => {
      if (part.type === 'text') return part.text;
      if (part.type === 'image_url')
        return part.image_url.url.startsWith('data:') ? '*[image attached]*' : `![image](${part.image_url.url})`;
      return `*[audio attached: ${part.input_audio.format}]*`;
    })
    .join('\n\n');
}

function details(summary: string, body: string): string {
  return `<details>\n<summary>${escapeHtml(oneLine(summary))}</summary>\n\n${body.trim()}\n\n</details>`;
}

/** A code fence longer than any backtick run inside, so the content cannot close it. */
function fenced(text: string, lang: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${lang}\n${text}\n${fence}`;
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text; // a model may emit broken arguments; show them as they were
  }
}

function trimBlank(lines: string[]): string[] {
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
const iso = (ms: number): string => new Date(ms).toISOString();
const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
