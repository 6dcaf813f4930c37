import { type ReactNode, useRef } from 'react';
import { useModalDialog } from './use-modal-dialog';

export interface ModalDialogProps {
  open: boolean;
  /** Escape, or the dialog's own way out. */
  onDismiss: () => void;
  className: string;
  labelledBy: string;
  describedBy?: string;
  children: ReactNode;
}

/** A modal <dialog> that gives focus back where it was when it closes; Escape calls `onDismiss`. */
export function ModalDialog({ open, onDismiss, className, labelledBy, describedBy, children }: ModalDialogProps) {
  const returnTo = useRef<HTMLElement | null>(null);
  const dialog = useModalDialog(open, () => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  });

  return (
    <dialog
      ref={dialog}
      className={className}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      onClose={() => {
        if (returnTo.current?.isConnected) returnTo.current.focus();
        returnTo.current = null;
      }}
    >
      {children}
    </dialog>
  );
}
