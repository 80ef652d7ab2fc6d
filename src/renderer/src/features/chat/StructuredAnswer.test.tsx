// @vitest-environment jsdom
// A finished answer of a conversation that requires a JSON schema: the JSON pretty-printed and highlighted in a code
// block whose Copy takes that JSON; an answer that does not fit says so in one sentence, with the first place.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { StructuredAnswer } from './StructuredAnswer';

afterEach(() => {
  cleanupApps();
  vi.unstubAllGlobals();
});

const ANSWER = '{"name" :"Ann",\n            "age":3, "colour" : "red" }';
const PRETTY = '{\n  "name": "Ann",\n  "age": 3,\n  "colour": "red"\n}';

describe('StructuredAnswer', () => {
  it('shows the JSON laid out and highlighted, says it fits, and Copy takes the laid-out JSON', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { container, t } = await renderWithApp(<StructuredAnswer content={ANSWER} check={{ fits: true }} />);
    const view = screen.getByTestId('structured-answer');
    expect(view.dataset.fits).toBe('true');
    expect(screen.getByTestId('structured-answer-status').textContent).toBe(t('structured.answer.fits'));
    await waitFor(() => expect(container.querySelector('pre code')?.textContent).toBe(`${PRETTY}\n`));
    await waitFor(() => expect(container.querySelector('.hljs-attr')?.textContent).toBe('"name"'));
    expect(within(view).getByText('json')).toBeTruthy();
    fireEvent.click(within(view).getByTestId('code-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(PRETTY));
  });

  it('an answer that does not fit says where, in the page language, and is still laid out', async () => {
    const { container } = await renderWithApp(
      <StructuredAnswer
        content='{"name":"Ann","age":3}'
        check={{
          fits: false,
          reason: 'mismatch',
          path: '/',
          keyword: 'required',
          message: "must have required property 'colour'",
          params: { missingProperty: 'colour' },
        }}
      />,
      { language: 'zh' },
    );
    expect(screen.getByTestId('structured-answer').dataset.fits).toBe('false');
    expect(screen.getByTestId('structured-answer-status').textContent).toBe(
      '此回答不符合 schema：位于 /，缺少必需的属性“colour”。',
    );
    await waitFor(() => expect(container.querySelector('pre code')?.textContent).toContain('"age": 3'));
  });

  it("a keyword without words of its own keeps ajv's; an answer that is no JSON is shown as it came", async () => {
    const { container, t } = await renderWithApp(
      <>
        <StructuredAnswer
          content='{"age":300}'
          check={{ fits: false, reason: 'mismatch', path: '/age', keyword: 'maximum', message: 'must be <= 150' }}
        />
        <StructuredAnswer
          content="Sorry, **no**."
          check={{ fits: false, reason: 'not_json', message: 'Unexpected token S' }}
        />
      </>,
    );
    const [mismatch, notJson] = screen.getAllByTestId('structured-answer-status');
    expect(mismatch?.textContent).toBe('This answer does not fit the schema: at /age, must be <= 150.');
    expect(notJson?.textContent).toBe(t('structured.answer.notJson', { message: 'Unexpected token S' }));
    expect((await screen.findByText('no')).tagName).toBe('STRONG');
    expect(container.querySelectorAll('pre')).toHaveLength(1);
  });
});
