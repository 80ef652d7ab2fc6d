import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { useStore } from 'zustand';

/** "Read aloud" on a finished answer: says it now, code and thinking left out. */
export function ReadAnswerButton({ text }: { text: string }) {
  const t = useT();
  const { readAloud } = useAppModel();
  const availability = useStore(readAloud.availability);
  // Only once a voice is known to exist: a button that says nothing would look broken.
  if (availability !== 'available') return null;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-small"
      data-testid="chat-read-aloud"
      onClick={() => readAloud.readText(text)}
    >
      {t('readAloud.read')}
    </button>
  );
}
