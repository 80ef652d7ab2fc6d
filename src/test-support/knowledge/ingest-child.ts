// Knowledge-crash child: the real knowledge service on a data dir ingests a
// folder through a link embedder and prints `passages <n>` as progress comes,
// until it is killed. The test reopens the same dir and checks the ingest
// resumes with nothing lost, half-indexed or doubled.
// Usage: EVA_TEST_EMBED_KEY=<key> node --import tsx ingest-child.ts <root> <embeddingBaseUrl> <folder> [<baseId>]
// With a base id, the folder is added to that existing base (a re-index of changed files).
import { linkEmbedder } from './embedder-harness';
import { makeKnowledgeHarness } from './knowledge-harness';

const [root, baseUrl, folder, existing] = process.argv.slice(2);
if (!root || !baseUrl || !folder) {
  console.error('usage: ingest-child <root> <embeddingBaseUrl> <folder>');
  process.exit(2);
}

const kb = await makeKnowledgeHarness(
  linkEmbedder({ baseUrl, apiKey: process.env.EVA_TEST_EMBED_KEY ?? '' }),
  {},
  root,
);
const id = existing ?? (await kb.service.create('Crash')).id;
process.stdout.write(`base ${id}\n`);
let last = 0;
// The harness records progress events; a line per change tells the test how far the ingest got.
const timer = setInterval(() => {
  const done = kb.progress.filter((p) => p.baseId === id).at(-1)?.passagesDone ?? 0;
  if (done !== last) process.stdout.write(`passages ${(last = done)}\n`);
}, 5);
await kb.service.addPaths(id, [folder]);
await kb.service.idle();
clearInterval(timer);
process.stdout.write('done\n');
await kb.dispose(false);
process.exit(0);
