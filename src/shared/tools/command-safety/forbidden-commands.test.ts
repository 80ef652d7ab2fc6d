import { describe, expect, it } from 'vitest';
import { classifyCommand } from './forbidden-commands';
import { readShell } from './shell-words';

const words = (line: string, dialect?: 'posix' | 'cmd') =>
  readShell(line, dialect).commands.map((command) => command.words);

describe('classifyCommand refuses', () => {
  const refused: Array<[string, string]> = [
    ['rm -rf /', 'recursive-delete'],
    ['rm -rf /*', 'recursive-delete'],
    ['rm -fr ~', 'recursive-delete'],
    ['rm -r -f /', 'recursive-delete'],
    ['rm -Rf /', 'recursive-delete'],
    ['rm --recursive --force /', 'recursive-delete'],
    ['rm -rf "/"', 'recursive-delete'],
    ["rm -rf '/'", 'recursive-delete'],
    ['rm -rf //', 'recursive-delete'],
    ['rm -rf /./', 'recursive-delete'],
    ['rm -rf ~/', 'recursive-delete'],
    ['rm -rf ~/*', 'recursive-delete'],
    ['rm -rf $HOME', 'recursive-delete'],
    ['rm -rf "${HOME}/"', 'recursive-delete'],
    ['rm -rf /etc', 'recursive-delete'],
    ['rm -rf /usr/*', 'recursive-delete'],
    ['rm -rf ..', 'recursive-delete'],
    ['rm -rf ../..', 'recursive-delete'],
    ['rm -rf --no-preserve-root /', 'recursive-delete'],
    ['rm --no-preserve-root -rf /tmp/x', 'recursive-delete'],
    ['sudo rm -rf /', 'recursive-delete'],
    ['sudo -u root rm -rf /', 'recursive-delete'],
    ['/bin/rm -rf /', 'recursive-delete'],
    ['env FOO=1 nohup rm -rf ~', 'recursive-delete'],
    ['echo hi && rm -rf /', 'recursive-delete'],
    ['ls; rm -rf / # cleanup', 'recursive-delete'],
    ['true || rm -rf ~', 'recursive-delete'],
    ['echo $(rm -rf /)', 'recursive-delete'],
    ['bash -c "rm -rf /"', 'recursive-delete'],
    ["sh -c 'sudo rm -rf ~/*'", 'recursive-delete'],
    ['eval "rm -rf /"', 'recursive-delete'],
    ['cd / && rm -rf *', 'recursive-delete'],
    ['cd ~; rm -rf .', 'recursive-delete'],
    ['find / -delete', 'recursive-delete'],
    ['find ~ -exec rm -rf {} \\;', 'recursive-delete'],
    ['rd /s /q C:\\', 'recursive-delete'],
    ['del /f /s /q C:\\*', 'recursive-delete'],
    ['Remove-Item -Recurse -Force C:\\Windows', 'recursive-delete'],
    ['cmd /c rd /s /q C:\\', 'recursive-delete'],
    ['mkfs /dev/sda1', 'format'],
    ['mkfs.ext4 /dev/sdb', 'format'],
    ['sudo mkfs.vfat /dev/mmcblk0p1', 'format'],
    ['wipefs -a /dev/sda', 'format'],
    ['format c:', 'format'],
    ['dd if=/dev/zero of=/dev/sda', 'raw-device'],
    ['dd if=/dev/urandom of=/dev/nvme0n1 bs=1M', 'raw-device'],
    ['sudo dd if=image.iso of=/dev/sdb status=progress', 'raw-device'],
    ['echo x > /dev/sda', 'raw-device'],
    ['cat /dev/zero >/dev/sda', 'raw-device'],
    ['yes >> /dev/hda', 'raw-device'],
    ['shred -n 3 /dev/sda', 'raw-device'],
    [':(){ :|:& };:', 'fork-bomb'],
    [':(){:|:&};:', 'fork-bomb'],
    [': ( ) { : | : & } ; :', 'fork-bomb'],
    ['bomb(){ bomb|bomb& };bomb', 'fork-bomb'],
    ['function f { f|f& }; f', 'fork-bomb'],
    ['%0|%0', 'fork-bomb'],
    ['shutdown -h now', 'power'],
    ['sudo shutdown -r +1', 'power'],
    ['reboot', 'power'],
    ['halt', 'power'],
    ['poweroff', 'power'],
    ['init 0', 'power'],
    ['systemctl reboot', 'power'],
    ['sudo systemctl poweroff', 'power'],
    ['shutdown /s /t 0', 'power'],
    ['Stop-Computer -Force', 'power'],
    ['chmod -R 777 /', 'recursive-permissions'],
    ['chmod 777 -R /', 'recursive-permissions'],
    ['sudo chown -R nobody /etc', 'recursive-permissions'],
    ['mv / /tmp/root', 'move-root'],
    ['mv ~ /dev/null', 'move-root'],
  ];
  it.each(refused)('%s', (command, rule) => {
    expect(classifyCommand(command)?.rule).toBe(rule);
  });

  it('knows the home directory by its full path when told', () => {
    expect(classifyCommand('rm -rf /home/alice', { homeDir: '/home/alice' })?.rule).toBe('recursive-delete');
    expect(classifyCommand('rm -rf /home/alice/*', { homeDir: '/home/alice' })?.rule).toBe('recursive-delete');
    expect(classifyCommand('rm -rf /home/alice/project/build', { homeDir: '/home/alice' })).toBeNull();
  });
});

describe('classifyCommand lets through', () => {
  const allowed = [
    'ls -la',
    'rm -rf build',
    'rm -rf ./node_modules dist',
    'rm -rf *',
    'rm -f /tmp/x.log',
    'rm /etc/hosts.bak',
    'rm -rf /tmp/eva-test',
    'echo "rm -rf /"',
    "grep -r 'shutdown' src",
    'git commit -m "reboot the parser"',
    'cat /dev/sda1.txt',
    'dd if=/dev/zero of=disk.img bs=1M count=10',
    'echo x > /dev/null',
    'ls 2>/dev/null',
    'chmod -R 755 ./scripts',
    'chmod 644 /etc/hosts',
    'find . -name "*.tmp" -delete',
    'mv old.txt new.txt',
    'npm run format',
    'python -c "print(1)"',
    'bash -c "make test"',
    'node -e "console.log(:(){})"',
    'cd /tmp && rm -rf *',
    'del /q build\\*.obj',
    'mkdir -p a/b && cd a',
  ];
  it.each(allowed)('%s', (command) => {
    expect(classifyCommand(command)).toBeNull();
  });
});

describe('readShell', () => {
  it('resolves quotes and escapes and cuts at operators', () => {
    expect(words(`echo "a b" 'c d' e\\ f && ls|wc -l; x`)).toEqual([
      ['echo', 'a b', 'c d', 'e f'],
      ['ls'],
      ['wc', '-l'],
      ['x'],
    ]);
  });
  it('keeps redirections apart and drops fd digits', () => {
    expect(readShell('cmd 2>/dev/null >out.txt').commands).toEqual([
      {
        words: ['cmd'],
        via: [],
        redirects: [
          { op: '>', target: '/dev/null' },
          { op: '>', target: 'out.txt' },
        ],
      },
    ]);
  });
  it('reads backslashes as path separators when asked', () => {
    expect(words('del C:\\tmp\\x', 'cmd')).toEqual([['del', 'C:\\tmp\\x']]);
  });
});
