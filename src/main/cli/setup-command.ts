// `eva setup`: the first-run wizard. Where answers come from — a
// model file on this machine, or a link preset with its address, model and key
// (the core keeps the key sealed, as the app does) — and the workspace the
// tools may touch. What it writes is the app's own settings, so the window and
// the terminal start the same way afterwards.
import { existsSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { toAppError } from '@shared/errors';
import type { CoreSession } from './core-session';
import { EXIT } from './exit-codes';
import type { TerminalPrompt } from './terminal-prompt';

export async function setupCommand(
  session: CoreSession,
  prompt: TerminalPrompt,
  log: (text: string) => void,
): Promise<number> {
  const { presets } = await session.invoke('link:list');
  const settings = await session.invoke('settings:get');
  log('Where should answers come from?');
  log('  1) a model file on this machine (.gguf)');
  presets.forEach((preset, index) => log(`  ${index + 2}) ${preset.name}`));
  const choice = await askUntil(prompt, `Choose 1–${presets.length + 1}: `, (text) => {
    const n = Number(text);
    return Number.isInteger(n) && n >= 1 && n <= presets.length + 1 ? n : null;
  });
  if (choice === null) return EXIT.usage;

  if (choice === 1) {
    const file = await askUntil(
      prompt,
      `Model file${settings.load.modelPath ? ` [${settings.load.modelPath}]` : ''}: `,
      (text) => {
        const path = resolve(text || settings.load.modelPath);
        return path.endsWith('.gguf') && existsSync(path) && statSync(path).isFile() ? path : null;
      },
      'not a .gguf file that exists',
    );
    if (file === null) return EXIT.usage;
    await session.invoke('settings:update', { load: { modelPath: file }, chat: { endpoint: { kind: 'local' } } });
    log(`answers will come from ${file}`);
  } else {
    const preset = presets[choice - 2]!;
    const baseUrl = (await prompt.ask(`Address [${preset.baseUrl}]: `))?.trim() || preset.baseUrl;
    const model = (await prompt.ask(`Model${preset.model ? ` [${preset.model}]` : ''}: `))?.trim() || preset.model;
    const key =
      (await prompt.askHidden(`API key${preset.needsKey ? '' : ' (Enter for none)'} (not shown): `))?.trim() ?? '';
    try {
      const saved = await session.invoke('link:save', {
        profile: { name: preset.name, presetId: preset.id, baseUrl, model },
        ...(key ? { apiKey: key } : {}),
      });
      await session.invoke('settings:update', { chat: { endpoint: { kind: 'link', linkId: saved.id } } });
      log(`answers will come from ${preset.name} (${baseUrl}); the key is kept sealed in the data dir`);
      const tested = await session.invoke('link:test', { baseUrl, linkId: saved.id }).then(
        (result) => `it answers (${result.models.length} models)`,
        (error: unknown) => `it did not answer yet: ${toAppError(error).message}`,
      );
      log(`connection test: ${tested}`);
    } catch (error) {
      log(`eva: ${toAppError(error).message}`);
      return EXIT.error;
    }
  }

  const current = settings.tools.workspaceDir || '(the data dir’s workspace)';
  const workspace = (await prompt.ask(`Workspace folder the tools may use [${current}]: `))?.trim() ?? '';
  if (workspace !== '') {
    const dir = resolve(workspace);
    await mkdir(dir, { recursive: true });
    await session.invoke('settings:update', { tools: { workspaceDir: dir } });
    log(`tools work in ${dir}`);
  }
  log('Saved. Try: eva ask "Hello"');
  return EXIT.ok;
}

/** Asks until `accept` takes the answer; null when stdin ended. */
async function askUntil<T>(
  prompt: TerminalPrompt,
  question: string,
  accept: (text: string) => T | null,
  why = 'not one of the choices',
): Promise<T | null> {
  for (;;) {
    const text = await prompt.ask(question);
    if (text === null) return null;
    const value = accept(text.trim());
    if (value !== null) return value;
    prompt.say(`${why}; try again`);
  }
}
