// The container commands as argv (pure): what is mounted, what is cut off, how
// a container is found and ended, and what a missing runtime tells the user.
import { describe, expect, it } from 'vitest';
import {
  containerListArgv,
  containerRemoveArgv,
  containerRunArgv,
  findRuntime,
  missingRuntimeMessage,
  unmountableReason,
} from './container-argv';
import type { ContainerSandbox } from './sandbox';

const sandbox: ContainerSandbox = {
  mode: 'container',
  runtime: '',
  image: 'docker.io/library/alpine:3',
  network: false,
  runArgs: ['--runtime', 'runc'],
  runtimeEnv: {},
  labels: { 'eva.data': 'abc', 'eva.owner': '42' },
};

const onPath = (files: string[], platform: NodeJS.Platform = 'linux', path = '/usr/local/bin:/usr/bin') => ({
  platform,
  path,
  exists: (file: string) => files.includes(file),
});

describe('containerRunArgv', () => {
  it('removes the container when it ends, names and labels it, cuts the network, mounts only the workspace at /workspace and starts there', () => {
    const argv = containerRunArgv({
      sandbox,
      name: 'eva-1',
      workspace: '/home/u/my work',
      commandLine: "echo 'a b' && ls",
    });
    expect(argv).toEqual([
      'run',
      '--rm',
      '--name',
      'eva-1',
      '--label',
      'eva.data=abc',
      '--label',
      'eva.owner=42',
      '--network=none',
      '--mount',
      'type=bind,source=/home/u/my work,target=/workspace',
      '--workdir',
      '/workspace',
      '--runtime',
      'runc',
      'docker.io/library/alpine:3',
      '/bin/sh',
      '-c',
      "echo 'a b' && ls",
    ]);
    expect(argv.filter((arg) => arg === '--mount' || arg === '-v' || arg === '--volume')).toHaveLength(1);
  });

  it('keeps the network when the user allows it', () => {
    expect(
      containerRunArgv({ sandbox: { ...sandbox, network: true }, name: 'n', workspace: '/w', commandLine: 'true' }),
    ).not.toContain('--network=none');
  });

  it('refuses a workspace path that a bind mount cannot express', () => {
    expect(unmountableReason('/home/u/a,b')).toMatch(/comma/);
    expect(unmountableReason('/home/u/a:b')).toBeNull();
  });
});

describe('ending and finding containers', () => {
  it('podman removes without its default 10 s stop wait; docker has no such option', () => {
    expect(containerRemoveArgv('/usr/bin/podman', ['eva-1'])).toEqual(['rm', '--force', '--time', '0', 'eva-1']);
    expect(containerRemoveArgv('C:\\Program Files\\Docker\\docker.exe', ['a', 'b'])).toEqual([
      'rm',
      '--force',
      'a',
      'b',
    ]);
  });

  it('lists by label, running or not', () => {
    expect(containerListArgv('eva.data', 'abc')).toEqual(['ps', '--all', '--quiet', '--filter', 'label=eva.data=abc']);
  });
});

describe('findRuntime', () => {
  it('auto takes podman first, then docker', () => {
    expect(findRuntime('', onPath(['/usr/bin/docker', '/usr/bin/podman']))).toBe('/usr/bin/podman');
    expect(findRuntime('', onPath(['/usr/local/bin/docker']))).toBe('/usr/local/bin/docker');
    expect(findRuntime('', onPath([]))).toBeNull();
  });

  it('a named runtime is looked up on PATH, a path is taken as it is', () => {
    expect(findRuntime('docker', onPath(['/usr/bin/podman']))).toBeNull();
    expect(findRuntime('/opt/podman/bin/podman', onPath(['/opt/podman/bin/podman']))).toBe('/opt/podman/bin/podman');
    expect(findRuntime('/opt/none/podman', onPath([]))).toBeNull();
  });

  it('on Windows it adds .exe and splits PATH at semicolons', () => {
    expect(findRuntime('', onPath(['C:\\Docker\\docker.exe'], 'win32', 'C:\\Windows;C:\\Docker'))).toBe(
      'C:\\Docker\\docker.exe',
    );
  });
});

describe('missingRuntimeMessage', () => {
  it('names what to install', () => {
    expect(missingRuntimeMessage('')).toMatch(
      /no container runtime found.*apt install podman.*brew install podman.*Docker/,
    );
    expect(missingRuntimeMessage('podman')).toMatch(
      /^podman is not installed.*sudo apt install podman.*brew install podman/,
    );
    expect(missingRuntimeMessage('docker')).toMatch(/^docker is not installed.*apt install docker\.io.*Docker Desktop/);
    expect(missingRuntimeMessage('/opt/x/nerdctl')).toMatch(/"\/opt\/x\/nerdctl" was not found/);
  });
});
