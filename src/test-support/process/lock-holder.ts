// A child that takes a data dir's instance lock, says so, and waits to be killed:
// `node --import tsx lock-holder.ts <dataDir>`. Tests SIGKILL it to leave a lock behind.
import { acquireInstanceLock } from '@main/services/data-dir/instance-lock';

const dataDir = process.argv[2] as string;
await acquireInstanceLock(dataDir);
console.log('locked');
setInterval(() => undefined, 1_000);
