// What every area of the core stands on: the data dir and its single-instance
// lock, the event bus, the one process lifecycle (which stops what a crashed
// run left), the secret store, and the notices raised before a page attached.
import { join } from 'node:path';
import type { Notice } from '@shared/contract';
import { ensureDataPaths, type DataPaths } from './services/data-dir/data-paths';
import { acquireInstanceLock, type InstanceLock } from './services/data-dir/instance-lock';
import { EventBus } from './services/events/event-bus';
import type { GuardianEntry } from './services/process/guardian';
import { openProcessLifecycle, type ProcessLifecycle } from './services/process/process-lifecycle';
import { localKeyFileCipher, type SecretCipher } from './services/secrets/secret-cipher';
import { openSecretStore, type SecretStore } from './services/secrets/secret-store';

export interface Foundation {
  paths: DataPaths;
  lock: InstanceLock;
  events: EventBus;
  processes: ProcessLifecycle;
  secrets: SecretStore;
  /** notices raised before any window is attached; the first app:info replays them */
  early: Notice[];
}

export async function openFoundation(options: {
  dataDir: string;
  guardian?: GuardianEntry | null;
  secretCipher?: SecretCipher | null;
}): Promise<Foundation> {
  const events = new EventBus();
  const paths = await ensureDataPaths(options.dataDir);
  // One app per data dir; only then is anything found running under this data dir a leftover.
  const lock = await acquireInstanceLock(paths.root);
  const early: Notice[] = [];
  const processes = await openProcessLifecycle({
    runDir: join(paths.root, 'run'),
    scopeKey: paths.root,
    guardian: options.guardian ?? null,
  });
  const { stopped } = processes.leftovers;
  if (stopped.length > 0) {
    const names = stopped.map((proc) => `${proc.name} (pid ${proc.pid})`).join(', ');
    early.push({
      level: 'warning',
      code: 'leftovers_stopped',
      message: `EVA had not shut down cleanly last time; stopped what it had left running: ${names}.`,
      details: { names },
    });
  }
  const secrets = await openSecretStore(
    join(paths.root, 'secrets.json'),
    options.secretCipher ?? (await localKeyFileCipher(join(paths.root, 'local-secret.key'))),
  );
  return { paths, lock, events, processes, secrets, early };
}
