// @vitest-environment jsdom
// The approval card of an `agent:ask`, rendered where runs show it (AgentRunView) and
// driven by a scripted run of the in-memory platform: what it shows of the command,
// and which `agent:consent` answer each choice sends.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvokeInput, InvokeOutput } from '@shared/contract';
import { commandPreview } from '@shared/tools/command-safety/command-preview';
import type { FakeAgentAction } from '@renderer/platform/fake-tools';
import type { MemoryPlatform } from '@renderer/platform/memory-platform';
import type { AppModel } from '@renderer/app-model';
import type { Result } from '@renderer/platform/types';
import { cleanupApps, loadModel, renderWithApp, settle } from '@renderer/test-support/render-app';
import { ChatView } from '../chat/ChatView';
import { AgentRunView } from './AgentRunView';

afterEach(cleanupApps);

const RUN = 'run-1';
// A second command on a second line, a zero-width space inside a word, and a right-to-left override.
const COMMAND = 'ls -la\nrm -rf bu\u200bild && echo ok\u202e';

const askToRun = (command: string): Extract<FakeAgentAction, { kind: 'ask' }> => ({
  kind: 'ask',
  tool: 'execute_command',
  args: { command },
  preview: { kind: 'command', text: command },
  result: { output: 'removed', durationMs: 12 },
});

async function renderRun(command = COMMAND, action: FakeAgentAction = askToRun(command)) {
  const app = await renderWithApp(<AgentRunView runId={RUN} renderText={(text) => <p>{text}</p>} />, {
    platform: { agentScript: { actions: [action], answer: 'Done.' } },
  });
  let finished: Promise<Result<InvokeOutput<'agent:run'>>> = Promise.resolve({
    ok: false,
    error: { code: 'internal', message: 'not started' },
  });
  act(() => {
    finished = startRun(app.model);
  });
  await settle();
  return { ...app, finished: () => finished };
}

function startRun(model: AppModel): Promise<Result<InvokeOutput<'agent:run'>>> {
  return model.agent.run({
    requestId: RUN,
    endpoint: { kind: 'local' },
    systemPrompt: '',
    messages: [{ role: 'user', content: 'clean the build' }],
    sampling: {},
    idSlot: null,
  });
}

const card = () => screen.getByTestId('approval-card');
const consents = (api: MemoryPlatform) =>
  api.calls.filter((c) => c.channel === 'agent:consent').map((c) => c.input as InvokeInput<'agent:consent'>);

