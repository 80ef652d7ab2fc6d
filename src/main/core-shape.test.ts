// The core is the list of areas and nothing else: no handler written in it, and
// every area it opens added to the area list (so its handlers are served and it
// is disposed).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { invokeChannels } from '@shared/contract';

const core = readFileSync(new URL('./core.ts', import.meta.url), 'utf8');

describe('core.ts', () => {
  it('writes no handler of its own', () => {
    const named = Object.keys(invokeChannels).filter((channel) => core.includes(`'${channel}'`));
    expect(named).toEqual([]);
  });

  it('adds every area it opens to the area list', () => {
    const opens = [...core.matchAll(/\b(open[A-Z]\w*)\(/g)].map((match) => match[1] ?? '');
    const added = [...core.matchAll(/areas\.add\(\s*(?:await\s+)?(open[A-Z]\w*)\(/g)].map((match) => match[1] ?? '');
    // openFoundation and openSlotKeeper are what areas stand on, not areas.
    expect(opens.filter((name) => !['openFoundation', 'openSlotKeeper', 'openAreas'].includes(name))).toEqual(added);
  });
});
