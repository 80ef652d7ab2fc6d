import { describe, expect, it } from 'vitest';
import { classifyServerLine } from './readiness';

const fatal = (message: string) => ({ kind: 'fatal', message });
const listening = (url: string) => ({ kind: 'listening', url });
const info = { kind: 'info' };

describe('classifyServerLine: ready', () => {
  it.each([
    // this llama.cpp (tools/server/server.cpp), as captured from a real run
    ['0.00.107.185 I srv  llama_server: listening on http://127.0.0.1:18931', 'http://127.0.0.1:18931'],
    ['I srv  llama_server: listening on http://0.0.0.0:8080', 'http://0.0.0.0:8080'],
    ['srv  llama_server: listening on http://[::1]:8080', 'http://[::1]:8080'],
    ['main: listening on http://127.0.0.1:43121', 'http://127.0.0.1:43121'],
    // with --log-colors
    [
      '\x1b[34m0.00.107.185\x1b[0m \x1b[32mI \x1b[0msrv  llama_server: listening on http://127.0.0.1:8080',
      'http://127.0.0.1:8080',
    ],
    // 2024 builds
    ['main: server is listening on http://127.0.0.1:8080 - starting the main loop', 'http://127.0.0.1:8080'],
    ['main: HTTP server is listening, hostname: 127.0.0.1, port: 8080, http threads: 15', 'http://127.0.0.1:8080'],
    [
      'INFO [                    main] HTTP server listening | tid="139" timestamp=1716000000 hostname="127.0.0.1" port="8080" n_threads_http="15"',
      'http://127.0.0.1:8080',
    ],
    [
      '{"tid":"140","timestamp":1710000000,"level":"INFO","function":"main","line":3200,"msg":"HTTP server listening","hostname":"127.0.0.1","port":"8080","n_threads_http":"15"}',
      'http://127.0.0.1:8080',
    ],
    [
      '{"type":"log","time":1234,"level":"INFO","msg":"srv  llama_server: listening on http://127.0.0.1:9000\\n"}',
      'http://127.0.0.1:9000',
    ],
    ['0.00.107.185 I srv  llama_server: listening on http://127.0.0.1:8080\r', 'http://127.0.0.1:8080'],
  ])('%s', (line, url) => {
    expect(classifyServerLine(line)).toEqual(listening(url));
  });

  it('puts brackets round an IPv6 host from the host/port forms', () => {
    expect(classifyServerLine('main: HTTP server is listening, hostname: ::1, port: 8080, http threads: 4')).toEqual(
      listening('http://[::1]:8080'),
    );
  });
});

