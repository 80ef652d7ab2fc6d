// Entry point of the guardian process (started by the process lifecycle). In
// dev and tests it runs through tsx; electron-vite bundles it for the built app.
import { runGuardian } from '../services/process/guardian-main';

runGuardian(process.argv.slice(2));
