// @vitest-environment jsdom
// The Parameters panel's "Structured output": what is wrong with a schema is said as it is typed (not JSON at once,
// not a schema once the core has looked), a schema that passed is used by the next sends and saved with the
// conversation, a .json file can be loaded, and Off frees the answers again.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { InvokeInput } from '@shared/contract';
import type { MemoryPlatform } from '@renderer/platform/memory-platform';
import { cleanupApps, loadModel, renderWithApp, settle } from '@renderer/test-support/render-app';
import { ChatView } from '../chat/ChatView';

afterEach(cleanupApps);

const PERSON = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };

const sent = (api: MemoryPlatform) =>
  api.calls
    .filter((c) => c.channel === 'chat:send')
    .map((c) => c.input as Extract<InvokeInput<'chat:send'>, { mode: 'chat' }>);
const schemaBox = () => screen.getByTestId('structured-schema') as HTMLTextAreaElement;
const apply = () => screen.getByTestId('structured-apply') as HTMLButtonElement;

async function openSection() {
  const app = await renderWithApp(<ChatView />, { before: ({ api }) => loadModel(api) });
  fireEvent.click(screen.getByTestId('parameters-toggle'));
  await settle();
  fireEvent.click(screen.getByTestId('structured-mode-schema'));
  return app;
}

async function type(text: string) {
  fireEvent.change(schemaBox(), { target: { value: text } });
  await settle();
}

describe('Structured output in the Parameters panel', () => {
  it('says inline what is wrong before anything can be used: not JSON, no object, not a schema', async () => {
    const { t } = await openSection();
    expect(screen.getByTestId('structured-mode-schema').getAttribute('aria-checked')).toBe('true');
    await type('{"type": "object",');
    expect(screen.getByTestId('structured-problem').textContent).toMatch(/^This is not JSON: /);
    expect(schemaBox().getAttribute('aria-invalid')).toBe('true');
    expect(apply().disabled).toBe(true);
    await type('[1, 2]');
    expect(screen.getByTestId('structured-problem').textContent).toBe(t('structured.problem.not_object'));
    await type('{"type": "text"}');
    expect(screen.getByTestId('structured-problem').textContent).toBe(
      t('structured.problem.not_schema', { path: '/type', message: 'must be equal to one of the allowed values' }),
    );
    expect(apply().disabled).toBe(true);
  });

  it('a schema that passed is used by every send and saved with the conversation; Off frees the answers', async () => {
    const { api, model, t } = await openSection();
    await type(JSON.stringify(PERSON));
    expect(screen.queryByTestId('structured-problem')).toBeNull();
    expect(screen.getByTestId('structured-status').textContent).toBe(t('structured.notInUse'));
    // Not in use until asked: a send now is free text.
    await model.chat.send('before');
    expect(sent(api).at(-1)).not.toHaveProperty('structuredOutput');
    fireEvent.click(apply());
    await settle();
    expect(screen.getByTestId('structured-status').textContent).toBe(t('structured.inUse'));
    expect(apply().disabled).toBe(true);
    await model.chat.send('who?');
    expect(sent(api).at(-1)?.structuredOutput).toEqual({ schema: PERSON });
    const id = model.chat.conversation.getState().id!;
    expect(api.calls.some((c) => c.channel === 'history:set-structured-output')).toBe(true);
    const saved = await api.invoke('history:open', { id });
    expect(saved.ok && saved.value.meta.structuredOutput).toEqual({ schema: PERSON });

    // Reopened, the conversation brings its schema back into the panel.
    model.chat.clear();
    await settle();
    expect(screen.getByTestId('structured-mode-off').getAttribute('aria-checked')).toBe('true');
    await model.chat.open(id);
    await settle();
    expect(JSON.parse(schemaBox().value)).toEqual(PERSON);
    expect(screen.getByTestId('structured-status').textContent).toBe(t('structured.inUse'));

    fireEvent.click(screen.getByTestId('structured-mode-off'));
    await settle();
    const off = await api.invoke('history:open', { id });
    expect(off.ok && off.value.meta).not.toHaveProperty('structuredOutput');
    await model.chat.send('free again');
    expect(sent(api).at(-1)).not.toHaveProperty('structuredOutput');
  });

  it('a new chat is created with the schema on its first send', async () => {
    const { api, model } = await openSection();
    await type(JSON.stringify({ name: 'person', schema: PERSON, strict: true }));
    fireEvent.click(apply());
    await settle();
    await model.chat.send('first');
    const first = sent(api).at(-1);
    expect(first?.structuredOutput).toEqual({ schema: PERSON, name: 'person' });
    expect(first?.record?.create?.structuredOutput).toEqual({ schema: PERSON, name: 'person' });
  });

  it('loads a schema from a .json file, and says so when a file cannot be read', async () => {
    const { t } = await openSection();
    const input = screen.getByTestId('structured-file') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([JSON.stringify(PERSON)], 'person.json', { type: 'application/json' })] },
    });
    await settle();
    await settle();
    expect(JSON.parse(schemaBox().value)).toEqual(PERSON);
    expect(apply().disabled).toBe(false);
    const broken = { name: 'broken.json', text: () => Promise.reject(new Error('gone')) };
    fireEvent.change(input, { target: { files: [broken] } });
    await settle();
    expect(screen.getByTestId('structured-problem').textContent).toBe(
      t('structured.fileUnreadable', { name: 'broken.json' }),
    );
  });
});
