// The benches compare the app with raw requests to the same llama-server, which
// answers only holders of its per-launch key. The app keeps that key in memory; a
// bench reads it the way any process of the same user could, from the server's
// environment (Linux /proc), so the app is measured exactly as it ships.
import { readFile } from 'node:fs/promises';

/** The Authorization header for the managed llama-server with this pid. */
export async function serverAuthHeader(pid: number | null): Promise<Record<string, string>> {
  if (pid === null) throw new Error('the managed llama-server has no pid');
  const environ = await readFile(`/proc/${pid}/environ`, 'utf8').catch((error: unknown) => {
    throw new Error(`cannot read the server's environment (Linux only): ${(error as Error).message}`);
  });
  const entry = environ.split('\0').find((line) => line.startsWith('LLAMA_API_KEY='));
  if (!entry) throw new Error('the managed llama-server has no LLAMA_API_KEY');
  // EVA's own key comes first; a user's key would follow after a comma.
  const key = entry.slice('LLAMA_API_KEY='.length).split(',')[0] ?? '';
  return { Authorization: `Bearer ${key}` };
}
