// A tool worker with the built-ins plus tools that misbehave on purpose, for
// the runner's crash, hang and timing tests.
import { builtinExecutors } from '@main/services/tools/builtin-executors';
import { startToolWorker } from '@main/services/tools/worker/worker-main';

startToolWorker({
  ...builtinExecutors(),
  crash: async () => async () => process.exit(3),
  segfault: async () => async () => {
    process.kill(process.pid, 'SIGSEGV');
    return new Promise(() => undefined);
  },
  hang: async () => async () => {
    for (;;) {
      // a busy loop: the worker stops answering entirely
    }
  },
  ignore_cancel: async () => async () => new Promise(() => undefined),
  echo: async () => async (args) => ({ status: 'ok', output: JSON.stringify(args) }),
});
