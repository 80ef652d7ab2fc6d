// @vitest-environment jsdom
// Citations in the chat, on the in-memory platform: with the composer's knowledge
// toggle on, an answer shows the passages its request got (matched by request
// id), a click opens one in its source, and the conversation reopened from the
// history shows them again; a `knowledge` step card shows its hits the same way.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { KnowledgeHit } from '@shared/knowledge/knowledge-types';
import type { AgentStep } from '@shared/tools/agent/agent-types';
import type { MemoryPlatform } from '@renderer/platform/memory-platform';
import { cleanupApps, loadModel, renderWithApp, settle } from '@renderer/test-support/render-app';
import { StepCard } from '../agent/StepCard';
import { ChatView } from '../chat/ChatView';
import { KnowledgeToggle } from './KnowledgeToggle';

afterEach(cleanupApps);

const answers = () => screen.queryAllByTestId('chat-message').filter((el) => el.dataset.role === 'assistant');

/** A base holding one "indexed" file, as the fake indexes it: one passage citing the file. */
async function seedBase(api: MemoryPlatform, path: string): Promise<void> {
  const base = await api.invoke('knowledge:create', { name: 'Animals' });
  if (!base.ok) throw new Error(base.error.message);
  await api.invoke('knowledge:add', { id: base.value.id, paths: [path] });
}

async function ask(text: string): Promise<void> {
  fireEvent.change(screen.getByTestId('chat-input'), { target: { value: text } });
  fireEvent.keyDown(screen.getByTestId('chat-input'), { key: 'Enter', ctrlKey: true });
  await settle();
}

describe('citations under an answer', () => {
  it('shows the passages its request got, opens one in its source, and keeps them when the conversation is reopened', async () => {
    const { api, model } = await renderWithApp(<ChatView />, {
      before: async ({ api }) => {
        await loadModel(api);
        await seedBase(api, '/docs/tapir.md');
      },
    });
    // Off: the answer is a plain one.
    await ask('Where does the tapir sleep?');
    await waitFor(() => expect(answers()[0]?.dataset.status).toBe('done'));
    expect(within(answers()[0]!).queryByTestId('answer-citations')).toBeNull();

    fireEvent.click(screen.getByTestId('chat-knowledge-toggle'));
    await waitFor(() => expect(model.app.store.getState().settings?.knowledge.useInChat).toBe(true));
    await ask('And the tapir by day?');
    await waitFor(() => expect(answers()[1]?.dataset.status).toBe('done'));
    const cited = within(answers()[1]!).getByTestId('answer-citations');
    expect(
      within(cited)
        .getAllByTestId('cited-passage')
        .map((el) => el.textContent),
    ).toEqual(['[1] tapir.md, lines 1–3']);
    expect(cited.textContent).toContain('score 0.0164');
    expect(within(answers()[0]!).queryByTestId('answer-citations')).toBeNull();

    fireEvent.click(within(cited).getByTestId('cited-passage'));
    await waitFor(() =>
      expect(screen.getByTestId('knowledge-passage').querySelector('mark')?.textContent).toBe(
        'A passage of /docs/tapir.md.',
      ),
    );
    fireEvent.click(within(screen.getByTestId('knowledge-passage')).getByRole('button'));
    expect(screen.queryByTestId('knowledge-passage')).toBeNull();

    // Reopened from the history, the answer reads its citations from the saved message, not from this session's events.
    const conversationId = model.chat.conversation.getState().id!;
    await act(async () => model.chat.clear());
    expect(answers()).toHaveLength(0);
    await act(async () => void (await model.chat.open(conversationId)));
    await settle();
    expect(answers()).toHaveLength(2);
    expect(
      within(answers()[1]!)
        .getAllByTestId('cited-passage')
        .map((el) => el.textContent),
    ).toEqual(['[1] tapir.md, lines 1–3']);
    expect(within(answers()[0]!).queryByTestId('answer-citations')).toBeNull();
    fireEvent.click(within(answers()[1]!).getByTestId('cited-passage'));
    await waitFor(() => expect(screen.getByTestId('knowledge-passage')).toBeTruthy());
    expect(api.calls.filter((c) => c.channel === 'knowledge:open-passage')).toHaveLength(2);
  });

  it('says so in a notice when the cited passage is gone', async () => {
    const { api, model } = await renderWithApp(<ChatView />, {
      before: async ({ api }) => {
        await loadModel(api);
        await seedBase(api, '/docs/tapir.md');
      },
    });
    fireEvent.click(screen.getByTestId('chat-knowledge-toggle'));
    await waitFor(() => expect(model.app.store.getState().settings?.knowledge.useInChat).toBe(true));
    await ask('Where does the tapir sleep?');
    await waitFor(() => expect(answers()[0]?.dataset.status).toBe('done'));
    const list = await api.invoke('knowledge:list');
    const base = list.ok ? list.value.bases[0]! : null;
    await api.invoke('knowledge:delete', { id: base!.id });
    fireEvent.click(within(answers()[0]!).getByTestId('cited-passage'));
    await waitFor(() =>
      expect(model.notices.store.getState().some((toast) => toast.notice.code === 'not_found')).toBe(true),
    );
    expect(screen.queryByTestId('knowledge-passage')).toBeNull();
  });
});

