// What Python a Hugging Face folder ships and what would run it: the *.py files,
// and each auto_map entry of its JSON files (config.json, tokenizer_config.json,
// processor configs…), through which transformers imports a module from the
// folder when told to trust remote code. Also which of those files a refused
// loader needed, for the sentence that says so. Pure: folder-code.ts reads.
import type { HfAutoMapEntry, HfFolderCode } from '@shared/workshop/convert-types';

// auto_map sits at the top of the files transformers writes, or in a nested config (text_config…).
const MAX_DEPTH = 8;

/** Every auto_map entry in a parsed JSON file, one per class it names ([slow, fast] tokenizer pairs give two). */
export function autoMapEntriesOf(file: string, json: unknown): HfAutoMapEntry[] {
  const entries: HfAutoMapEntry[] = [];
  const visit = (value: unknown, depth: number) => {
    if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return;
    if (Array.isArray(value)) return value.forEach((item) => visit(item, depth + 1));
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'auto_map') entries.push(...entriesOfMap(file, inner));
      else visit(inner, depth + 1);
    }
  };
  visit(json, 0);
  return entries;
}

function entriesOfMap(file: string, map: unknown): HfAutoMapEntry[] {
  // An auto_map that is not an object still says the file means to load code: listed, unread.
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return [{ file, loader: null, ref: null }];
  return Object.entries(map).flatMap(([loader, value]): HfAutoMapEntry[] => {
    const refs = (Array.isArray(value) ? value : [value]).filter(
      (ref): ref is string => typeof ref === 'string' && ref !== '',
    );
    return refs.length > 0 ? refs.map((ref) => ({ file, loader, ref })) : [{ file, loader, ref: null }];
  });
}

/**
 * Whether raw JSON text that did not parse names an auto_map (Python's json reads some files JavaScript's does not:
 * NaN, Infinity).
 */
export function mentionsAutoMap(text: string): boolean {
  return /auto(?:_|\\u005[fF])map/.test(text);
}

/**
 * The folder file a class reference imports: tokenization_qwen.QWenTokenizer → tokenization_qwen.py; null for another
 * repository's.
 */
export function moduleFileOf(ref: string): string | null {
  if (ref.includes('--')) return null;
  const parts = ref.split('.');
  return parts.length > 1 ? `${parts.slice(0, -1).join('/')}.py` : null;
}

/** What part of the model a loader loads, for the sentence a refusal gets. */
export type CodeKind = 'tokenizer' | 'configuration' | 'processor' | 'model' | 'code';

export function codeKindOf(loader: string): CodeKind {
  if (/Tokenizer/.test(loader)) return 'tokenizer';
  if (/Config/.test(loader)) return 'configuration';
  if (/Processor|FeatureExtractor/.test(loader)) return 'processor';
  if (/^AutoModel|^_BaseAuto/.test(loader)) return 'model';
  return 'code';
}

/**
 * The files a refused loader needed: the modules its own auto_map entries name (the tokenizer's for
 * AutoTokenizer, and so on), else the reference the guard caught, else every *.py the folder has.
 */
export function codeFilesFor(code: HfFolderCode | undefined, loader: string, ref: string | null): string[] {
  const kind = codeKindOf(loader);
  const fromMap = (code?.autoMap ?? [])
    .filter((entry) => entry.ref !== null && entry.loader !== null && codeKindOf(entry.loader) === kind)
    .map((entry) => moduleFileOf(entry.ref!) ?? entry.ref!);
  const fromRef = ref === null ? [] : [/\.py$/.test(ref) ? ref.split(/[\\/]/).pop()! : (moduleFileOf(ref) ?? ref)];
  const found = kind !== 'code' && fromMap.length > 0 ? fromMap : fromRef.length > 0 ? fromRef : (code?.pyFiles ?? []);
  return [...new Set(found)];
}

/** No .py files and no auto_map: nothing for the guard to stop. */
export const NO_FOLDER_CODE: HfFolderCode = { pyFiles: [], autoMap: [], hash: null };
