import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import { SandboxSettingsSchema } from '@shared/tools/schemas';
import { joinWords, sandboxForm, sandboxSettings, splitWords } from './sandbox-form';

const defaults = defaultSettings().tools.sandbox;

describe('splitWords / joinWords', () => {
  it('splits like a shell: quotes keep spaces, backslash escapes', () => {
    expect(splitWords(`--runtime runc  -i "~/my key" 'a b' c\\ d ""`)).toEqual([
      '--runtime',
      'runc',
      '-i',
      '~/my key',
      'a b',
      'c d',
      '',
    ]);
    expect(splitWords('   ')).toEqual([]);
    expect(splitWords('"open')).toBeNull();
  });

  it('joining and splitting again gives the same words', () => {
    const words = ['--runtime', 'runc', 'CONTAINERS_CONF=/tmp/c.conf', "it's", 'a b', ''];
    expect(splitWords(joinWords(words))).toEqual(words);
  });
});

describe('sandboxSettings', () => {
  it('the defaults come back unchanged', () => {
    expect(sandboxSettings(sandboxForm(defaults))).toEqual({ ok: true, value: defaults });
  });

  it('a container with run arguments and a runtime environment', () => {
    const form = {
      ...sandboxForm(defaults),
      mode: 'container' as const,
      runtime: 'podman',
      runArgs: '--runtime runc',
      runtimeEnv: 'CONTAINERS_CONF=/tmp/c.conf DOCKER_HOST="unix:///x y"',
    };
    const result = sandboxSettings(form);
    expect(result).toEqual({
      ok: true,
      value: {
        ...defaults,
        mode: 'container',
        container: {
          ...defaults.container,
          runtime: 'podman',
          runArgs: ['--runtime', 'runc'],
          runtimeEnv: { CONTAINERS_CONF: '/tmp/c.conf', DOCKER_HOST: 'unix:///x y' },
        },
      },
    });
    if (result.ok) expect(SandboxSettingsSchema.safeParse(result.value).success).toBe(true);
  });

  it('says which field is wrong: no image for a container, no host for ssh, an open quote, a bad environment entry', () => {
    const base = sandboxForm(defaults);
    expect(sandboxSettings({ ...base, mode: 'container', image: ' ' })).toEqual({
      ok: false,
      errors: { image: { key: 'tools.error.sandboxImage' } },
    });
    expect(sandboxSettings({ ...base, mode: 'ssh' })).toEqual({
      ok: false,
      errors: { sshHost: { key: 'tools.error.sandboxHost' } },
    });
    expect(sandboxSettings({ ...base, sshArgs: '-i "x' })).toMatchObject({
      ok: false,
      errors: { sshArgs: { key: 'tools.error.sandboxWords' } },
    });
    expect(sandboxSettings({ ...base, runtimeEnv: '=x' })).toMatchObject({
      ok: false,
      errors: { runtimeEnv: { key: 'tools.error.sandboxEnv' } },
    });
  });

  it('the fields of the mode not chosen are kept, not required', () => {
    expect(sandboxSettings({ ...sandboxForm(defaults), mode: 'host', image: '', sshHost: '' })).toMatchObject({
      ok: true,
      value: { mode: 'host', container: { image: defaults.container.image } },
    });
  });
});
