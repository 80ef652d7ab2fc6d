// The part of a form that holds a write-only API key: the form knows only whether
// one is stored, and what to do with it on save.

/** keep: leave the stored key; replace: save the typed one; remove: delete the stored one */
export type KeyAction = 'keep' | 'replace' | 'remove';

export interface KeyFields {
  /** typed, never read back */
  apiKey: string;
  keyAction: KeyAction;
  /** a key is stored */
  hasKey: boolean;
}
