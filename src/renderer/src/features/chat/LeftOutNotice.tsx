// What a server's prompt or resource could not put into the message, each piece
// with why and its numbers, until dismissed.
import { useT, type Translate } from '../../i18n';
import { formatBytes, formatCount } from '../../lib/format';
import type { LeftOut } from './mcp-draft';

function sizeText(t: Translate, size: number, unit: LeftOut['unit']): string {
  return unit === 'chars' ? t('chat.mcp.chars', { count: formatCount(size) }) : formatBytes(size);
}

export function leftOutText(t: Translate, item: LeftOut): string {
  switch (item.reason) {
    case 'binary':
      return t('chat.mcp.leftOut.binary', { name: item.name, type: item.mimeType ?? '?' });
    case 'too_large':
      return t('chat.mcp.leftOut.tooLarge', {
        name: item.name,
        size: sizeText(t, item.size, item.unit),
        limit: item.limit === null ? '?' : sizeText(t, item.limit, item.unit),
      });
    case 'no_vision':
      return t('chat.attach.noVision', { name: item.name });
    case 'no_audio':
      return t('chat.attach.noAudio', { name: item.name });
  }
}

export function LeftOutNotice({
  items,
  onDismiss,
  testId = 'mcp-left-out',
}: {
  items: readonly LeftOut[];
  onDismiss: () => void;
  testId?: string;
}) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <div className="composer-notice mcp-left-out" role="alert" data-testid={testId}>
      <ul>
        {items.map((item, index) => (
          <li key={`${item.name}-${index}`} data-reason={item.reason}>
            {leftOutText(t, item)}
          </li>
        ))}
      </ul>
      <button type="button" className="icon-btn icon-btn-small" aria-label={t('common.dismiss')} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
