import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../../lib/cx';
import { CloseButton } from './close-button';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  // Unrendered elements cannot take focus: the fallback content of an <object> that shows its
  // document (a PDF) is in the DOM but not drawn. checkVisibility is missing in jsdom: keep all.
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[inert]') && (el.checkVisibility?.() ?? true),
  );
}

// Nested dialogs share one scroll lock and one inert background.
let openCount = 0;

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, e.g. Cancel and Submit. */
  footer?: ReactNode;
  /** Accessible name of the × button. */
  closeLabel: string;
  /** What to focus on open; defaults to the first control in the body, else the dialog itself. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** 'full' covers the whole window, e.g. a document viewer. */
  size?: 'sm' | 'md' | 'lg' | 'full';
  /** A click on the dimmed backdrop closes the dialog unless this is false (e.g. while saving). */
  dismissible?: boolean;
}

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-3xl', full: '' } as const;

/**
 * A modal dialog rendered into document.body. While open, the rest of the page is inert and does
 * not scroll, Tab cycles inside the dialog, Escape closes it, and focus returns to the opener.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({
  onClose,
  title,
  description,
  children,
  footer,
  closeLabel,
  initialFocusRef,
  size = 'md',
  dismissible = true,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current!;
    const overlay = panel.parentElement!;

    const inerted: HTMLElement[] = [];
    for (const el of Array.from(document.body.children)) {
      if (el instanceof HTMLElement && el !== overlay && !el.contains(overlay) && !el.hasAttribute('inert')) {
        el.setAttribute('inert', '');
        inerted.push(el);
      }
    }
    openCount += 1;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    // Not a frame: keys pressed inside an embedded document (a PDF viewer) never reach the page,
    // so Escape would not close the dialog.
    const firstControl = bodyRef.current && focusables(bodyRef.current).find((el) => el.tagName !== 'IFRAME');
    const target = initialFocusRef?.current ?? firstControl ?? panel;
    target.focus();

    return () => {
      openCount -= 1;
      for (const el of inerted) el.removeAttribute('inert');
      if (openCount === 0) document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
    // Runs once per opening; the opener and the background are captured then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const panel = panelRef.current!;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(panel);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }
    panel.addEventListener('keydown', onKeyDown);
    return () => panel.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div
      className={cx(
        'fixed inset-0 z-50 flex justify-center',
        size === 'full' ? 'items-stretch' : 'items-end p-0 sm:items-center sm:p-4',
      )}
    >
      {/* The backdrop is a mouse convenience; keyboard users close with Escape or the × button. */}
      <div
        className="absolute inset-0 bg-slate-900/60"
        aria-hidden="true"
        onClick={() => dismissible && onCloseRef.current()}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx(
          'relative flex w-full flex-col bg-white shadow-xl outline-none',
          size === 'full' ? 'h-full' : cx('max-h-[92vh] rounded-t-xl sm:rounded-xl', widths[size]),
        )}
      >
        <div className="flex items-start gap-4 border-b border-slate-200 px-5 py-4">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                {description}
              </p>
            )}
          </div>
          <CloseButton
            label={closeLabel}
            onClick={() => onCloseRef.current()}
            className="-m-1 rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-3 focus-visible:outline-amber-400"
          />
        </div>
        <div
          ref={bodyRef}
          className={cx('min-h-0 flex-1', size === 'full' ? 'flex flex-col p-2 sm:p-3' : 'overflow-y-auto px-5 py-4')}
        >
          {children}
        </div>
        {footer && (
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-3 sm:flex-row sm:justify-end">
            {footer}
          </div>
        )}
      </div>
    </div>
  );
}