describe('classifyServerLine: fatal', () => {
  it.each([
    // argument errors, as printed by this build
    ['error: invalid argument: --mlock', 'error: invalid argument: --mlock'],
    [
      'error while handling argument "-fa": error: unknown value for --flash-attn: \'maybe\'',
      'error while handling argument "-fa": error: unknown value for --flash-attn: \'maybe\'',
    ],
    [
      'error while handling argument "--slot-save-path": not a directory: /nope',
      'error while handling argument "--slot-save-path": not a directory: /nope',
    ],
    [
      'error while handling environment variable "LLAMA_ARG_PORT": stoi',
      'error while handling environment variable "LLAMA_ARG_PORT": stoi',
    ],
    ['error: unknown argument: --flash-attn-maybe', 'error: unknown argument: --flash-attn-maybe'],
    // port taken, host not on this machine
    [
      "0.00.003.790 E srv         start: couldn't bind HTTP server socket, hostname: 127.0.0.1, port: 18932",
      "start: couldn't bind HTTP server socket, hostname: 127.0.0.1, port: 18932",
    ],
    [
      '0.00.003.903 E srv  llama_server: exiting due to HTTP server error',
      'llama_server: exiting due to HTTP server error',
    ],
    [
      "E srv         start: couldn't start HTTP listener on http://127.0.0.1:8080",
      "start: couldn't start HTTP listener on http://127.0.0.1:8080",
    ],
    [
      'E srv    operator(): listener on http://127.0.0.1:8080 stopped unexpectedly',
      'operator(): listener on http://127.0.0.1:8080 stopped unexpectedly',
    ],
    // model, adapter, projector
    [
      "0.00.006.064 E gguf_init_from_file: failed to open GGUF file '/nonexistent.gguf' (No such file or directory)",
      "gguf_init_from_file: failed to open GGUF file '/nonexistent.gguf' (No such file or directory)",
    ],
    [
      "0.00.073.765 E llama_model_load: error loading model: check_tensor_dims: tensor 'token_embd.weight' not found",
      "llama_model_load: error loading model: check_tensor_dims: tensor 'token_embd.weight' not found",
    ],
    [
      '0.00.073.793 E llama_model_load_from_file_impl: failed to load model',
      'llama_model_load_from_file_impl: failed to load model',
    ],
    [
      "0.00.176.537 E cmn  common_init_: failed to load lora adapter '/nope.gguf'",
      "common_init_: failed to load lora adapter '/nope.gguf'",
    ],
    [
      "0.00.176.541 E srv    load_model: failed to create_context with model 'tiny.gguf'",
      "load_model: failed to create_context with model 'tiny.gguf'",
    ],
    [
      "0.00.123.649 E srv    load_model: failed to load multimodal model, '/nope.gguf'",
      "load_model: failed to load multimodal model, '/nope.gguf'",
    ],
    ['E srv  llama_server: exiting due to model loading error', 'llama_server: exiting due to model loading error'],
    [
      'ERROR [              load_model] unable to load model | tid="1" timestamp=1 model="/m.gguf"',
      'ERROR [              load_model] unable to load model | tid="1" timestamp=1 model="/m.gguf"',
    ],
    // GPU backends
    [
      'ggml_cuda_init: failed to initialize CUDA: no CUDA-capable device is detected',
      'ggml_cuda_init: failed to initialize CUDA: no CUDA-capable device is detected',
    ],
    ['E CUDA error: out of memory', 'CUDA error: out of memory'],
    ['/src/ggml/src/ggml-cuda/ggml-cuda.cu:108: CUDA error', '/src/ggml/src/ggml-cuda/ggml-cuda.cu:108: CUDA error'],
    [
      'E ggml_backend_cuda_buffer_type_alloc_buffer: allocating 9000.00 MiB on device 0: cudaMalloc failed: out of memory',
      'ggml_backend_cuda_buffer_type_alloc_buffer: allocating 9000.00 MiB on device 0: cudaMalloc failed: out of memory',
    ],
    ['ggml_vulkan: No devices found.', 'ggml_vulkan: No devices found.'],
    ['ggml_vulkan: device lost on NVIDIA GeForce RTX 3060', 'ggml_vulkan: device lost on NVIDIA GeForce RTX 3060'],
    [
      '  what():  vk::Device::allocateMemory: ErrorOutOfDeviceMemory',
      'what():  vk::Device::allocateMemory: ErrorOutOfDeviceMemory',
    ],
    [
      "terminate called after throwing an instance of 'vk::DeviceLostError'",
      "terminate called after throwing an instance of 'vk::DeviceLostError'",
    ],
    ['ggml_opencl: could find any OpenCL devices.', 'ggml_opencl: could find any OpenCL devices.'],
    // aborts and the loader
    [
      '/src/ggml/src/ggml.c:1500: GGML_ASSERT(ctx->mem_buffer != NULL) failed',
      '/src/ggml/src/ggml.c:1500: GGML_ASSERT(ctx->mem_buffer != NULL) failed',
    ],
    ['/src/llama.cpp:49: fatal error', '/src/llama.cpp:49: fatal error'],
    [
      'llama-server: error while loading shared libraries: libcudart.so.12: cannot open shared object file: No such file or directory',
      'llama-server: error while loading shared libraries: libcudart.so.12: cannot open shared object file: No such file or directory',
    ],
    ['dyld[4242]: Library not loaded: @rpath/libggml.dylib', 'dyld[4242]: Library not loaded: @rpath/libggml.dylib'],
    // an older JSON log
    [
      '{"tid":"1","timestamp":1,"level":"ERR","function":"main","line":1,"msg":"couldn\'t bind HTTP server socket","hostname":"127.0.0.1","port":8080}',
      "couldn't bind HTTP server socket",
    ],
  ])('%s', (line, message) => {
    expect(classifyServerLine(line)).toEqual(fatal(message));
  });
});

