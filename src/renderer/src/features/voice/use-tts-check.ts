// voice:tts-check for the files chosen in the Voice panel, asked again as soon as they change (it reads only the
// files' headers), so a wrong file is named before anything is saved or spoken.
import { useEffect, useState } from 'react';
import type { TtsCheck, TtsVoiceFiles } from '@shared/audio/tts-schemas';
import type { AppError, EvaApi } from '../../platform/types';

export type TtsCheckState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'done'; check: TtsCheck }
  | { status: 'error'; error: AppError };

/** The check of `files`; idle while there is nothing to check (no model path). */
export function useTtsCheck(api: Pick<EvaApi, 'invoke'>, files: TtsVoiceFiles | null): TtsCheckState {
  const key = files ? JSON.stringify(files) : null;
  const [state, setState] = useState<{ key: string | null; value: TtsCheckState }>({
    key: null,
    value: { status: 'idle' },
  });
  useEffect(() => {
    if (key === null) return;
    let current = true;
    void api.invoke('voice:tts-check', JSON.parse(key) as TtsVoiceFiles).then((result) => {
      if (!current) return;
      setState({
        key,
        value: result.ok ? { status: 'done', check: result.value } : { status: 'error', error: result.error },
      });
    });
    return () => {
      current = false;
    };
  }, [api, key]);
  if (key === null) return { status: 'idle' };
  // An answer for other files than the ones shown now is not theirs.
  return state.key === key ? state.value : { status: 'checking' };
}
