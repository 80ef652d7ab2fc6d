// Setup of the unit tier's jsdom files (vitest.unit.config.ts, project `dom`): they share
// one jsdom per worker instead of building a new one for every file. After each file
// whatever it left is taken away, so the next file starts on an empty document as it
// would on a fresh jsdom: rendered roots unmounted, body and head emptied, storage cleared.
import { cleanup } from '@testing-library/react';
import { afterAll } from 'vitest';

afterAll(() => {
  cleanup();
  document.body.replaceChildren();
  document.head.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
});
