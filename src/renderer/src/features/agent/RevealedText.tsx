import { useMemo } from 'react';
import { revealPieces } from '@shared/tools/command-safety/reveal-invisible';
import './revealed-text.css';

/**
 * Text from the model exactly as a program will get it: every invisible
 * character a marked code (direction controls marked apart), and laid out left
 * to right in the order it runs. `<bdo dir="ltr">` overrides the bidi algorithm
 * and isolates the text from the page, so Hebrew or Arabic letters cannot move
 * the slashes, quotes and words around them on screen.
 */
export function RevealedText({ text, markNewlines = true }: { text: string; markNewlines?: boolean }) {
  const { pieces } = useMemo(() => revealPieces(text, { markNewlines }), [text, markNewlines]);
  return (
    <bdo dir="ltr" className="revealed-text">
      {pieces.map((piece, index) =>
        'code' in piece ? (
          <mark
            key={index}
            className={piece.bidi ? 'invisible-char bidi-char' : 'invisible-char'}
            data-testid="invisible-char"
          >
            {piece.text}
          </mark>
        ) : (
          piece.text
        ),
      )}
    </bdo>
  );
}