describe('classifyServerLine: harmless lines', () => {
  it.each([
    // help text printed after an argument error: the word "error" in another sense
    '                                        controls whether thought tags are allowed and/or extracted from the',
    '--reasoning-format FORMAT               controls whether thought tags are allowed and/or extracted from the',
    ' - 1: error',
    '-lv,   --verbosity, --log-verbosity N   Set the verbosity threshold. Messages with a higher verbosity will be ignored. Values:',
    'usage:',
    'to show complete usage, run with -h',
    // warnings and info from real runs
    '0.00.000.400 I srv  llama_server: initializing ...',
    'warning: no usable GPU found, --gpu-layers option will be ignored',
    'warning: one possible reason is that llama.cpp was compiled without GPU support',
    '0.00.004.312 W srv  llama_server: security: no API key is set and CORS allows all origins (see https://github.com/ggml-org/llama.cpp/pull/25655)',
    '0.00.121.223 W llama_context: n_ctx_seq (1024) > n_ctx_train (256) -- possible training context overflow',
    'W common_fit_params: failed to fit params to free device memory: n_gpu_layers already set by user to 99, abort',
    '0.04.053.447 W srv    operator(): unauthorized: Invalid API Key',
    'warning: failed to mlock 1048576-byte buffer (after previously locking 0 bytes): Cannot allocate memory',
    'E srv    load_model: [mtmd] failed to get memory usage of mmproj',
    'ggml_cuda_init: found 1 CUDA devices (Total VRAM: 24080 MiB):',
    '  Device 0: NVIDIA GeForce RTX 4090, compute capability 8.9, VMM: yes, VRAM: 24080 MiB',
    'ggml_vulkan: Found 1 Vulkan devices:',
    // A real Vulkan load (Mesa llvmpipe) warns so and carries on in plain host memory.
    '0.01.201.788 W ggml_vulkan: Failed to allocate pinned memory (No suitable memory type found: ErrorOutOfDeviceMemory)',
    "W ggml_opencl: drop unsupported device 'llvmpipe'.",
    'llama_model_loader: - kv   0:                       general.name str              = error-correcting model',
    'srv  log_server_r: request: POST /v1/chat/completions 127.0.0.1 500',
    'srv    operator(): got exception: {"error":{"code":400,"message":"error: bad request","type":"invalid_request_error"}}',
    'slot launch_slot_: id  0 | task 0 | processing task',
    'I think this line starts like a level letter: error: not really',
    '0.00.107.175 I srv  llama_server: model loaded',
    'main: model loaded',
    '',
    '   ',
    '{"not":"a log line"}',
    '{broken json',
  ])('%j', (line) => {
    expect(classifyServerLine(line)).toEqual(info);
  });

  it('does not mistake the listener failures for readiness', () => {
    expect(classifyServerLine("E srv         start: couldn't start HTTP listener on http://127.0.0.1:8080").kind).toBe(
      'fatal',
    );
    expect(classifyServerLine('E srv    operator(): listener on http://127.0.0.1:8080 stopped unexpectedly').kind).toBe(
      'fatal',
    );
  });

  it('does not read a log tag of a bare level letter as part of the message', () => {
    expect(classifyServerLine('E srv  llama_server: exiting due to HTTP server error')).toEqual(
      fatal('llama_server: exiting due to HTTP server error'),
    );
  });
});
