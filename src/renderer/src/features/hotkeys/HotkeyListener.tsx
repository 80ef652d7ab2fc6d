import { useEffect, useRef } from 'react';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { useStore } from 'zustand';
import { ACTION_KEYS, takenBindings } from './hotkeys-form';
import { usePageHotkeys } from './use-page-hotkeys';

/**
 * The page's hotkeys, and a notice for each one another application holds (said once per key, not on every refresh).
 */
export function HotkeyListener() {
  const t = useT();
  const { hotkeys, notices } = useAppModel();
  const status = useStore(hotkeys.status);
  const announced = useRef(new Set<string>());
  usePageHotkeys(hotkeys);

  useEffect(() => {
    for (const binding of takenBindings(status?.bindings ?? [])) {
      const id = `${binding.action}:${binding.accelerator}`;
      if (announced.current.has(id)) continue;
      announced.current.add(id);
      notices.push({
        level: 'warning',
        code: 'hotkey_taken',
        message: t('hotkeys.notice.taken', { keys: binding.accelerator, action: t(ACTION_KEYS[binding.action]) }),
      });
    }
  }, [status, notices, t]);

  return null;
}
