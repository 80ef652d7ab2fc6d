// Entry point of a tool worker process (forked by ToolRunner). In dev and tests
// it runs through tsx; electron-vite bundles it for the built app.
import { builtinExecutors } from '../services/tools/builtin-executors';
import { startToolWorker } from '../services/tools/worker/worker-main';

startToolWorker(builtinExecutors());
