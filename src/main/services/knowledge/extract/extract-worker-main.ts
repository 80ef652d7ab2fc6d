// The reader's worker process: reads one file at a time for the knowledge
// service and answers with its text or its per-file failure. Documents are
// parsed here, under this process's heap cap, so a file that exhausts memory
// ends this process and never the core.
import { ExtractFailure } from './extract-failure';
import { isExtractRequest, type FromExtractWorker } from './extract-protocol';
import { extractFile } from './extract-text';

export function startExtractWorker(): void {
  const send = (message: FromExtractWorker) => process.send?.(message);
  process.on('message', (message: unknown) => {
    if (!isExtractRequest(message)) return;
    extractFile(message.path, message.limits).then(
      (file) => send({ type: 'extracted', id: message.id, file }),
      (error: unknown) =>
        send(
          error instanceof ExtractFailure
            ? { type: 'failed', id: message.id, reason: error.reason, message: error.message }
            : {
                type: 'failed',
                id: message.id,
                reason: 'read_failed',
                message: `${message.path}: ${(error as Error).message}`,
              },
        ),
    );
  });
  // The core gone (its channel closed) means nobody waits for an answer: never outlive it.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}
