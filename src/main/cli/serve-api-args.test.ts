import { describe, expect, it } from 'vitest';
import { parseEvaArgs, USAGE } from './eva-args';

describe("eva serve-api's command line", () => {
  it('reads its port, --network and --no-key, and is in the usage', () => {
    expect(parseEvaArgs(['serve-api'])).toMatchObject({
      ok: true,
      command: { kind: 'serve-api', port: null, network: false, newKey: true },
    });
    expect(
      parseEvaArgs(['serve-api', '--port', '41500', '--network', '--no-key', '--model', 'tiny.gguf']),
    ).toMatchObject({
      ok: true,
      command: { kind: 'serve-api', port: 41_500, network: true, newKey: false },
      options: { model: 'tiny.gguf' },
    });
    expect(USAGE).toMatch(/^ {2}serve-api {2,}/m);
    expect(USAGE).toContain('--port <n>');
  });

  it('refuses a port out of range, an argument, and its flags on other commands', () => {
    expect(parseEvaArgs(['serve-api', '--port', '80'])).toEqual({
      ok: false,
      error: '--port must be a port from 1024 to 65535, not "80"',
    });
    expect(parseEvaArgs(['serve-api', '--port', '70000'])).toMatchObject({ ok: false });
    expect(parseEvaArgs(['serve-api', 'now'])).toEqual({ ok: false, error: 'serve-api takes no arguments' });
    expect(parseEvaArgs(['ask', '--network', 'Hi'])).toEqual({ ok: false, error: '--network goes with serve-api' });
    expect(parseEvaArgs(['chat', '--port', '41500'])).toEqual({ ok: false, error: '--port goes with serve-api' });
  });
});
