// Durability child: streams answers into conversations through the real store
// until it is killed. After every write the store reports as durable it prints
// an ack line (stdout to a pipe is synchronous on POSIX, so an ack is never
// printed for a write that had not finished).
// Usage: node --import tsx stream-child.ts <historyDir> <seed>
import { HistoryStore } from '@main/services/history/history-store';
import { answerTokens, questionText } from './stream-script';

const [historyDir, seedArg] = process.argv.slice(2);
if (!historyDir || !seedArg) {
  console.error('usage: stream-child <historyDir> <seed>');
  process.exit(2);
}
const seed = Number(seedArg);
const turnOf = new Map<string, number>();
const store = new HistoryStore({
  historyDir,
  streamSaveMs: 15,
  indexFlushMs: 40,
  onPersisted: (conversationId, message) => {
    const n = turnOf.get(message.id) ?? -1;
    const length = typeof message.content === 'string' ? message.content.length : 0;
    process.stdout.write(`P ${conversationId} ${message.id} ${message.status} ${length} ${n}\n`);
  },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

await store.list();
process.stdout.write('ready\n');
for (let n = 0; ; n++) {
  const meta = await store.create({ systemPrompt: `seed ${seed}` });
  process.stdout.write(`C ${meta.id} - created 0 ${n}\n`);
  const questionId = `q${n}`;
  const answerId = `a${n}`;
  turnOf.set(questionId, n);
  turnOf.set(answerId, n);
  const question = await store.appendMessage(meta.id, {
    id: questionId,
    parentId: null,
    role: 'user',
    content: questionText(seed, n),
  });
  await store.beginStream(meta.id, { id: answerId, parentId: question.id, role: 'assistant', content: '' });
  let content = '';
  for (const token of answerTokens(seed, n)) {
    content += token;
    store.updateStream(meta.id, answerId, { content });
    await sleep(1);
  }
  await store.endStream(meta.id, answerId, { content });
}
