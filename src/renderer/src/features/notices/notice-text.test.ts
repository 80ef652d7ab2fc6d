import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n';
import { coreNoticeText } from './notice-text';

const en = createTranslator('en');
const zh = createTranslator('zh');

describe("the core's notices in the UI's language", () => {
  it('words each one from its details, in English and Chinese', () => {
    const cut = {
      code: 'history_interrupted',
      message: 'English from the core',
      details: { title: 'Trip', count: 2, messageIds: ['a', 'b'] },
    };
    expect(coreNoticeText(en, cut)).toBe(
      '“Trip”: 2 answers were cut off when EVA last stopped; what had arrived is kept and marked interrupted.',
    );
    expect(coreNoticeText(en, { ...cut, details: { ...cut.details, count: 1 } })).toContain('an answer was cut off');
    expect(coreNoticeText(zh, cut)).toBe('“Trip”：2 条回答在 EVA 上次停止时被中断；已收到的内容已保留并标记为中断。');
    expect(
      coreNoticeText(zh, {
        code: 'backend_fallback',
        message: 'x',
        details: { from: 'cuda', to: 'cpu', cause: 'no libcuda' },
      }),
    ).toContain('改用');
    expect(coreNoticeText(zh, { code: 'backend_no_repack', message: 'x', details: { signal: 'SIGSEGV' } })).toContain(
      '权重重排',
    );
    expect(
      coreNoticeText(en, {
        code: 'backend_fallback',
        message: 'x',
        details: { from: 'cuda', to: 'cpu', cause: 'no libcuda' },
      }),
    ).toMatch(/^The CUDA backend failed to start \(no libcuda\); trying CPU instead\.$/);
    expect(
      coreNoticeText(en, { code: 'history_index_rebuilt', message: 'x', details: { count: 1, damaged: false } }),
    ).toBe('The history list was missing and was rebuilt from 1 conversation.');
    expect(
      coreNoticeText(zh, { code: 'leftovers_stopped', message: 'x', details: { names: 'llama-server (pid 42)' } }),
    ).toContain('llama-server (pid 42)');
    expect(
      coreNoticeText(en, { code: 'history_write_failed', message: 'x', details: { errno: 'ENOSPC', what: 'index' } }),
    ).toContain('(ENOSPC)');
    const lost = {
      code: 'rpc_worker_lost',
      message: 'x',
      details: { endpoint: '127.0.0.1:41000', how: 'killed by SIGKILL', workers: 2 },
    };
    expect(coreNoticeText(en, lost)).toBe(
      'RPC worker 127.0.0.1:41000 stopped unexpectedly (killed by SIGKILL); the answer in progress was cut off, and llama-server and its 2 workers are restarted.',
    );
    expect(coreNoticeText(zh, lost)).toContain('127.0.0.1:41000');
  });

  it("a code it has no words for, or details missing (an older core), shows the core's own sentence", () => {
    expect(coreNoticeText(zh, { code: 'something_new', message: 'As the core said.', details: { title: 'x' } })).toBe(
      'As the core said.',
    );
    expect(coreNoticeText(zh, { code: 'history_interrupted', message: 'As the core said.' })).toBe('As the core said.');
    expect(
      coreNoticeText(zh, {
        code: 'history_interrupted',
        message: 'As the core said.',
        details: { title: 'x', count: 'two' },
      }),
    ).toBe('As the core said.');
  });
});
