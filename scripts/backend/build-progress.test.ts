import { describe, expect, it } from 'vitest';
import { cmakeProgressPercent, lastLines, lineSplitter, outerProgress, progressMilestones } from './build-progress';

describe('cmakeProgressPercent', () => {
  it('reads Makefile and Ninja progress prefixes', () => {
    expect(cmakeProgressPercent('[  4%] Building C object ggml/src/CMakeFiles/ggml-base.dir/ggml.c.o')).toBe(4);
    expect(cmakeProgressPercent('[ 45%] Building CXX object common/CMakeFiles/llama-common.dir/arg.cpp.o')).toBe(45);
    expect(cmakeProgressPercent('[100%] Built target llama-server')).toBe(100);
    expect(cmakeProgressPercent('[57/230] Building CXX object src/llama.cpp.o')).toBe(24);
  });

  it('ignores every other line', () => {
    expect(cmakeProgressPercent('-- Configuring done')).toBeNull();
    expect(cmakeProgressPercent('In file included from [ 45%]')).toBeNull();
    expect(cmakeProgressPercent('[0/0] nothing')).toBeNull();
  });
});

describe('progressMilestones', () => {
  it('reports each 10 % step once, skipping over jumps and ignoring steps back', () => {
    const next = progressMilestones();
    const seen = [0, 1, 4, 9, 10, 12, 35, 33, 36, 99, 100, 100].map(next).filter((m) => m !== null);
    expect(seen).toEqual([0, 10, 30, 90, 100]);
  });
});

describe('lineSplitter', () => {
  it('splits on LF, CRLF and CR across chunk boundaries', () => {
    const lines: string[] = [];
    const split = lineSplitter((line) => lines.push(line));
    for (const chunk of ['[ 1%] a\r', '\n[ 2', '%] b\n', 'c\rd\r\n', '', 'tail']) split.push(chunk);
    split.end();
    expect(lines).toEqual(['[ 1%] a', '[ 2%] b', 'c', 'd', 'tail']);
  });

  it('keeps empty lines but adds no line at the end of a newline-terminated stream', () => {
    const lines: string[] = [];
    const split = lineSplitter((line) => lines.push(line));
    split.push('a\n\nb\n');
    split.end();
    expect(lines).toEqual(['a', '', 'b']);
  });
});

describe('lastLines', () => {
  it('returns the tail without the empty line after the final newline', () => {
    expect(lastLines('1\n2\n3\n', 2)).toEqual(['2', '3']);
    expect(lastLines('1\r\n2', 5)).toEqual(['1', '2']);
    expect(lastLines('', 3)).toEqual([]);
  });
});

describe('outerProgress', () => {
  it("skips the percentages of the build an ExternalProject runs inside (a real Vulkan build's vulkan-shaders-gen)", () => {
    // Lines 60–104 of a real `npm run backend:build -- --backend vulkan` log, shortened.
    const lines = [
      "[  2%] Creating directories for 'vulkan-shaders-gen'",
      "[  4%] Performing configure step for 'vulkan-shaders-gen'",
      '-- The C compiler identification is GNU 12.2.0',
      "[  4%] Performing build step for 'vulkan-shaders-gen'",
      '[ 50%] Building CXX object CMakeFiles/vulkan-shaders-gen.dir/vulkan-shaders-gen.cpp.o',
      '[100%] Linking CXX executable vulkan-shaders-gen',
      '[100%] Built target vulkan-shaders-gen',
      "[  5%] Performing install step for 'vulkan-shaders-gen'",
      "[  5%] Completed 'vulkan-shaders-gen'",
      '[ 22%] Generate vulkan shaders for mul.comp',
      '[100%] Built target llama-server',
    ];
    const progress = outerProgress();
    expect(lines.map((line) => progress(line))).toEqual([2, 4, null, 4, null, null, null, 5, 5, 22, 100]);
  });
});
