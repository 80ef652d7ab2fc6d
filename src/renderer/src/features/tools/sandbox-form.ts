// The Tools panel's sandbox choice as a draft: where execute_command runs (this
// machine, a container, an SSH host) and what each needs. Lists of arguments
// are typed on one line and split like a shell would split them (quotes keep
// spaces), so `--runtime runc` and `-i "~/my key"` read as the user means.
import { defaultSettings } from '@shared/default-settings';
import type { SandboxSettings } from '@shared/tools/schemas';
import type { FieldError } from '../../ui/field-error';

export interface SandboxForm {
  mode: SandboxSettings['mode'];
  runtime: string;
  image: string;
  network: boolean;
  runArgs: string;
  /** `NAME=value` words */
  runtimeEnv: string;
  sshHost: string;
  sshWorkspaceDir: string;
  sshArgs: string;
}

export type SandboxField = 'image' | 'runArgs' | 'runtimeEnv' | 'sshHost' | 'sshArgs';
export type SandboxResult =
  { ok: true; value: SandboxSettings } | { ok: false; errors: Partial<Record<SandboxField, FieldError>> };

export function sandboxForm(settings: SandboxSettings): SandboxForm {
  return {
    mode: settings.mode,
    runtime: settings.container.runtime,
    image: settings.container.image,
    network: settings.container.network,
    runArgs: joinWords(settings.container.runArgs),
    runtimeEnv: joinWords(Object.entries(settings.container.runtimeEnv).map(([name, value]) => `${name}=${value}`)),
    sshHost: settings.ssh.host,
    sshWorkspaceDir: settings.ssh.workspaceDir,
    sshArgs: joinWords(settings.ssh.args),
  };
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The settings, or which fields are wrong; only the chosen mode's required fields must be filled. */
export function sandboxSettings(form: SandboxForm): SandboxResult {
  const errors: Partial<Record<SandboxField, FieldError>> = {};
  const runArgs = splitWords(form.runArgs);
  const envWords = splitWords(form.runtimeEnv);
  const sshArgs = splitWords(form.sshArgs);
  if (!runArgs) errors.runArgs = { key: 'tools.error.sandboxWords' };
  if (!sshArgs) errors.sshArgs = { key: 'tools.error.sandboxWords' };
  const runtimeEnv: Record<string, string> = {};
  for (const word of envWords ?? []) {
    const at = word.indexOf('=');
    if (at <= 0 || !ENV_NAME.test(word.slice(0, at))) errors.runtimeEnv = { key: 'tools.error.sandboxEnv' };
    else runtimeEnv[word.slice(0, at)] = word.slice(at + 1);
  }
  if (!envWords) errors.runtimeEnv = { key: 'tools.error.sandboxWords' };
  const image = form.image.trim();
  if (image === '' && form.mode === 'container') errors.image = { key: 'tools.error.sandboxImage' };
  const host = form.sshHost.trim();
  if (host === '' && form.mode === 'ssh') errors.sshHost = { key: 'tools.error.sandboxHost' };
  if (Object.keys(errors).length > 0 || !runArgs || !sshArgs) return { ok: false, errors };
  return {
    ok: true,
    value: {
      mode: form.mode,
      // An image is required by the schema even when unused: an emptied field keeps the default's place.
      container: {
        runtime: form.runtime.trim(),
        image: image === '' ? defaultSettings().tools.sandbox.container.image : image,
        network: form.network,
        runArgs,
        runtimeEnv,
      },
      ssh: { host, workspaceDir: form.sshWorkspaceDir.trim(), args: sshArgs },
    },
  };
}

/** Words as a POSIX shell splits them (single and double quotes, backslash); null when a quote is left open. */
export function splitWords(text: string): string[] | null {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && (text[i + 1] === '"' || text[i + 1] === '\\')) word += text[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) return null;
  if (inWord) words.push(word);
  return words;
}

/** The inverse of splitWords: plain words as they are, others in single quotes. */
export function joinWords(words: readonly string[]): string {
  return words.map((word) => (/^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`)).join(' ');
}
