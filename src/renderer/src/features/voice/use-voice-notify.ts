import { useCallback } from 'react';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import type { VoiceNotify } from './recorder-store';

/** Voice notices as toasts, worded in the UI language of the moment. */
export function useVoiceNotify(): VoiceNotify {
  const t = useT();
  const { notices } = useAppModel();
  return useCallback<VoiceNotify>(
    ({ level, code, key, vars }) => notices.push({ level, code, message: t(key, vars) }),
    [notices, t],
  );
}
