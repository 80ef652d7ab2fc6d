// For the container-sandbox tests: a real podman that runs on these machines,
// provisioned when missing and saying what it does. No registry is reachable
// here, so the image is made locally from static busybox. On a Debian container
// without CAP_SYS_RESOURCE and with hybrid cgroups, podman's default crun fails
// (setrlimit RLIMIT_NPROC, "cgroups in hybrid mode"); runc with no default
// ulimits and no pids limit works — exactly what a user on such a machine puts
// in the sandbox's run arguments and runtime environment.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testAssets } from '@test-support/test-assets';
import type { ContainerSandbox } from '@main/services/tools/sandbox/sandbox';

export const TEST_IMAGE = 'localhost/eva-sandbox-busybox';
const PACKAGES = ['podman', 'runc', 'busybox-static'];
const BUSYBOX = '/bin/busybox';
const APPLETS = ['sh', 'ls', 'cat', 'echo', 'mkdir', 'rm', 'printf', 'sleep', 'pwd', 'touch'];
const CONF_DIR = join(testAssets.cacheDir, 'podman-sandbox');
const CONTAINERS_CONF = join(CONF_DIR, 'containers.conf');

const say = (line: string) => console.log(`[eva test] ${line}`);

/** podman, runc and the busybox image, ready; returns the sandbox settings that run on this machine. */
export function provisionPodmanSandbox(labels: Record<string, string>): ContainerSandbox {
  installMissingPackages();
  mkdirSync(CONF_DIR, { recursive: true });
  writeFileSync(
    CONTAINERS_CONF,
    '[containers]\ndefault_ulimits = []\npids_limit = 0\n[engine]\ncgroup_manager = "cgroupfs"\n',
  );
  const runtimeEnv = { CONTAINERS_CONF };
  if (!imageExists(runtimeEnv)) importBusyboxImage(runtimeEnv);
  return {
    mode: 'container',
    runtime: 'podman',
    image: TEST_IMAGE,
    network: false,
    runArgs: ['--runtime', 'runc'],
    runtimeEnv,
    labels,
  };
}

/** Ids of the containers (running or not) carrying this label. */
export function containersLabelled(sandbox: ContainerSandbox, label: string): string[] {
  const out = podman(sandbox.runtimeEnv, ['ps', '--all', '--quiet', '--filter', `label=${label}`]);
  return out.split('\n').filter((line) => line.trim() !== '');
}

/** Running containers carrying this label. */
export function runningLabelled(sandbox: ContainerSandbox, label: string): string[] {
  const out = podman(sandbox.runtimeEnv, ['ps', '--quiet', '--filter', `label=${label}`, '--filter', 'status=running']);
  return out.split('\n').filter((line) => line.trim() !== '');
}

/** Whatever a failing test left, gone. */
export function removeLabelled(sandbox: ContainerSandbox, label: string): void {
  const ids = containersLabelled(sandbox, label);
  if (ids.length > 0) podman(sandbox.runtimeEnv, ['rm', '--force', '--time', '0', ...ids]);
}

function podman(env: Record<string, string>, args: string[]): string {
  return execFileSync('podman', args, {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function installMissingPackages(): void {
  const missing = PACKAGES.filter((pkg) => {
    try {
      return !execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).includes('install ok installed');
    } catch {
      return true;
    }
  });
  if (missing.length === 0) return;
  if (!existsSync('/usr/bin/apt-get'))
    throw new Error(`the container-sandbox tests need ${missing.join(', ')} and there is no apt-get to install them`);
  const asRoot = process.getuid?.() === 0;
  const options = { stdio: 'inherit' as const, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  const run = (args: string[]) =>
    asRoot ? execFileSync(args[0] as string, args.slice(1), options) : execFileSync('sudo', ['-n', ...args], options);
  say(`installing Debian packages the container-sandbox tests need: ${missing.join(', ')}`);
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', ...missing]);
}

function imageExists(env: Record<string, string>): boolean {
  try {
    podman(env, ['image', 'exists', TEST_IMAGE]);
    return true;
  } catch {
    return false;
  }
}

function importBusyboxImage(env: Record<string, string>): void {
  say(`making the podman image ${TEST_IMAGE} from ${BUSYBOX} (no registry is needed)`);
  const dir = mkdtempSync(join(tmpdir(), 'eva-sandbox-image-'));
  try {
    const root = join(dir, 'root');
    for (const sub of ['bin', 'workspace', 'tmp']) mkdirSync(join(root, sub), { recursive: true });
    copyFileSync(BUSYBOX, join(root, 'bin', 'busybox'));
    for (const applet of APPLETS) symlinkSync('busybox', join(root, 'bin', applet));
    const tar = join(dir, 'root.tar');
    execFileSync('tar', ['-C', root, '-cf', tar, '.'], { stdio: 'inherit' });
    podman(env, ['import', tar, TEST_IMAGE]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
