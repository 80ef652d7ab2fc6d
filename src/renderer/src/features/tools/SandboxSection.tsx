import { useT } from '../../i18n';
import { CheckField, SelectField, TextField } from '../../ui/form-fields';
import type { SandboxForm } from './sandbox-form';
import type { ToolsErrors } from './tools-form';

/** Where execute_command runs, and what the chosen place needs; the other place's fields stay hidden but kept. */
export function SandboxSection({
  form,
  errors,
  onChange,
}: {
  form: SandboxForm;
  errors: ToolsErrors;
  onChange: (change: Partial<SandboxForm>) => void;
}) {
  const t = useT();
  return (
    <section className="side-section">
      <h3>{t('tools.sandbox')}</h3>
      <SelectField
        label={t('tools.sandbox.mode')}
        value={form.mode}
        options={[
          { value: 'host', label: t('tools.sandbox.host') },
          { value: 'container', label: t('tools.sandbox.container') },
          { value: 'ssh', label: t('tools.sandbox.ssh') },
        ]}
        hint={t('tools.sandbox.modeHint')}
        testId="tools-sandbox-mode"
        onChange={(mode) => onChange({ mode })}
      />
      {form.mode === 'container' && (
        <>
          <TextField
            label={t('tools.sandbox.runtime')}
            value={form.runtime}
            mono
            placeholder="podman"
            hint={t('tools.sandbox.runtimeHint')}
            testId="tools-sandbox-runtime"
            onChange={(runtime) => onChange({ runtime })}
          />
          <TextField
            label={t('tools.sandbox.image')}
            value={form.image}
            mono
            error={errors.image}
            testId="tools-sandbox-image"
            onChange={(image) => onChange({ image })}
          />
          <CheckField
            label={t('tools.sandbox.network')}
            checked={form.network}
            testId="tools-sandbox-network"
            onChange={(network) => onChange({ network })}
          />
          <TextField
            label={t('tools.sandbox.runArgs')}
            value={form.runArgs}
            mono
            error={errors.runArgs}
            hint={t('tools.sandbox.runArgsHint')}
            testId="tools-sandbox-run-args"
            onChange={(runArgs) => onChange({ runArgs })}
          />
          <TextField
            label={t('tools.sandbox.runtimeEnv')}
            value={form.runtimeEnv}
            mono
            error={errors.runtimeEnv}
            hint={t('tools.sandbox.runtimeEnvHint')}
            testId="tools-sandbox-runtime-env"
            onChange={(runtimeEnv) => onChange({ runtimeEnv })}
          />
        </>
      )}
      {form.mode === 'ssh' && (
        <>
          <TextField
            label={t('tools.sandbox.sshHost')}
            value={form.sshHost}
            mono
            error={errors.sshHost}
            hint={t('tools.sandbox.sshHostHint')}
            testId="tools-sandbox-ssh-host"
            onChange={(sshHost) => onChange({ sshHost })}
          />
          <TextField
            label={t('tools.sandbox.sshWorkspace')}
            value={form.sshWorkspaceDir}
            mono
            hint={t('tools.sandbox.sshWorkspaceHint')}
            testId="tools-sandbox-ssh-workspace"
            onChange={(sshWorkspaceDir) => onChange({ sshWorkspaceDir })}
          />
          <TextField
            label={t('tools.sandbox.sshArgs')}
            value={form.sshArgs}
            mono
            error={errors.sshArgs}
            hint={t('tools.sandbox.sshArgsHint')}
            testId="tools-sandbox-ssh-args"
            onChange={(sshArgs) => onChange({ sshArgs })}
          />
        </>
      )}
    </section>
  );
}
