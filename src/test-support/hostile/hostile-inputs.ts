// Every hostile input the suite runs, by surface.
import { convertInputs } from './convert';
import { downloadInputs } from './download';
import { ggufInputs } from './gguf';
import type { HostileInput } from './hostile-input';
import { imageToolInputs } from './image-tool';
import { knowledgeInputs } from './knowledge';
import { rpcInputs } from './rpc';

export const HOSTILE_INPUTS: HostileInput[] = [
  ...convertInputs,
  ...knowledgeInputs,
  ...ggufInputs,
  ...downloadInputs,
  ...rpcInputs,
  ...imageToolInputs,
];
