import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isWorkerAcceptLine, parseServerRpcLine, parseWorkerDeviceLine, workerErrorLine } from './rpc-worker-output';

describe('workerErrorLine', () => {
  it("finds a real CUDA worker's abort above its backtrace (H200, flash attention it had no kernel for)", () => {
    const lines = readFileSync(join(import.meta.dirname, 'fixtures', 'cuda-h200-rpc-worker-abort.txt'), 'utf8').split(
      '\n',
    );
    expect(workerErrorLine(lines)).toBe('/work/main/.cache/llama.cpp/src/ggml/src/ggml-cuda/fattn.cu:759: fatal error');
  });

  it("reads the C++ runtime's reason and an assert, and says nothing for a worker that was killed mid-chatter", () => {
    expect(
      workerErrorLine([
        'Accepted client connection',
        "terminate called after throwing an instance of 'std::runtime_error'",
        '  what():  CUDA error: out of memory',
        '',
      ]),
    ).toBe('what():  CUDA error: out of memory');
    expect(workerErrorLine(['ggml.c:1234: GGML_ASSERT(buf != NULL) failed', '/x/ggml-rpc-server(+0x1)[0x2]'])).toBe(
      'ggml.c:1234: GGML_ASSERT(buf != NULL) failed',
    );
    expect(workerErrorLine(['Starting RPC server v7.0.0', 'Accepted client connection'])).toBeNull();
    expect(workerErrorLine([])).toBeNull();
  });
});

describe('parseWorkerDeviceLine', () => {
  it('reads a device and its memory from the worker banner', () => {
    expect(parseWorkerDeviceLine('  CPU: AMD EPYC 7B13 (15995 MiB, 14800 MiB free)')).toEqual({
      name: 'CPU',
      description: 'AMD EPYC 7B13',
      totalMiB: 15995,
      freeMiB: 14800,
    });
    expect(parseWorkerDeviceLine('  CUDA0: NVIDIA H100 (81 GB) (81080 MiB, 80500 MiB free)')).toMatchObject({
      name: 'CUDA0',
      description: 'NVIDIA H100 (81 GB)',
      totalMiB: 81080,
    });
  });

  it('ignores the other banner lines', () => {
    for (const line of [
      'Starting RPC server v3.0.0',
      '  endpoint       : 127.0.0.1:50052',
      'Devices:',
      'Accepted client connection',
    ])
      expect(parseWorkerDeviceLine(line)).toBeNull();
  });
});

describe('parseServerRpcLine', () => {
  it('reads the free memory llama-server sees on each worker, and the weights it put there', () => {
    expect(
      parseServerRpcLine(
        'llama_model_load_from_file_impl: using device RPC0 (127.0.0.1:41234) (unknown id) - 7869 MiB free',
      ),
    ).toEqual({ endpoint: '127.0.0.1:41234', freeMiB: 7869 });
    expect(parseServerRpcLine('load_tensors: RPC1[127.0.0.1:41235] model buffer size =    25.49 MiB')).toEqual({
      endpoint: '127.0.0.1:41235',
      modelMiB: 25.49,
    });
  });

  it('recognises the abort of a server whose worker vanished', () => {
    expect(
      parseServerRpcLine('/src/ggml-rpc.cpp:566: GGML_ABORT: Remote RPC server crashed or returned malformed response'),
    ).toEqual({ lostWorker: true });
    expect(parseServerRpcLine('load_tensors: CPU_Mapped model buffer size = 25.49 MiB')).toBeNull();
  });
});

describe('isWorkerAcceptLine', () => {
  it('is the line a worker flushes after it accepted a connection on its own port, and no banner line', () => {
    expect(isWorkerAcceptLine('Accepted client connection')).toBe(true);
    for (const line of [
      'Starting RPC server v7.0.0',
      '  endpoint       : 127.0.0.1:50998',
      '  transport      : TCP',
      'Client connection closed',
      'Failed to create server socket',
    ])
      expect(isWorkerAcceptLine(line)).toBe(false);
  });

  it("reads a taken port's failure as the worker's last word", () => {
    // What ggml-rpc-server v7.0.0 prints (exit code 0) when another program holds its port.
    expect(
      workerErrorLine(['Starting RPC server v7.0.0', '  transport      : TCP', 'Failed to create server socket']),
    ).toBe('Failed to create server socket');
  });
});
