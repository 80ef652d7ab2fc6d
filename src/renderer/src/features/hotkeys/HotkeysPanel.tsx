import { useEffect, useState } from 'react';
import { HOTKEY_ACTIONS, DEFAULT_HOTKEYS, type HotkeySettings } from '@shared/hotkeys/hotkey-settings';
import type { ChatSettings } from '@shared/chat/schemas';
import type { AppSettings } from '@shared/contract';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { SidePanel } from '../../ui/SidePanel';
import { useStore } from 'zustand';
import type { AppError } from '../../platform/types';
import { Field, SelectField } from '../../ui/form-fields';
import { ACTION_KEYS, formProblems, keyFieldEdit, PROBLEM_KEYS } from './hotkeys-form';
import { HOTKEY_CAPTURE_ATTRIBUTE, isMacPlatform } from './use-page-hotkeys';
import './hotkeys.css';

/** 快捷键: F1/Shift+F1/F2, the send key (which is the chat's own setting, shown here too) and the fixed page shortcuts. */
export function HotkeysPanel() {
  const { hotkeys, app } = useAppModel();
  const open = useStore(hotkeys.panelOpen);
  const settings = useStore(app.store, (state) => state.settings);
  // Mounted per opening, so the form starts from the saved settings each time.
  return open && settings ? <HotkeysDialog saved={settings} /> : null;
}

function HotkeysDialog({ saved: settings }: { saved: AppSettings }) {
  const t = useT();
  const { hotkeys, app } = useAppModel();
  const status = useStore(hotkeys.status);
  const [values, setValues] = useState<HotkeySettings>(settings.hotkeys);
  const [sendKey, setSendKey] = useState<ChatSettings['sendKey']>(settings.chat.sendKey);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<AppError | null>(null);

  useEffect(() => {
    void hotkeys.refresh();
  }, [hotkeys]);

  const problems = formProblems(values);
  const close = () => hotkeys.panelOpen.setState(false, true);
  const save = async (): Promise<void> => {
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    setError(null);
    const saved = await hotkeys.save(values);
    const sent = saved.ok && sendKey !== settings.chat.sendKey ? await app.updateSettings({ chat: { sendKey } }) : null;
    setSaving(false);
    const failure = !saved.ok ? saved.error : sent && !sent.ok ? sent.error : null;
    if (failure) setError(failure);
    // Stay open when a key turned out to be taken, so the user sees which one.
    else if (!(saved.ok && saved.value.bindings.some((b) => b.problem !== null))) close();
  };

  return (
    <SidePanel
      id="hotkeys-panel"
      title={t('hotkeys.title')}
      onClose={close}
      onSubmit={() => void save()}
      saveLabel={t('hotkeys.save')}
      canSave={!saving && Object.keys(problems).length === 0}
      error={error}
      className="hotkeys-panel"
      footerStart={
        <button
          type="button"
          className="btn btn-ghost"
          data-testid="hotkeys-defaults"
          onClick={() => setValues(DEFAULT_HOTKEYS)}
        >
          {t('hotkeys.defaults')}
        </button>
      }
    >
      <section className="side-section">
        <p className="muted small">{t('hotkeys.intro')}</p>
        {HOTKEY_ACTIONS.map((action) => {
          const binding = status?.bindings.find((b) => b.action === action);
          const saved = settings.hotkeys[action] === values[action];
          const problem =
            problems[action] ??
            (saved && binding?.problem
              ? { key: PROBLEM_KEYS[binding.problem.code], vars: { keys: binding.accelerator } }
              : undefined);
          const scope = saved && binding ? t(`hotkeys.scope.${binding.scope}`) : undefined;
          return (
            <Field key={action} label={t(ACTION_KEYS[action])} error={problem} hint={scope}>
              {(id, describedBy) => (
                <input
                  id={id}
                  className="input mono hotkey-field"
                  readOnly
                  value={values[action]}
                  placeholder={t('hotkeys.pressKeys')}
                  aria-invalid={problems[action] !== undefined}
                  aria-describedby={describedBy}
                  data-testid={`hotkey-${action}`}
                  {...{ [HOTKEY_CAPTURE_ATTRIBUTE]: '' }}
                  onKeyDown={(event) => {
                    const edit = keyFieldEdit(event.nativeEvent, isMacPlatform());
                    if (edit.kind === 'pass') return;
                    event.preventDefault();
                    setValues((v) => ({ ...v, [action]: edit.value }));
                  }}
                />
              )}
            </Field>
          );
        })}
        <FixedShortcutRow action="sidebar" keys="B" scope="hotkeys.scope.fixedPage" />
        <FixedShortcutRow action="focusComposer" keys="L" scope="hotkeys.scope.fixedAnyPage" />
        <SelectField
          label={t('hotkeys.sendKey')}
          value={sendKey}
          options={[
            { value: 'ctrl-enter', label: t('conventions.sendKey.ctrlEnter') },
            { value: 'enter', label: t('conventions.sendKey.enter') },
          ]}
          testId="hotkeys-send-key"
          onChange={setSendKey}
        />
      </section>
    </SidePanel>
  );
}

/**
 * The fixed page shortcuts, listed for finding, not for changing: Ctrl+B (⌘B on a Mac) shows and hides the history on
 * the home page (frame/HomeView.tsx, useSidebarHotkey); Ctrl+L (⌘L) puts the cursor in the message box from any page
 * (frame/SkipLink.tsx, useComposerHotkey).
 */
function FixedShortcutRow({
  action,
  keys,
  scope,
}: {
  action: 'sidebar' | 'focusComposer';
  keys: string;
  scope: 'hotkeys.scope.fixedPage' | 'hotkeys.scope.fixedAnyPage';
}) {
  const t = useT();
  return (
    <Field label={t(`hotkeys.action.${action}`)} hint={t(scope)}>
      {(id, describedBy) => (
        <input
          id={id}
          className="input mono"
          readOnly
          aria-readonly="true"
          aria-describedby={describedBy}
          value={isMacPlatform() ? `⌘${keys}` : `Ctrl+${keys}`}
          data-testid={`hotkey-${action}`}
        />
      )}
    </Field>
  );
}
