import { describe, expect, it } from 'vitest';
import { isSupportedPython, parsePythonProbe, parseVersionLine, pythonCandidates, versionText } from './python-version';

describe('pythonCandidates', () => {
  it('tries EVA_PYTHON first, then python3, versioned names and python; on Windows the py launcher', () => {
    const linux = pythonCandidates('linux', { EVA_PYTHON: ' /opt/py/bin/python3.12 ' }).map((c) =>
      [c.command, ...c.args].join(' '),
    );
    expect(linux).toEqual([
      '/opt/py/bin/python3.12',
      'python3',
      'python3.13',
      'python3.12',
      'python3.11',
      'python3.10',
      'python',
    ]);
    expect(pythonCandidates('win32', {}).map((c) => [c.command, ...c.args].join(' '))).toEqual([
      'py -3',
      'python',
      'python3',
    ]);
    expect(pythonCandidates('darwin', { EVA_PYTHON: '  ' })[0]?.command).toBe('python3');
  });
});

describe('the probe and version lines', () => {
  it("reads the probe's JSON line, after any noise a site module printed", () => {
    const out =
      'some sitecustomize chatter\n{"version": [3, 11, 7], "executable": "/usr/bin/python3.11", "venv": true}\n';
    expect(parsePythonProbe(out)).toEqual({ version: [3, 11, 7], executable: '/usr/bin/python3.11', venv: true });
    expect(
      parsePythonProbe('{"version": [3, 12, 1], "executable": "C:\\\\Python312\\\\python.exe", "venv": false}\r\n')
        ?.venv,
    ).toBe(false);
  });

  it('refuses what is not a probe answer (a store stub, a broken line)', () => {
    for (const out of [
      '',
      'Python was not found; run without arguments to install from the Microsoft Store',
      '{"version": "3.11"}',
      '{"version": [3, 11, 7]}',
      '{not json',
    ]) {
      expect(parsePythonProbe(out), out).toBeNull();
    }
  });

  it('reads `--version` lines (Python 2 printed its own to stderr)', () => {
    expect(parseVersionLine('Python 2.7.18')).toEqual([2, 7, 18]);
    expect(parseVersionLine('Python 3.9')).toEqual([3, 9, 0]);
    expect(parseVersionLine('nothing here')).toBeNull();
  });

  it('needs 3.10 or newer', () => {
    expect(
      [
        [3, 10, 0],
        [3, 11, 7],
        [3, 13, 1],
        [4, 0, 0],
      ].map(isSupportedPython),
    ).toEqual([true, true, true, true]);
    expect(
      [
        [3, 9, 18],
        [2, 7, 18],
        [3, 0, 0],
      ].map(isSupportedPython),
    ).toEqual([false, false, false]);
    expect(versionText([3, 11, 7])).toBe('3.11.7');
  });
});
