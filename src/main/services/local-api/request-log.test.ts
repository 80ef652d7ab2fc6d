import { describe, expect, it } from 'vitest';
import { RequestLog } from './request-log';

const entry = (keyName: string | null, promptTokens: number | null) => ({
  startedAt: 0,
  keyName,
  method: 'POST',
  path: '/v1/chat/completions',
  model: 'm',
  status: 200,
  durationMs: 1,
  promptTokens,
  completionTokens: 1,
});

describe('the Local API request log', () => {
  it('keeps the newest entries, newest first, and adds up each key', () => {
    const log = new RequestLog(2);
    log.add(entry('a', 10));
    log.add(entry('a', 2));
    log.add(entry(null, null));
    expect(log.list().map((kept) => kept.id)).toEqual([3, 2]);
    expect(log.totals()).toEqual([{ keyName: 'a', requests: 1, promptTokens: 2, completionTokens: 1 }]);
  });

  it('finds a kept entry with its bodies by id, and none once it has left', () => {
    const log = new RequestLog(1);
    log.add(entry('a', 1));
    log.add({ ...entry('b', 1), requestBody: '{"q":1}', responseBody: '{"a":2}' });
    expect(log.get(2)).toMatchObject({ keyName: 'b', requestBody: '{"q":1}', responseBody: '{"a":2}' });
    expect(log.get(1)).toBeUndefined();
  });
});
