import { describe, expect, it } from 'vitest';
import { chooseTorch, pipActivity, pipError, torchCpuIndexFor } from './pip-words';

describe('chooseTorch', () => {
  it('takes the newest +cpu build any index offers', () => {
    // `pip index versions torch` on this machine kind: PyPI's CUDA 2.14.1 and a local 2.13.0+cpu wheel.
    expect(chooseTorch('torch (2.14.1)\nAvailable versions: 2.14.1, 2.13.0+cpu')).toBe('torch==2.13.0+cpu');
    expect(chooseTorch('Available versions: 2.5.1+cpu, 2.5.1, 2.10.0+cpu, 2.9.1+cpu, 1.13.1+cpu')).toBe(
      'torch==2.10.0+cpu',
    );
  });

  it('falls back to any torch 2 without a +cpu build or without an answer', () => {
    expect(chooseTorch('torch (2.14.1)\nAvailable versions: 2.14.1, 2.13.0')).toBe('torch>=2.1');
    expect(chooseTorch('Available versions: 1.13.1+cpu')).toBe('torch>=2.1');
    expect(chooseTorch('')).toBe('torch>=2.1');
  });

  it('offers the CPU index where PyPI ships CUDA builds', () => {
    expect(torchCpuIndexFor('linux')).toBe('https://download.pytorch.org/whl/cpu');
    expect(torchCpuIndexFor('win32')).toBe('https://download.pytorch.org/whl/cpu');
    expect(torchCpuIndexFor('darwin')).toBeNull();
  });
});

describe("pip's words", () => {
  it('names the package a line works on', () => {
    expect(pipActivity('Collecting transformers>=4.40')).toBe('transformers');
    expect(pipActivity('  Collecting numpy')).toBe('numpy');
    expect(pipActivity('Processing /opt/wheels/torch-2.13.0+cpu-cp311-cp311-manylinux_2_28_x86_64.whl')).toBe('torch');
    expect(pipActivity('  Downloading sentencepiece-0.2.0-cp311-cp311-manylinux_2_17_x86_64.whl (1.3 MB)')).toBe(
      'sentencepiece',
    );
    expect(pipActivity('Installing collected packages: mpmath, typing-extensions, torch')).toBe('installing');
    expect(pipActivity("WARNING: Location 'file:///opt/pypi/simple/torch/' is ignored")).toBeNull();
  });

  it("finds pip's last ERROR line", () => {
    const lines = [
      'Collecting torch',
      'ERROR: Could not find a version that satisfies the requirement torch (from versions: none)',
      'ERROR: No matching distribution found for torch',
    ];
    expect(pipError(lines)).toBe('ERROR: No matching distribution found for torch');
    expect(pipError(['all well'])).toBeNull();
  });
});
