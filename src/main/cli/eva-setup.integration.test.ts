// `eva setup`, the first-run wizard: a model file or a link preset, piped and in
// a terminal, and eva ask answering after it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, eva, inTerminal, own, useAnsweringServer } from '@test-support/cli/eva-process';
import { testAssets } from '@test-support/test-assets';

vi.setConfig({ testTimeout: CLI_TEST_TIMEOUT_MS });

const answeringServer = useAnsweringServer();

describe('eva setup: the first-run wizard', () => {
  it('a model file: asked until it names a .gguf that exists; then eva ask needs no option', async () => {
    const dataDir = own();
    const workspace = join(own(), 'work');
    const ran = await eva(['setup'], dataDir, {
      stdin: `0\n1\n/no/such/model.gguf\n${testAssets.tinyModel}\n${workspace}\n`,
    });
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain('not one of the choices; try again');
    expect(ran.stderr).toContain('not a .gguf file that exists; try again');
    expect(ran.stderr).toContain(`tools work in ${workspace}`);
    expect(existsSync(workspace)).toBe(true);
    const asked = await eva(['ask', '--max-tokens', '6', 'After setup'], dataDir);
    expect(asked.code).toBe(0);
    expect(asked.stdout.trim()).not.toBe('');
  });

  /** the wizard's number for the remote llama-server preset, as it lists them */
  const remotePresetNumber = async () => {
    const probe = await eva(['setup'], own(), { stdin: '' });
    return probe.stderr
      .split('\n')
      .find((line) => line.includes('Remote llama-server'))!
      .trim()
      .split(')')[0]!;
  };

  it('a link preset: its address, model and key (kept sealed), tested; eva ask then answers through it', async () => {
    const server = await answeringServer();
    const dataDir = own();
    const presetNumber = await remotePresetNumber();
    const ran = await eva(['setup'], dataDir, {
      stdin: `${presetNumber}\n${server.baseUrl}/v1\ntiny\nsk-never-in-clear\n\n`,
    });
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain('connection test: it answers');

    const asked = await eva(['ask', '--max-tokens', '6', 'Through the link'], dataDir);
    expect(asked.code).toBe(0);
    expect(asked.stdout.trim()).not.toBe('');
    const clear = readdirSync(dataDir)
      .filter((name) => name.endsWith('.json'))
      .filter((name) => readFileSync(join(dataDir, name), 'utf8').includes('sk-never-in-clear'));
    expect(clear).toEqual([]);
  });

  it('in a terminal the key is not shown as it is typed; the other answers are', async () => {
    const server = await answeringServer();
    const presetNumber = await remotePresetNumber();
    const again = own();
    const { until, type, exited, screen } = inTerminal(['setup'], again);
    await until('Choose');
    type(`${presetNumber}\r`);
    await until('Address');
    type(`${server.baseUrl}/v1\r`);
    await until('Model');
    type('tiny\r');
    await until('(not shown): ');
    type('sk-typed-in-a-terminal\r');
    await until('Workspace folder');
    type('\r');
    expect(await exited).toBe(0);
    // What is typed at the other questions shows (the terminal echoes it); the key does not.
    expect(screen()).toContain(`${server.baseUrl}/v1`);
    expect(screen()).not.toContain('sk-typed-in-a-terminal');
    expect(screen()).toContain('connection test: it answers');

    // Ctrl+C while the key is typed stops the wizard as it would anywhere else (raw mode raises no signal by itself).
    const stopped = own();
    const second = inTerminal(['setup'], stopped);
    await second.until('Choose');
    second.type(`${presetNumber}\r`);
    await second.until('Address');
    second.type(`${server.baseUrl}/v1\r`);
    await second.until('Model');
    second.type('tiny\r');
    await second.until('(not shown): ');
    second.type('sk-half\x03');
    expect(await second.exited).toBe(130);
    expect(second.screen()).not.toContain('connection test');
  });
});
