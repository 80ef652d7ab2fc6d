// Question-crash child: the real core (from source) on a data dir receives one
// recorded chat:send for a link whose server never answers, prints `accepted`
// once the handler has taken it (its synchronous part ran), and waits to be
// killed. stdout to a pipe is synchronous on POSIX, so `accepted` is never
// printed before the handler ran.
// Usage: node --import tsx send-child.ts <dataDir> <baseUrl> <trial> <question>
import { createCore } from '@main/core';
import { testAssets } from '@test-support/test-assets';

const [dataDir, baseUrl, trial, text] = process.argv.slice(2);
if (!dataDir || !baseUrl || !trial || !text) {
  console.error('usage: send-child <dataDir> <baseUrl> <trial> <question>');
  process.exit(2);
}

const core = await createCore({
  host: 'browser',
  version: '0',
  dataDir,
  binDirs: [testAssets.binDir],
  systemLanguage: 'en',
});
const { id: linkId } = await core.handlers['link:save']({
  profile: { name: `silent ${trial}`, presetId: 'llama-server', baseUrl, model: 'tiny' },
});
const sending = core.handlers['chat:send']({
  mode: 'chat',
  requestId: `r${trial}`,
  endpoint: { kind: 'link', linkId },
  systemPrompt: '',
  messages: [{ role: 'user', content: text }],
  sampling: {},
  idSlot: null,
  record: {
    conversationId: `crash-${trial}`,
    parentId: null,
    answerId: `a${trial}`,
    question: { id: `q${trial}`, content: text },
    create: { systemPrompt: 'kept' },
  },
});
process.stdout.write('accepted\n');
await sending.catch((error: unknown) => console.error(error));
