// Attempts to slip a forbidden command past the guard, and
// harmless commands that only look like one. Each row: the line, and the rule
// it must be refused under, or null when it must go on to the approval card.
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './forbidden-commands';

const PS_ENCODED =
  'UgBlAG0AbwB2AGUALQBJAHQAZQBtACAALQBSAGUAYwB1AHIAcwBlACAALQBGAG8AcgBjAGUAIABDADoAXABXAGkAbgBkAG8AdwBzAA==';

const bypasses: Array<[string, string]> = [
  // command substitution, in double quotes too, nested
  ['echo "$(rm -rf ~)"', 'recursive-delete'],
  ['echo "`rm -rf ~`"', 'recursive-delete'],
  ['echo "$(echo "$(rm -rf /)")"', 'recursive-delete'],
  ['echo $(echo $(rm -rf /))', 'recursive-delete'],
  ['echo "`echo \\`rm -rf ~\\``"', 'recursive-delete'],
  ['echo ${x:-$(rm -rf /)}', 'recursive-delete'],
  ['echo $((1 + $(rm -rf /; echo 1)))', 'recursive-delete'],
  ['x="$(sudo rm -rf /)"', 'recursive-delete'],
  ['cat <<EOF\n$(rm -rf ~)\nEOF', 'recursive-delete'],
  ['echo "$(mkfs.ext4 /dev/sda1)"', 'format'],
  ['echo `reboot`', 'power'],
  // process substitution, subshells, groups, functions, keywords
  ['cat <(rm -rf ~)', 'recursive-delete'],
  ['tee >(rm -rf /) </dev/null', 'recursive-delete'],
  ['(rm -rf /)', 'recursive-delete'],
  ['{ rm -rf ~; }', 'recursive-delete'],
  ['( cd / && rm -rf * )', 'recursive-delete'],
  ['f() { rm -rf ~; }; f', 'recursive-delete'],
  ['if true; then rm -rf /; fi', 'recursive-delete'],
  ['! rm -rf /', 'recursive-delete'],
  // shells, eval and friends
  ["eval 'r''m -rf /'", 'recursive-delete'],
  ["bash -xc 'rm -rf /'", 'recursive-delete'],
  ['bash -lc "rm -rf ~"', 'recursive-delete'],
  ["sh -c -- 'rm -rf /'", 'recursive-delete'],
  ["zsh -o errexit -c 'rm -rf ~'", 'recursive-delete'],
  ['bash -c "bash -c \'rm -rf /\'"', 'recursive-delete'],
  ['sh -c \'echo "$(rm -rf /)"\'', 'recursive-delete'],
  ['sh -c \'rm -rf "$1"\' _ /', 'recursive-delete'],
  ["$SHELL -c 'rm -rf ~'", 'recursive-delete'],
  ["alias ll='rm -rf ~'", 'recursive-delete'],
  ["trap 'rm -rf /' EXIT", 'recursive-delete'],
  ["at now <<< 'rm -rf ~'", 'recursive-delete'],
  ["sudo sh -c 'dd if=/dev/zero of=/dev/sda'", 'raw-device'],
  ['bash -c "shutdown -h now"', 'power'],
  ["su -c 'rm -rf /' root", 'recursive-delete'],
  ["flock /tmp/lock -c 'rm -rf ~'", 'recursive-delete'],
  ['watch -n 5 rm -rf /', 'recursive-delete'],
  ["echo 'rm -rf /' | sh", 'recursive-delete'],
  ["printf 'rm -rf ~\\n' | bash -s", 'recursive-delete'],
  ["bash <<< 'rm -rf ~'", 'recursive-delete'],
  ['sh <<EOF\nrm -rf /\nEOF', 'recursive-delete'],
  [`powershell -EncodedCommand ${PS_ENCODED}`, 'recursive-delete'],
  // env, wrappers, busybox
  ['env -i rm -rf /', 'recursive-delete'],
  ['env -u PATH FOO=1 rm -rf /', 'recursive-delete'],
  ['env -S "rm -rf /"', 'recursive-delete'],
  ['/usr/bin/env -- rm -rf ~', 'recursive-delete'],
  ['busybox rm -rf /', 'recursive-delete'],
  ['sudo -u root -- rm -rf /', 'recursive-delete'],
  ['doas rm -rf /', 'recursive-delete'],
  ['nohup rm -rf ~ &', 'recursive-delete'],
  ['timeout 5 rm -rf /', 'recursive-delete'],
  ['timeout -s KILL 10s rm -rf ~', 'recursive-delete'],
  ['nice -n 10 rm -rf /', 'recursive-delete'],
  ['ionice -c 3 stdbuf -o0 rm -rf ~', 'recursive-delete'],
  ['command rm -rf /', 'recursive-delete'],
  ['exec rm -rf /', 'recursive-delete'],
  ['time rm -rf ~', 'recursive-delete'],
  // xargs and find
  ['xargs rm -rf /', 'recursive-delete'],
  ['xargs -a list.txt rm -rf /', 'recursive-delete'],
  ['echo ~ | xargs rm -rf', 'recursive-delete'],
  ['echo / | xargs -0 -n1 rm -rf', 'recursive-delete'],
  ["printf '%s\\n' ~ | xargs -I{} rm -rf {}", 'recursive-delete'],
  ['echo / | xargs sudo rm -rf', 'recursive-delete'],
  ["echo / | xargs -I % sh -c 'rm -rf %'", 'recursive-delete'],
  ['find / | xargs rm -rf', 'recursive-delete'],
  ['echo / | xargs sh -c \'rm -rf "$@"\' _', 'recursive-delete'],
  ['find / -exec sh -c \'rm -rf "$1"\' _ {} \\;', 'recursive-delete'],
  ['find / -exec rm -rf {} +', 'recursive-delete'],
  ['find ~ -execdir rm -rf {} \\;', 'recursive-delete'],
  ["find / -ok rm -rf {} ';'", 'recursive-delete'],
  ['find ~ -type f -exec rm {} +', 'recursive-delete'],
  ["find . -exec sh -c 'rm -rf /' \\;", 'recursive-delete'],
  ['find / -exec chmod -R 777 {} +', 'recursive-permissions'],
  // separators
  ['false || rm -rf ~', 'recursive-delete'],
  ['ls | rm -rf /', 'recursive-delete'],
  ['sleep 1 & rm -rf /', 'recursive-delete'],
  ['ls\nrm -rf /', 'recursive-delete'],
  ['echo x |& rm -rf /', 'recursive-delete'],
  // quoting and escaping of the words themselves
  ['r\\\nm -rf /', 'recursive-delete'],
  ['rm -rf \\\n/', 'recursive-delete'],
  ["'r'm -rf /", 'recursive-delete'],
  ['\\rm -rf /', 'recursive-delete'],
  ['"rm" -rf /', 'recursive-delete'],
  ["$'\\x72\\x6d' -rf /", 'recursive-delete'],
  ["$'rm' $'-rf' $'\\057'", 'recursive-delete'],
  ['{rm,-rf,/}', 'recursive-delete'],
  ['rm -rf -- ~', 'recursive-delete'],
  // variables set on the same line
  ['x=rm; $x -rf /', 'recursive-delete'],
  ['d=/; rm -rf "$d"', 'recursive-delete'],
  ['for d in / ~; do rm -rf "$d"; done', 'recursive-delete'],
  ['HOME=/tmp/x; read HOME <<< /root; rm -rf "$HOME"', 'recursive-delete'],
];

