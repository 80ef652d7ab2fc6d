import { describe, expect, it } from 'vitest';
import { explainWorkerDeath, workerDeathError } from './worker-death';

// The tail of what node 20 printed when the calculator's worker ran out of heap (shortened in the middle).
const V8_OUT_OF_MEMORY = `<--- Last few GCs --->

[16306:0x28303090]     2830 ms: Mark-Compact 244.3 (261.4) -> 244.2 (265.4) MB, 158.20 / 0.00 ms  (average mu = 0.193, current mu = 0.002) allocation failure; scavenge might not succeed


<--- JS stacktrace --->

FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory
----- Native stack trace -----

 1: 0xb78db3 node::OOMErrorHandler(char const*, v8::OOMDetails const&) [/usr/bin/node]
 2: 0xee8300 v8::Utils::ReportOOMFailure(v8::internal::Isolate*, char const*, v8::OOMDetails const&) [/usr/bin/node]
16: 0x195e476  [/usr/bin/node]`;

describe('explainWorkerDeath', () => {
  it('reads V8’s fatal out-of-memory line, not the last frame of the native stack', () => {
    for (const signal of ['SIGABRT', 'SIGTRAP'] as const) {
      expect(explainWorkerDeath({ code: null, signal }, V8_OUT_OF_MEMORY)).toEqual({
        kind: 'out_of_memory',
        cause: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
      });
    }
    const invalidSize =
      'FATAL ERROR: invalid table size Allocation failed - JavaScript heap out of memory\n 1: 0xb78db3 node::Abort() [/usr/bin/node]';
    expect(explainWorkerDeath({ code: null, signal: 'SIGABRT' }, invalidSize).kind).toBe('out_of_memory');
  });

  it('calls a silent abort likely out of memory, and anything else a crash with the line that says why', () => {
    expect(explainWorkerDeath({ code: null, signal: 'SIGABRT' }, '')).toEqual({ kind: 'aborted', cause: null });
    expect(explainWorkerDeath({ code: null, signal: 'SIGSEGV' }, '')).toEqual({ kind: 'crashed', cause: null });
    expect(explainWorkerDeath({ code: 1, signal: null }, 'Could not open main display')).toEqual({
      kind: 'crashed',
      cause: 'Could not open main display',
    });
    const uncaught =
      'file:///w.js:3\nTypeError: x is not a function\n    at run (file:///w.js:3:1)\n    at main (file:///w.js:9:1)\n\nNode.js v20.19.5';
    expect(explainWorkerDeath({ code: 1, signal: null }, uncaught)).toEqual({
      kind: 'crashed',
      cause: 'TypeError: x is not a function',
    });
  });
});

describe('workerDeathError', () => {
  it('says "out of memory" first, and that the next call gets a fresh worker', () => {
    const error = workerDeathError('calculator', { code: null, signal: 'SIGABRT' }, V8_OUT_OF_MEMORY);
    expect(error).toMatchObject({
      code: 'worker_crashed',
      details: { death: 'out_of_memory', stderr: V8_OUT_OF_MEMORY },
    });
    expect(error.message).toMatch(
      /^out of memory: the calculator tool .* \(signal SIGABRT\)\. The next call gets a fresh worker/,
    );
    expect(workerDeathError('calculator', { code: null, signal: 'SIGTRAP' }, '').message).toBe(
      'the calculator tool crashed (its worker process ended with signal SIGTRAP, most likely out of memory)',
    );
    expect(workerDeathError('controller', { code: 3, signal: null }, '').message).toBe(
      'the controller tool crashed (its worker process ended with exit code 3)',
    );
  });
});
