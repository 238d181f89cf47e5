import { useEffect, type RefObject } from 'react';

/**
 * While a disclosure is open, a press outside `rootRef` closes it, and Escape closes it and
 * returns focus to its button. `pressEvent` is the event that counts as a press outside.
 */
export function useDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  rootRef: RefObject<HTMLElement | null>,
  buttonRef: RefObject<HTMLButtonElement | null>,
  pressEvent: 'mousedown' | 'pointerdown',
) {
  useEffect(() => {
    if (!open) return;
    function onPress(event: Event) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener(pressEvent, onPress);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener(pressEvent, onPress);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, setOpen, rootRef, buttonRef, pressEvent]);
}
