import { useState } from 'react';
import { useAppModel } from '../../app-model';
import type { MessageKey } from '../../i18n';
import { newId } from '../../lib/new-id';
import { useStore } from 'zustand';
import { attachVerdict, classifyFile, readAsDataUrl, type AttachVerdict } from './attachments';

const REFUSALS: Record<Exclude<AttachVerdict, 'ok'>, MessageKey> = {
  no_vision: 'chat.attach.noVision',
  no_audio: 'chat.attach.noAudio',
  too_large: 'chat.attach.tooLarge',
  unsupported: 'chat.attach.unsupported',
};

/**
 * Files from the picker, a paste or a drop become draft attachments. What the
 * model cannot take is refused with a visible reason, never dropped in silence.
 */
export function useAttach(): {
  add: (files: Iterable<File>) => Promise<void>;
  refusal: { key: MessageKey; name: string } | null;
  clearRefusal: () => void;
} {
  const { chat, app } = useAppModel();
  const props = useStore(chat.props);
  const settings = useStore(app.store, (state) => state.settings);
  const [refusal, setRefusal] = useState<{ key: MessageKey; name: string } | null>(null);
  // Only the local server says what it takes; a link endpoint decides for itself.
  const known = settings?.chat.endpoint.kind === 'local' ? props : null;

  const add = async (files: Iterable<File>): Promise<void> => {
    setRefusal(null);
    for (const file of files) {
      const verdict = attachVerdict(file, known);
      const kind = classifyFile(file.name, file.type);
      if (verdict !== 'ok' || !kind) {
        setRefusal({ key: REFUSALS[verdict === 'ok' ? 'unsupported' : verdict], name: file.name || file.type });
        continue;
      }
      try {
        const dataUrl = await readAsDataUrl(file);
        const attachment = {
          id: newId(),
          kind: kind.kind,
          format: kind.format,
          name: file.name || kind.kind,
          dataUrl,
          size: file.size,
        };
        chat.draft.setState((draft) => ({ ...draft, attachments: [...draft.attachments, attachment] }), true);
      } catch {
        setRefusal({ key: 'chat.attach.unreadable', name: file.name });
      }
    }
  };

  return { add, refusal, clearRefusal: () => setRefusal(null) };
}
