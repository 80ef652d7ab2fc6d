import { describe, expect, it } from 'vitest';
import { sdSourceProblem } from './sd-source';

const tree = (files: string[]) => (path: string) => files.some((file) => path.replace(/\\/g, '/').endsWith(file));

describe('sdSourceProblem', () => {
  it('accepts a tree with the cli example and the ggml submodule', () => {
    expect(
      sdSourceProblem('/src/sd', tree(['sd/CMakeLists.txt', 'sd/examples/cli/main.cpp', 'sd/ggml/CMakeLists.txt'])),
    ).toBeNull();
  });

  it('says what is missing: not a source tree at all, or an uninitialised ggml submodule', () => {
    expect(sdSourceProblem('/src/other', tree(['other/CMakeLists.txt']))).toMatch(
      /not a stable-diffusion\.cpp source tree/,
    );
    expect(sdSourceProblem('/src/sd', tree(['sd/CMakeLists.txt', 'sd/examples/cli/main.cpp']))).toMatch(
      /ggml submodule is missing.*git submodule update --init ggml/,
    );
  });
});
