// Every supervised child registers here so quitting the app can stop them all
// and wait for each one to be gone.
import type { SupervisedProcess } from './supervisor';

export class ProcessRegistry {
  private readonly live = new Set<SupervisedProcess>();

  track(proc: SupervisedProcess): SupervisedProcess {
    this.live.add(proc);
    void proc.exited.then(() => this.live.delete(proc));
    return proc;
  }

  pids(): number[] {
    return [...this.live].flatMap((proc) => (proc.pid === null ? [] : [proc.pid]));
  }

  async stopAll(graceMs?: number): Promise<void> {
    await Promise.all([...this.live].map((proc) => proc.stop(graceMs)));
  }
}
