// The scripts tests start as child processes (`node --import tsx <script>`),
// by absolute path: they are run, not imported, so a test names them here
// instead of climbing to them from wherever it sits. Start them with the repo
// root as cwd, where tsx finds tsconfig.json and so the path aliases.
import { fileURLToPath } from 'node:url';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export const REPO_ROOT = here('../..');
/** Streams answers through the real history store until killed (durability). */
export const STREAM_CHILD = here('./history/stream-child.ts');
/** The real core receiving one recorded question, waiting to be killed (question crash). */
export const SEND_CHILD = here('./history/send-child.ts');
/** An app stand-in holding a process lifecycle with the real guardian. */
export const LIFECYCLE_CHILD = here('./process/lifecycle-child.ts');
/** Takes a data dir's instance lock and waits to be killed. */
export const LOCK_HOLDER = here('./process/lock-holder.ts');
/** Ingests a folder into a knowledge base until killed (crash resume). */
export const INGEST_CHILD = here('./knowledge/ingest-child.ts');
