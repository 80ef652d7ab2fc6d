// Setup of every vitest tier: the page fetches its Chinese catalog when it is to speak Chinese (i18n.ts,
// loadCatalog); tests render and word things in both languages synchronously, so it is loaded once here, by the
// same loader the page uses.
import { loadCatalog } from '@renderer/i18n';

await loadCatalog('zh');
