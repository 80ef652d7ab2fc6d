// @vitest-environment jsdom
// What a tool returned besides text, in its step card (thumbnails, the full-size
// viewer, saving, resources opened in place or read from their server), and the
// running call's progress under the run, on the in-memory platform.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { AgentStep } from '@shared/tools/agent/agent-types';
import { formatBytes } from '@renderer/lib/format';
import { cleanupApps, renderWithApp, settle } from '@renderer/test-support/render-app';
import { AgentRunView } from './AgentRunView';
import { StepCard } from './StepCard';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const textBlob = `data:text/plain;base64,${btoa('Resource 4: a blob labelled text')}`;

const step: AgentStep = {
  index: 0,
  kind: 'tool',
  tool: 'docs@fetch',
  args: {},
  status: 'ok',
  output: '[image 1: image/png, 8 B]',
  durationMs: 12,
  content: [
    { kind: 'image', mimeType: 'image/png', bytes: 8, dataUrl: PNG },
    { kind: 'image', mimeType: 'image/jpeg', bytes: 9_000_000, dataUrl: null },
    // From a crafted import: a foreign address must never become an <img src>.
    { kind: 'image', mimeType: 'image/png', bytes: 8, dataUrl: 'https://tracker.example/p.png' },
    { kind: 'resource', uri: 'file:///notes.txt', mimeType: 'text/plain', bytes: 5, text: 'hello' },
    { kind: 'resource', uri: 'demo://resource/dynamic/blob/4', mimeType: 'text/plain', bytes: 30, dataUrl: textBlob },
    {
      kind: 'resource',
      uri: 'file:///archive.zip',
      mimeType: 'application/zip',
      bytes: 3,
      dataUrl: 'data:application/zip;base64,UEsD',
    },
    { kind: 'audio', mimeType: 'audio/wav', bytes: 6, dataUrl: 'data:audio/wav;base64,AAAAAAAA' },
    {
      kind: 'resource_link',
      uri: 'file:///readme.md',
      name: 'readme.md',
      description: 'What this project is',
      mimeType: 'text/markdown',
    },
  ],
};

let saved: { name: string; type: string }[] = [];

beforeEach(() => {
  saved = [];
  // jsdom has no object URLs and does not download: record what would be saved instead.
  let blob: Blob | null = null;
  URL.createObjectURL = vi.fn((value: Blob) => {
    blob = value;
    return 'blob:saved';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, type: blob?.type ?? '' });
  });
});

afterEach(() => {
  cleanupApps();
  vi.restoreAllMocks();
});

describe('StepContent', () => {
  it('shows images as thumbnails that open full size and save; a dropped one says so; a foreign URL is never loaded', async () => {
    const { t } = await renderWithApp(<StepCard step={step} />);
    const images = screen.getAllByTestId('step-image');
    expect(images.map((item) => item.dataset.kept)).toEqual(['true', 'false', 'false']);
    expect(images[0]!.querySelector('img')?.getAttribute('src')).toBe(PNG);
    expect(document.querySelector('img[src^="https:"]')).toBeNull();
    expect(within(images[1]!).getByTestId('step-dropped').textContent).toBe(
      t('agent.content.dropped', { type: 'image/jpeg', size: formatBytes(9_000_000) }),
    );

    fireEvent.click(within(images[0]!).getByTestId('step-image-open'));
    const viewer = screen.getByTestId('image-viewer');
    expect(within(viewer).getByTestId('image-viewer-image').getAttribute('src')).toBe(PNG);
    fireEvent.click(within(viewer).getByTestId('image-viewer-save'));
    expect(saved).toEqual([{ name: 'image-1.png', type: 'image/png' }]);
    fireEvent.keyDown(viewer, { key: 'Escape' });
    expect(screen.queryByTestId('image-viewer')).toBeNull();

    fireEvent.click(within(images[0]!).getByTestId('step-image-save'));
    expect(saved.at(-1)).toEqual({ name: 'image-1.png', type: 'image/png' });
  });

  it('opens text resources in place (a blob labelled text too), saves binary ones, plays and saves audio', async () => {
    await renderWithApp(<StepCard step={step} />);
    const [text, blob, zip] = screen.getAllByTestId('step-resource');
    fireEvent.click(within(text!).getByTestId('step-resource-open'));
    expect(within(text!).getByTestId('step-resource-text').textContent).toBe('hello');
    fireEvent.click(within(blob!).getByTestId('step-resource-open'));
    expect(within(blob!).getByTestId('step-resource-text').textContent).toBe('Resource 4: a blob labelled text');
    fireEvent.click(within(zip!).getByTestId('step-resource-save'));
    fireEvent.click(within(screen.getByTestId('step-audio')).getByTestId('step-resource-save'));
    // Audio also plays in place, from its own data: URL.
    expect(within(screen.getByTestId('step-audio')).getByTestId('step-audio-player').getAttribute('src')).toBe(
      'data:audio/wav;base64,AAAAAAAA',
    );
    expect(saved).toEqual([
      { name: 'archive.zip', type: 'application/zip' },
      { name: 'audio-7.wav', type: 'audio/wav' },
    ]);
  });

  it('reads a linked resource from the server the tool belongs to', async () => {
    const { api } = await renderWithApp(<StepCard step={step} />, {
      before: async ({ api }) =>
        void (await api.invoke('mcp:save', { mcpServers: { docs: { url: 'https://docs.example/mcp' } } })),
    });
    const link = screen.getByTestId('step-resource-link');
    expect(link.textContent).toContain('readme.md');
    expect(link.textContent).toContain('text/markdown');
    await act(async () => {
      fireEvent.click(within(link).getByTestId('step-resource-open'));
    });
    await settle();
    expect(api.calls.filter((call) => call.channel === 'mcp:read-resource').map((call) => call.input)).toEqual([
      { server: 'docs', uri: 'file:///readme.md' },
    ]);
    expect(within(link).getByTestId('step-resource-text').textContent).toBe('# Demo\nA project to try.');
  });
});

describe('RunningCall', () => {
  it('shows the running call’s progress under the run until its step arrives', async () => {
    const { api, model, t } = await renderWithApp(<AgentRunView runId="r1" renderText={(text) => <p>{text}</p>} />);
    act(() => model.agent.startRun('r1'));
    act(() =>
      api.emit('agent:progress', {
        requestId: 'r1',
        stepIndex: 0,
        tool: 'docs@fetch',
        progress: 2,
        total: 4,
        message: 'reading page 2',
      }),
    );
    await settle();
    const running = screen.getByTestId('running-call');
    expect((screen.getByTestId('running-call-bar') as HTMLProgressElement).value).toBe(0.5);
    expect(within(running).getByTestId('running-call-count').textContent).toBe(
      t('agent.progress.count', { progress: '2', total: '4' }),
    );
    expect(within(running).getByTestId('running-call-message').textContent).toBe('reading page 2');

    // Another run's progress is not this one's.
    act(() => api.emit('agent:progress', { requestId: 'r2', stepIndex: 0, tool: 'x@y', progress: 1 }));
    act(() => api.emit('agent:progress', { requestId: 'r1', stepIndex: 0, tool: 'docs@fetch', progress: 7 }));
    await settle();
    expect(screen.queryByTestId('running-call-bar')).toBeNull();
    expect(screen.getByTestId('running-call-count').textContent).toBe(t('agent.progress.running', { progress: '7' }));

    act(() => api.emit('agent:step', { requestId: 'r1', step }));
    await settle();
    expect(screen.queryByTestId('running-call')).toBeNull();
    expect(screen.getByTestId('step-card')).toBeTruthy();
  });
});
