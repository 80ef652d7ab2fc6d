// `eva run`: the agent loop on a task, in the workspace the app uses. Each step
// is a line (tool, arguments, result); an approval card is asked in the
// terminal — yes, yes for this run, or no with a reason for the model; the
// answer goes to stdout. `--resume` continues the last run that was stopped,
// failed or cut by a crash, after its last completed step. Ctrl+C stops the run.
import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@shared/chat/types';
import { AppFailure } from '@shared/errors';
import type { StoredMessage } from '@shared/history/types';
import type { AgentStep, ConsentRequest } from '@shared/tools/agent/agent-types';
import type { ConsentAnswer } from '@shared/tools/consent';
import { approvalLines } from './approval-lines';
import { elicitInTerminal } from './elicit-prompt';
import type { CoreSession } from './core-session';
import { chooseEndpoint } from './endpoint-choice';
import type { EvaOptions } from './eva-args';
import type { EvaOutput } from './eva-output';
import { EXIT } from './exit-codes';
import type { TerminalPrompt } from './terminal-prompt';

export interface RunDeps {
  session: CoreSession;
  out: EvaOutput;
  log: (text: string) => void;
  prompt: TerminalPrompt;
  onInterrupt: (handler: () => void) => () => void;
}

interface Target {
  messages: ChatMessage[];
  /** a resumed run's conversation: the link it was asked through, and its own system prompt */
  linkId?: string;
  systemPrompt?: string;
  record: {
    conversationId: string;
    parentId: string | null;
    answerId: string;
    question?: { id: string; content: string };
    create?: Record<string, unknown>;
  };
  resume: boolean;
}

export async function runCommand(
  task: string | null,
  resume: boolean,
  options: EvaOptions,
  deps: RunDeps,
): Promise<number> {
  const { session, out, log } = deps;
  const saved = resume ? await runToResume(session, task) : null;
  // A resumed run goes on where it was asked (its conversation's link) unless told otherwise.
  const endpoint =
    saved?.linkId && options.link === null && options.model === null
      ? { kind: 'link' as const, linkId: saved.linkId }
      : await chooseEndpoint(session, options, log);
  const settings = await session.invoke('settings:get');
  const sampling = {
    ...settings.chat.sampling,
    ...(options.maxTokens !== null ? { max_tokens: options.maxTokens } : {}),
  };
  const systemPrompt = options.system ?? saved?.systemPrompt ?? settings.chat.systemPrompt;
  const target: Target =
    saved ?? newRun(task!, endpoint.kind === 'link' ? endpoint.linkId : null, systemPrompt, sampling);
  if (resume) log(`resuming the run in conversation ${target.record.conversationId}`);
  const requestId = randomUUID();

  session.on('agent:step', ({ requestId: id, step }) => {
    if (id === requestId) out.line(stepLine(step), { type: 'step', ...step });
  });
  // One card at a time, in the order they come.
  let cards = Promise.resolve();
  session.on('agent:ask', (card) => {
    if (card.requestId !== requestId) return;
    cards = cards.then(async () => {
      const answer = await consentFor(card, options.yes, deps);
      // The run goes on either way (a card that went unanswered ends it); the user hears why the answer did not land.
      await session
        .invoke('agent:consent', { askId: card.askId, answer })
        .catch((error: unknown) => log(`your answer did not reach the run: ${(error as Error).message}`));
    });
  });
  // An MCP server's question during a tool call: asked field by field, in the same queue as the cards.
  session.on('agent:elicit', (form) => {
    if (form.requestId !== requestId) return;
    cards = cards.then(async () => {
      const answer = await elicitInTerminal(form, options.yes, deps.prompt);
      await session
        .invoke('agent:elicit-answer', { askId: form.askId, answer })
        .catch((error: unknown) => log(`your answer did not reach the server: ${(error as Error).message}`));
    });
  });
  let interrupted = false;
  const release = deps.onInterrupt(() => {
    interrupted = true;
    void session.invoke('agent:stop', { requestId });
  });
  try {
    const result = await session.invoke('agent:run', {
      requestId,
      endpoint,
      systemPrompt,
      messages: target.messages,
      sampling,
      idSlot: null,
      conversationAllowed: [],
      record: target.record,
      ...(target.resume ? { resume: true } : {}),
    });
    out.line(result.answer, {
      type: 'done',
      end: result.end,
      answer: result.answer,
      conversationId: target.record.conversationId,
      steps: result.steps.length,
    });
    switch (result.end) {
      case 'answered':
        return EXIT.ok;
      case 'stopped':
        if (interrupted) log('stopped; `eva run --resume` goes on after the last completed step');
        return interrupted ? EXIT.interrupted : EXIT.error;
      case 'max_steps':
        out.error(
          `the run used all its ${settings.tools.maxSteps} steps without an answer; \`eva run --resume\` gives it more`,
          'max_steps',
        );
        return EXIT.error;
      case 'error':
        out.error(result.steps.at(-1)?.output || 'the run failed', 'agent_error');
        return EXIT.error;
    }
  } finally {
    release();
    deps.prompt.close();
  }
}

