import { useRef } from 'react';

interface Props {
  label: string;
  /** what the file chooser offers (the input's accept) */
  accept: string;
  /** the button's test id */
  testId: string;
  /** the hidden file input's test id (tests hand it the file) */
  inputTestId: string;
  className?: string;
  disabled?: boolean;
  onPick: (file: File) => void;
}

/**
 * A button that opens the system's file chooser (a hidden file input) and hands over the file picked. The input is
 * emptied each time, so picking the same file again is a new pick.
 */
export function FilePickButton({
  label,
  accept,
  testId,
  inputTestId,
  className = 'btn btn-small',
  disabled,
  onPick,
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid={testId}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {label}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid={inputTestId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
    </>
  );
}
