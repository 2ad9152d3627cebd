import { useState } from 'react';
import { Button } from '@/components/ui/button';

interface CopyButtonProps {
  text: string;
  label: string;
  copiedLabel: string;
  /** Accessible name when the visible label alone is ambiguous (several copy buttons). */
  ariaLabel?: string;
  onFailure?: () => void;
}

/** Copies `text` to the clipboard and says so for a moment. */
export function CopyButton({ text, label, copiedLabel, ariaLabel, onFailure }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      aria-label={ariaLabel}
      onClick={() => {
        void navigator.clipboard
          ?.writeText(text)
          .then(() => {
            setCopied(true);
            window.setTimeout(() => setCopied(false), 2_000);
          })
          .catch(() => onFailure?.());
      }}
    >
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  );
}
