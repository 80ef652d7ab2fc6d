// The system resolver (getaddrinfo, so /etc/hosts counts as it does for every
// other program) with every address it has: the guard checks them all.
import { lookup } from 'node:dns/promises';
import type { ResolvedAddress } from './url-guard';

export async function resolveHost(hostname: string): Promise<ResolvedAddress[]> {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
}
