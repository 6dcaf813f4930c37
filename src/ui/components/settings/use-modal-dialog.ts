import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Shows a <dialog> modally while `open` (the page behind is inert and Tab stays
 * inside) and closes it otherwise; `onOpen` runs just before each showing.
 */
export function useModalDialog(open: boolean, onOpen: () => void) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Only opening and closing matter: a new onOpen while open must not reset the form.
  const beforeShowing = useEffectEvent(onOpen);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      beforeShowing();
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);
  return dialog;
}