function newRun(task: string, linkId: string | null, systemPrompt: string, sampling: Record<string, unknown>): Target {
  const question = { id: randomUUID(), content: task };
  const endpoint = linkId
    ? { kind: 'link' as const, baseUrl: '', model: '', linkId }
    : { kind: 'local' as const, baseUrl: '', model: '' };
  return {
    messages: [{ role: 'user', content: task }],
    record: {
      conversationId: randomUUID(),
      parentId: null,
      answerId: randomUUID(),
      question,
      create: { endpoint, systemPrompt, sampling },
    },
    resume: false,
  };
}

/**
 * The run to go on with: the one ending the given conversation, or the newest conversation that ends in a cut-off run.
 */
async function runToResume(session: CoreSession, conversationId: string | null): Promise<Target> {
  const ids = conversationId
    ? [conversationId]
    : (await session.invoke('history:list')).conversations.slice(0, 50).map((c) => c.id);
  for (const id of ids) {
    const opened = await session.invoke('history:open', { id });
    const byId = new Map(opened.messages.map((m) => [m.id, m]));
    const path = opened.activePath.map((messageId) => byId.get(messageId)!);
    const last = path.at(-1);
    if (!last || !resumable(last)) continue;
    const endpoint = opened.meta.endpoint;
    return {
      messages: toMessages(path.slice(0, -1)),
      record: { conversationId: id, parentId: last.parentId, answerId: last.id },
      resume: true,
      ...(endpoint?.kind === 'link' && endpoint.linkId ? { linkId: endpoint.linkId } : {}),
      ...(opened.meta.systemPrompt ? { systemPrompt: opened.meta.systemPrompt } : {}),
    };
  }
  throw new AppFailure(
    'not_found',
    conversationId
      ? `conversation ${conversationId} does not end in a run that was cut off`
      : 'no conversation ends in a run that was cut off',
  );
}

function resumable(message: StoredMessage): boolean {
  return (
    message.role === 'assistant' &&
    message.extra?.agent !== undefined &&
    (message.status === 'stopped' ||
      message.status === 'error' ||
      message.status === 'interrupted' ||
      message.status === 'partial')
  );
}

function toMessages(messages: readonly StoredMessage[]): ChatMessage[] {
  return messages
    .filter((m) => m.role === 'user' || (m.role === 'assistant' && m.content !== ''))
    .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content as ChatMessage['content'] }));
}

/** "→ calculator {"expression":"6*7"} · ok · 42" — one line, the result cut at 100 characters. */
export function stepLine(step: AgentStep): string {
  if (step.kind === 'warning') return `! ${oneLine(step.output)}`;
  const args = step.args ? ` ${oneLine(JSON.stringify(step.args))}` : '';
  return `→ ${step.tool ?? 'tool call'}${args} · ${step.status}${step.output ? ` · ${oneLine(step.output)}` : ''}`;
}

function oneLine(text: string, max = 100): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

async function consentFor(card: ConsentRequest, yes: boolean, deps: RunDeps): Promise<ConsentAnswer> {
  const { out, prompt } = deps;
  if (yes) {
    out.line(`✗ ${card.tool} asks before it runs; --yes runs only the tools set to allow: refused`, {
      type: 'refused',
      tool: card.tool,
      askId: card.askId,
    });
    return { kind: 'deny', reason: 'Not allowed in this unattended run (eva --yes runs only the tools set to allow).' };
  }
  const workingDir = card.preview.kind === 'command' ? await commandDir(deps) : null;
  const always = !card.choices.includes('allow_conversation');
  const shown = approvalLines(card, { workingDir, colour: prompt.colour });
  if (always) shown.push('  this tool asks before every call');
  const question = always ? 'Allow it? [y]es, [n]o: ' : 'Allow it? [y]es, [a] yes for this run, [n]o: ';
  // The card once, then only the question again after an answer it did not understand: a long diff is not repeated.
  let line = await prompt.ask(`${shown.join('\n')}\n${question}`);
  for (;;) {
    if (line === null) return { kind: 'deny', reason: 'Nobody was there to allow it.' };
    const word = line.trim().toLowerCase();
    if (word === 'y' || word === 'yes') return { kind: 'allow_once' };
    if ((word === 'a' || word === 'all') && !always) return { kind: 'allow_conversation' };
    if (word === 'n' || word === 'no') {
      const reason = (await prompt.ask('Why not? (the model reads it; Enter for none): '))?.trim();
      return reason ? { kind: 'deny', reason } : { kind: 'deny' };
    }
    line = await prompt.ask(question);
  }
}

/**
 * Where a command would run, as the run's tool settings say: the workspace here, in a container, or on the SSH host.
 * Unknown (null) when the settings cannot be read; the card is shown all the same.
 */
async function commandDir(deps: RunDeps): Promise<string | null> {
  try {
    const { settings, workspaceDir } = await deps.session.invoke('tools:list');
    const { sandbox } = settings;
    if (sandbox.mode === 'container') return `${workspaceDir} (mounted in a ${sandbox.container.image} container)`;
    if (sandbox.mode === 'ssh') return `${sandbox.ssh.workspaceDir || 'the login directory'} on ${sandbox.ssh.host}`;
    return workspaceDir;
  } catch (error) {
    deps.log(`could not read where the command runs: ${(error as Error).message}`);
    return null;
  }
}
