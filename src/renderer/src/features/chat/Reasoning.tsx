import { useState } from 'react';
import { useT } from '../../i18n';
import { formatCount } from '../../lib/format';

interface Props {
  text: string;
  tokens: number;
  /** still thinking: the answer has not started yet */
  thinking: boolean;
}

/**
 * The model's thinking, apart from the answer: open while it thinks, folded once the answer starts, unless the user
 * chose.
 */
export function Reasoning({ text, tokens, thinking }: Props) {
  const t = useT();
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? thinking;
  return (
    <div className={`reasoning${thinking ? ' is-thinking' : ''}`} data-testid="chat-reasoning" data-open={open}>
      <button type="button" className="reasoning-toggle" aria-expanded={open} onClick={() => setChosen(!open)}>
        <span className="reasoning-chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        {thinking ? t('chat.reasoning.thinking') : t('chat.reasoning.done')}
        <span className="reasoning-count">{t('chat.reasoning.tokens', { count: formatCount(tokens) })}</span>
      </button>
      {open && <div className="reasoning-body">{text}</div>}
    </div>
  );
}