describe('ApprovalCard', () => {
  it('shows the whole command: each newline marked, invisible characters as codes, and says how many', async () => {
    const { t } = await renderRun();
    expect(card().dataset.state).toBe('pending');
    expect(within(card()).getByText(t('agent.approval.title', { tool: 'execute_command' }))).toBeTruthy();
    const shown = screen.getByTestId('approval-command').textContent ?? '';
    expect(shown).toBe('ls -la↵\nrm -rf bu⟦U+200B⟧ild && echo ok⟦U+202E⟧');
    expect(shown).not.toMatch(/[\u200b\u202e]/);
    expect(screen.getByTestId('approval-invisible').textContent).toBe(t('agent.approval.invisible', { count: 2 }));
    expect(within(card()).getByText(t('agent.approval.lines', { count: 2 }))).toBeTruthy();
  });

  it('a plain one-line command gets no invisible-character warning', async () => {
    await renderRun('ls -la');
    expect(screen.getByTestId('approval-command').textContent).toBe('ls -la');
    expect(screen.queryByTestId('approval-invisible')).toBeNull();
  });

  it('marks direction controls apart, and lays the command out in the order it runs', async () => {
    // Trojan Source: RLI … PDI makes the browser show "; rm -rf ~" elsewhere than where it runs.
    const { t } = await renderRun('ls \u2067 ;rm -rf ~/ \u2069 -la\u202e');
    const command = screen.getByTestId('approval-command');
    expect(command.textContent).toBe('ls ⟦U+2067⟧ ;rm -rf ~/ ⟦U+2069⟧ -la⟦U+202E⟧');
    expect(command.textContent).not.toMatch(/[\u2067\u2069\u202e]/);
    const marks = within(command).getAllByTestId('invisible-char');
    expect(marks.map((mark) => [mark.textContent, mark.classList.contains('bidi-char')])).toEqual([
      ['⟦U+2067⟧', true],
      ['⟦U+2069⟧', true],
      ['⟦U+202E⟧', true],
    ]);
    expect(screen.getByTestId('approval-bidi').textContent).toBe(t('agent.approval.bidi', { count: 3 }));
    // <bdo dir="ltr"> overrides the bidi algorithm: every character where it runs, isolated from the page.
    expect(command.getAttribute('dir')).toBe('ltr');
    expect(command.firstElementChild?.tagName).toBe('BDO');
    expect(command.firstElementChild?.getAttribute('dir')).toBe('ltr');
  });

  it('holds right-to-left letters in place without calling them invisible', async () => {
    await renderRun('cp ./שלום/a.txt ./مرحبا/');
    const command = screen.getByTestId('approval-command');
    expect(command.textContent).toBe('cp ./שלום/a.txt ./مرحبا/');
    expect(command.querySelector('bdo[dir="ltr"]')?.textContent).toBe('cp ./שלום/a.txt ./مرحبا/');
    expect(screen.queryByTestId('approval-invisible')).toBeNull();
    expect(screen.queryByTestId('approval-bidi')).toBeNull();
  });

  it('reveals hidden characters in the words of what the command runs, and in the arguments', async () => {
    // The core sends the guard's reading of the command with the preview; here it is the same reading.
    const command = "bash -c 'cat ~/\u202etxt.hs'";
    await renderRun(command, { ...askToRun(command), preview: commandPreview(command, 'posix') });
    const segments = screen.getByTestId('approval-segments');
    expect(segments.getAttribute('dir')).toBe('ltr');
    expect(segments.textContent).toContain('~/⟦U+202E⟧txt.hs');
    expect(segments.textContent).not.toContain('\u202e');
    expect(
      within(segments)
        .getAllByTestId('invisible-char')
        .every((mark) => mark.closest('bdo[dir="ltr"]') !== null),
    ).toBe(true);
    fireEvent.click(screen.getByTestId('approval-args-toggle'));
    const args = screen.getByTestId('approval-args');
    expect(args.textContent).toBe(`{\n  "command": "bash -c 'cat ~/⟦U+202E⟧txt.hs'"\n}`);
    expect(args.querySelector('bdo[dir="ltr"]')).not.toBeNull();
  });

  it('where the arguments are all a card shows, hidden characters in them are marked and told', async () => {
    // Tag characters spell text nobody sees: a classic way to smuggle data into a tool call.
    const args = { query: 'weather\u{e0072}\u{e006d}' };
    const { t } = await renderRun('', { kind: 'ask', tool: 'web@search', args, result: { output: 'sunny' } });
    const shown = screen.getByTestId('approval-args');
    expect(shown.textContent).toBe('{\n  "query": "weather⟦U+E0072⟧⟦U+E006D⟧"\n}');
    expect(screen.getByTestId('approval-invisible').textContent).toBe(t('agent.approval.invisibleArgs', { count: 2 }));
  });

  it('offers the choices the core sent, and only those', async () => {
    await renderRun();
    // execute_command is a built-in tool: no "allow the whole server".
    expect(screen.getByTestId('approval-allow-once')).toBeTruthy();
    expect(screen.getByTestId('approval-allow-conversation')).toBeTruthy();
    expect(screen.getByTestId('approval-deny')).toBeTruthy();
    expect(screen.queryByTestId('approval-allow-server')).toBeNull();
  });

  it('Allow once sends allow_once for this ask, and the run goes on to the step and its answer', async () => {
    const { api, t, finished } = await renderRun();
    const askId = card().dataset.askId;
    fireEvent.click(screen.getByTestId('approval-allow-once'));
    await waitFor(() => expect(card().dataset.state).toBe('answered'));
    expect(consents(api)).toEqual([{ askId, answer: { kind: 'allow_once' } }]);
    expect(screen.getByTestId('approval-outcome').textContent).toBe(t('agent.approval.allowedOnce'));
    expect(screen.queryByTestId('approval-allow-once')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('step-card').dataset.status).toBe('ok'));
    const result = await finished();
    expect(result.ok && result.value.end).toBe('answered');
  });

  it('Deny sends the typed reason with the denial, and the step shows as denied', async () => {
    const { api, t } = await renderRun();
    const askId = card().dataset.askId;
    fireEvent.change(screen.getByTestId('approval-reason'), { target: { value: 'try a dry run first' } });
    fireEvent.click(screen.getByTestId('approval-deny'));
    await waitFor(() => expect(card().dataset.state).toBe('answered'));
    expect(consents(api)).toEqual([{ askId, answer: { kind: 'deny', reason: 'try a dry run first' } }]);
    expect(screen.getByTestId('approval-outcome').textContent).toBe(
      t('agent.approval.deniedReason', { reason: 'try a dry run first' }),
    );
    await waitFor(() => expect(screen.getByTestId('step-card').dataset.status).toBe('denied'));
  });

  it('Deny without a reason sends a bare denial; Allow is not sent as well', async () => {
    const { api } = await renderRun();
    fireEvent.click(screen.getByTestId('approval-deny'));
    await waitFor(() => expect(card().dataset.state).toBe('answered'));
    expect(consents(api).map((c) => c.answer)).toEqual([{ kind: 'deny' }]);
  });

  it('Enter in the reason field denies with that reason', async () => {
    const { api } = await renderRun();
    const reason = screen.getByTestId('approval-reason');
    fireEvent.change(reason, { target: { value: 'not in this folder' } });
    fireEvent.keyDown(reason, { key: 'Enter' });
    await waitFor(() => expect(card().dataset.state).toBe('answered'));
    expect(consents(api).map((c) => c.answer)).toEqual([{ kind: 'deny', reason: 'not in this folder' }]);
  });

  it('holds every choice while the answer is on its way, so one card sends one answer', async () => {
    const { api, model } = await renderRun();
    let accept: () => void = () => {};
    const core = new Promise<void>((resolve) => (accept = resolve));
    api.handle('agent:consent', async () => {
      await core;
      return { ok: true, value: { accepted: true } };
    });
    fireEvent.click(screen.getByTestId('approval-allow-once'));
    await settle();
    expect(card().dataset.state).toBe('sending');
    for (const id of ['approval-allow-once', 'approval-allow-conversation', 'approval-deny'])
      expect((screen.getByTestId(id) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('approval-deny'));
    await settle();
    expect(consents(api)).toHaveLength(1);
    accept();
    await waitFor(() => expect(card().dataset.state).toBe('answered'));
    // The scripted run still waits for the consent this test swallowed: stop it.
    await act(() => model.agent.stop(RUN));
  });

  it('a message sent with Tools on asks inside its answer in the chat, and the answer follows the consent', async () => {
    const { api } = await renderWithApp(<ChatView />, {
      platform: { agentScript: { actions: [askToRun('make clean')], answer: 'Cleaned.' } },
      before: ({ api }) => loadModel(api),
    });
    fireEvent.click(screen.getByTestId('chat-tools-toggle'));
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'clean the build' } });
    fireEvent.keyDown(screen.getByTestId('chat-input'), { key: 'Enter', ctrlKey: true });
    await settle();
    const answer = screen.getAllByTestId('chat-message').find((el) => el.dataset.role === 'assistant') as HTMLElement;
    expect(within(answer).getByTestId('approval-command').textContent).toBe('make clean');
    expect(api.calls.filter((c) => c.channel === 'chat:send')).toEqual([]);

    fireEvent.click(within(answer).getByTestId('approval-allow-once'));
    await waitFor(() => expect(within(answer).getByTestId('chat-content').textContent).toBe('Cleaned.'));
    expect(consents(api).map((c) => c.answer)).toEqual([{ kind: 'allow_once' }]);
  });
});
