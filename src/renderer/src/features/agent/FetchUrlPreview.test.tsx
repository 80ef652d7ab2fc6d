// @vitest-environment jsdom
// The approval card of a web_fetch call: the URL as it will be requested, its
// real host (the punycode form, the decoded name beside it), and what the core
// says the guard will do, in the UI's language.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { UrlPreview } from '@shared/tools/agent/agent-types';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import type { ApprovalCardModel } from './agent-runs';
import { ApprovalCard } from './ApprovalCard';

afterEach(cleanupApps);

function fetchCard(url: UrlPreview): ApprovalCardModel {
  return {
    request: {
      requestId: 'run-1',
      askId: 'ask-1',
      tool: 'web_fetch',
      risk: 'network',
      args: { url: url.href },
      preview: { kind: 'none', text: `Fetch ${url.href} from the host ${url.host}`, url },
      choices: ['allow_once', 'allow_conversation', 'deny'],
    },
    state: 'pending',
    answer: null,
    error: null,
  };
}

describe('the approval card of web_fetch', () => {
  it('shows the URL and an international host in both forms, with a note on look-alike names', async () => {
    const url = {
      href: 'https://xn--pple-43d.com/login',
      host: 'xn--pple-43d.com',
      unicodeHost: '\u0430pple.com',
      refusal: null,
    };
    const { t } = await renderWithApp(<ApprovalCard card={fetchCard(url)} onAnswer={() => undefined} />);
    expect(screen.getByTestId('approval-url').textContent).toBe('https://xn--pple-43d.com/login');
    expect(screen.getByTestId('approval-host').textContent).toBe(
      `${t('agent.approval.host')} xn--pple-43d.com (\u0430pple.com)`,
    );
    expect(screen.getByTestId('approval-idn').textContent).toBe(t('agent.approval.idnHost'));
    expect(screen.getByText(t('tools.risk.network'))).toBeTruthy();
    // The core's English sentence is for the terminal; the window shows its own words.
    expect(screen.queryByTestId('approval-preview-note')).toBeNull();
    expect(screen.queryByTestId('approval-url-refused')).toBeNull();
  });

  it('says ahead, in Chinese on a Chinese page, that the address will be refused', async () => {
    const reason = '127.0.0.1 is a loopback address (127.0.0.0/8), which reaches this computer itself';
    const url = { href: 'http://127.0.0.1/admin', host: '127.0.0.1', unicodeHost: null, refusal: reason };
    const { t } = await renderWithApp(<ApprovalCard card={fetchCard(url)} onAnswer={() => undefined} />, {
      language: 'zh',
    });
    const refused = screen.getByTestId('approval-url-refused').textContent ?? '';
    expect(refused).toBe(t('agent.approval.urlRefused', { reason }));
    expect(refused).toMatch(/[\u4e00-\u9fff]/);
    expect(screen.queryByTestId('approval-host-unicode')).toBeNull();
    expect(screen.queryByTestId('approval-idn')).toBeNull();
  });
});
