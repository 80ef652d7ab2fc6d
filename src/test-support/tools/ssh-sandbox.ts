// For the SSH-sandbox tests: a real sshd on 127.0.0.1 with a throwaway host key
// and client key, started through the one launcher and stopped by the test.
// openssh-server and openssh-client are installed when missing (apt-get),
// saying so. The sshd runs as the test's own user, which is the user it lets in.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { launchProcess, type ManagedProcess } from '@main/services/process/launch';
import type { SshSandbox } from '@main/services/tools/sandbox/sandbox';

const SSHD = '/usr/sbin/sshd';
const say = (line: string) => console.log(`[eva test] ${line}`);

export interface TestSshd {
  /** settings that reach it with the test key, never asking about the host key */
  sandbox: (workspaceDir: string) => SshSandbox;
  stop: () => Promise<void>;
}

export async function startTestSshd(): Promise<TestSshd> {
  installMissing();
  const dir = mkdtempSync(join(tmpdir(), 'eva-sshd-'));
  const hostKey = join(dir, 'host_key');
  const clientKey = join(dir, 'client_key');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey]);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', clientKey]);
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(`${clientKey}.pub`));
  const port = await freePort();
  const config = join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'StrictModes no',
      'PermitRootLogin prohibit-password',
      '',
    ].join('\n'),
  );
  // The privilege-separation directory sshd insists on; Debian's service creates it at boot.
  if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const sshd = launchProcess({
    name: 'test-sshd',
    command: SSHD,
    args: ['-D', '-e', '-f', config],
    output: { mode: 'capture', maxChars: 20_000 },
    killGraceMs: 1000,
  });
  const sandbox = (workspaceDir: string): SshSandbox => ({
    mode: 'ssh',
    host: `${userInfo().username}@127.0.0.1`,
    workspaceDir,
    args: [
      '-p',
      String(port),
      '-i',
      clientKey,
      '-o',
      'StrictHostKeyChecking=no',
      '-o',
      'UserKnownHostsFile=/dev/null',
      '-o',
      'LogLevel=ERROR',
    ],
  });
  await waitForLogin(sandbox(''), sshd);
  return {
    sandbox,
    stop: async () => {
      await sshd.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForLogin(sandbox: SshSandbox, sshd: ManagedProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      execFileSync('ssh', ['-o', 'BatchMode=yes', ...sandbox.args, sandbox.host, 'true'], { stdio: 'ignore' });
      return;
    } catch {
      if (sshd.hasExited() || Date.now() > deadline)
        throw new Error(`the test sshd did not let the test key in:\n${sshd.captured().text}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function installMissing(): void {
  if (existsSync(SSHD) && existsSync('/usr/bin/ssh') && existsSync('/usr/bin/ssh-keygen')) return;
  if (!existsSync('/usr/bin/apt-get'))
    throw new Error(
      'the SSH-sandbox tests need openssh-server and openssh-client, and there is no apt-get to install them',
    );
  const options = { stdio: 'inherit' as const, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  const run = (args: string[]) =>
    process.getuid?.() === 0
      ? execFileSync(args[0] as string, args.slice(1), options)
      : execFileSync('sudo', ['-n', ...args], options);
  say('installing Debian packages the SSH-sandbox tests need: openssh-server openssh-client');
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', 'openssh-server', 'openssh-client']);
}
