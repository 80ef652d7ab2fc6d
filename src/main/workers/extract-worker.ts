// Entry point of the knowledge base's reader process (forked by the knowledge
// service's extractor, extract-worker-client.ts). In dev and tests it runs
// through tsx; electron-vite bundles it for the built app.
import { startExtractWorker } from '../services/knowledge/extract/extract-worker-main';

startExtractWorker();