describe('citations on a knowledge step card', () => {
  it("shows the call's hits and opens one in its source", async () => {
    let hits: KnowledgeHit[] = [];
    const step: AgentStep = {
      index: 0,
      kind: 'tool',
      tool: 'knowledge',
      args: { content: 'capybara' },
      status: 'ok',
      output: '[1] capybara.txt, lines 1–3',
      durationMs: 3,
    };
    // Rendered after `before` has searched, so the card gets the hits the platform knows.
    const Card = () => <StepCard step={{ ...step, citations: hits }} />;
    const { api } = await renderWithApp(
      <>
        <Card />
        <KnowledgeToggle disabled={false} />
      </>,
      {
        before: async ({ api }) => {
          await seedBase(api, '/docs/capybara.txt');
          const found = await api.invoke('knowledge:query', { query: 'capybara' });
          hits = found.ok ? found.value.hits : [];
        },
      },
    );
    const cited = screen.getByTestId('step-citations');
    expect(
      within(cited)
        .getAllByTestId('cited-passage')
        .map((el) => el.textContent),
    ).toEqual(['[1] capybara.txt, lines 1–3']);
    fireEvent.click(within(cited).getByTestId('cited-passage'));
    await waitFor(() =>
      expect(screen.getByTestId('knowledge-passage').querySelector('mark')?.textContent).toBe(
        'A passage of /docs/capybara.txt.',
      ),
    );
    expect(api.calls.some((c) => c.channel === 'knowledge:open-passage')).toBe(true);
  });
});

describe('the passage viewer', () => {
  async function openPassage() {
    const app = await renderWithApp(<ChatView />, {
      before: async ({ api }) => {
        await loadModel(api);
        await seedBase(api, '/docs/tapir.md');
      },
    });
    fireEvent.click(screen.getByTestId('chat-knowledge-toggle'));
    await waitFor(() => expect(app.model.app.store.getState().settings?.knowledge.useInChat).toBe(true));
    await ask('Where does the tapir sleep?');
    await waitFor(() => expect(answers()[0]?.dataset.status).toBe('done'));
    const citation = within(answers()[0]!).getByTestId('cited-passage');
    citation.focus();
    fireEvent.click(citation);
    await waitFor(() => expect(screen.getByTestId('knowledge-passage')).toBeTruthy());
    return { ...app, citation };
  }

  it('takes the focus into its source; Esc closes it and the focus goes back to the citation', async () => {
    const { citation } = await openPassage();
    expect(document.activeElement).toBe(screen.getByTestId('knowledge-passage-source'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByTestId('knowledge-passage')).toBeNull();
    expect(document.activeElement).toBe(citation);
  });

  it('closes for a click beside its box, not for one inside it', async () => {
    await openPassage();
    fireEvent.mouseDown(screen.getByTestId('knowledge-passage-source'));
    expect(screen.queryByTestId('knowledge-passage')).not.toBeNull();
    fireEvent.mouseDown(screen.getByTestId('knowledge-passage'));
    expect(screen.queryByTestId('knowledge-passage')).toBeNull();
  });
});