const lookAlikes = [
  'echo "rm -rf /"',
  "echo 'rm -rf /'",
  "echo '$(rm -rf /)'",
  'echo "\\$(rm -rf /)"',
  'echo \\$\\(rm -rf /\\)',
  'grep -r "rm -rf" .',
  "grep -rn 'sudo rm -rf /' docs/",
  'rm -rf ./build',
  'git commit -m "$(date)"',
  'git commit -m "fix: never rm -rf / on cleanup"',
  'echo "$(whoami)"',
  'trap \'rm -rf "$tmpdir"\' EXIT',
  "alias ll='ls -la'",
  'for i in $(seq 3); do echo "$i"; done',
  "cat <<'EOF'\n$(rm -rf /)\nEOF",
  'cat <<EOF > notes.md\nnever run rm -rf / here\nEOF',
  "printf 'rm -rf /\\n' > danger.txt",
  "echo 'rm -rf /' | grep rm",
  "sh -c 'rm -rf ./tmp'",
  'bash script.sh /',
  'command -v rm',
  'timeout 5 npm test',
  'env FOO=1 npm run build',
  'sudo apt-get install -y ripgrep',
  "find . -name '*.o' -exec rm -f {} +",
  'find . -type d -name node_modules -exec rm -rf {} +',
  "find / -name '*.log' -print",
  'git ls-files -z | xargs -0 rm -f',
  'echo build dist | xargs rm -rf',
  // The input is unknown here: the approval card shows it, the guard does not guess.
  'ls | xargs rm -rf',
  'x=/tmp/eva; rm -rf "$x"',
  'd=/; d=/tmp/eva; rm -rf "$d"',
  'for f in build dist; do rm -rf "$f"; done',
  'diff <(ls a) <(ls b)',
  '(cd /tmp && rm -rf eva-test)',
  '{ echo a; echo b; } > out.txt',
  'docker run --rm -v "$PWD:/src" node:20 npm test',
  'python -c "import shutil; shutil.rmtree(\'build\')"',
];

describe('the guard sees through', () => {
  it(`has at least 40 bypass attempts (${bypasses.length})`, () => {
    expect(bypasses.length).toBeGreaterThanOrEqual(40);
  });
  it.each(bypasses)('%j', (command, rule) => {
    expect(classifyCommand(command)?.rule).toBe(rule);
  });
  it('refuses a line nested too deeply to read', () => {
    expect(classifyCommand(`echo ${'$('.repeat(60)}rm -rf /${')'.repeat(60)}`)?.rule).toBe('unreadable');
    expect(classifyCommand(`sh -c ${'\'sh -c "'.repeat(1)}rm -rf /"'`)?.rule).toBe('recursive-delete');
  });
});

describe('the guard leaves alone', () => {
  it.each(lookAlikes)('%j', (command) => {
    expect(classifyCommand(command)).toBeNull();
  });
});
