// @vitest-environment jsdom
// A picture in the chat: a saved answer with `extra.image` becomes a picture row
// (its text stays for the model), shown with its parameters, opened full size,
// and drawn again with a new seed into the same conversation.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ChatImage } from '@shared/images/chat-image';
import { chatImageText } from '@shared/images/chat-image';
import type { StoredMessage } from '@shared/history/types';
import { cleanupApps, manualTimers, renderWithApp } from '@renderer/test-support/render-app';
import { FAKE_PNG } from '@renderer/platform/fake-images';
import { itemsFromHistory } from '../chat/saved-items';
import { ChatPicture } from './ChatPicture';

afterEach(cleanupApps);

const image: ChatImage = {
  record: {
    id: 'img-1',
    createdAt: 1,
    template: 'default',
    files: { model: '/models/sd15.safetensors' },
    params: {
      prompt: 'a red kite over hills',
      negativePrompt: '',
      width: 512,
      height: 512,
      steps: 4,
      cfg: 7,
      seed: 42,
      sampler: 'euler_a',
    },
    fromImage: false,
    bytes: 100,
    ms: 1000,
    source: 'page',
  },
  dataUrl: FAKE_PNG,
};

describe('pictures in the chat', () => {
  it('a saved answer carrying a picture comes back as a picture row; a damaged one as plain text', () => {
    const stored = (extra: Record<string, unknown>): StoredMessage => ({
      id: 'a',
      parentId: null,
      role: 'assistant',
      content: chatImageText(image.record),
      extra,
      status: 'complete',
      createdAt: 1,
      updatedAt: 1,
    });
    const [row] = itemsFromHistory({ messages: [stored({ image })], activePath: ['a'], meta: { nCtx: null } as never });
    expect(row).toMatchObject({ kind: 'assistant', image, answer: { content: chatImageText(image.record) } });
    const [plain] = itemsFromHistory({
      messages: [stored({ image: { ...image, dataUrl: 'https://tracker.example/x.png' } })],
      activePath: ['a'],
      meta: { nCtx: null } as never,
    });
    expect(plain).not.toHaveProperty('image');
  });

  it('shows the picture with its parameters, opens it full size, and draws it again with a new seed into the chat', async () => {
    const { timers, tick } = manualTimers();
    const { api } = await renderWithApp(<ChatPicture image={image} />, { platform: { timers } });
    expect(screen.getByTestId('chat-picture-caption').textContent).toBe(
      '512×512 · 4 steps · CFG 7 · euler_a · seed 42',
    );
    fireEvent.click(screen.getByTestId('picture-open'));
    expect(screen.getByTestId('image-viewer')).toBeTruthy();
    fireEvent.click(screen.getByTestId('image-viewer-close'));

    fireEvent.click(screen.getByTestId('picture-new-seed'));
    await tick();
    await waitFor(() => expect(screen.getByTestId('image-progress-text').textContent).toMatch(/Step 1 of 4|Loading/));
    for (let i = 0; i < 5; i++) await tick();
    await waitFor(() => expect(api.calls.some((c) => c.channel === 'image:to-chat')).toBe(true));
    const sent = api.calls.find((c) => c.channel === 'image:generate')!.input as {
      params: { prompt: string; seed: number };
      files: Record<string, string>;
    };
    expect(sent.params.prompt).toBe('a red kite over hills');
    expect(sent.params.seed).not.toBe(42);
    expect(sent.files).toEqual({ model: '/models/sd15.safetensors' });
    expect(screen.queryByTestId('image-progress')).toBeNull();
  });
});
