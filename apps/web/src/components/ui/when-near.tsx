import {
  startTransition,
  useEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';

/*
 * Parts of a long page drawn only when they come near the screen (issue 31; decision 122,
 * docs/decisions/122-long-pages-drawn-as-they-near.md). A phone's first screen of the
 * counterpart's review shows the header and the facts; the seven steps of Form One's answers,
 * the presentations and the design changes below them cost the first load React's commit and
 * the browser's style and layout of a page twenty screens long.
 *
 * A part is drawn, in a transition (React slices the work), at the first of:
 * - its place comes within a screen of the viewport (IntersectionObserver);
 * - with `idle` (the default), the browser has an idle moment: parts waiting for one are drawn
 *   one per idle moment, in the order they were placed, so that everything is on the page a
 *   moment after it loads (find in page, a screen reader's reading order, in-page links), each
 *   in a short task of its own instead of one long commit;
 * - the page is printed (synchronously, before the print is laid out).
 * Without IntersectionObserver (old browsers, the unit tests' jsdom) it is drawn at once.
 */

type Reveal = () => void;

/** Parts waiting for an idle moment, in the order they were placed (the page's order). */
const waiting: Reveal[] = [];
let scheduled = false;

function afterIdle(run: () => void) {
  // Safari has no requestIdleCallback: a short timeout is the next best moment.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 3000 });
  else window.setTimeout(run, 200);
}

function drawNextWhenIdle() {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  afterIdle(() => {
    scheduled = false;
    waiting.shift()?.();
    drawNextWhenIdle();
  });
}

/**
 * Whether the element `ref` points at has come near the screen (or, with `idle`, the browser
 * has had an idle moment since): false until then, true from then on.
 */
export function useWhenNear(
  ref: RefObject<Element | null>,
  { idle = true, margin = '100% 0px' }: { idle?: boolean; margin?: string } = {},
): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    let done = false;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reveal(), {
      rootMargin: margin,
    });
    function stop() {
      done = true;
      observer.disconnect();
      const i = waiting.indexOf(reveal);
      if (i >= 0) waiting.splice(i, 1);
      window.removeEventListener('beforeprint', print);
    }
    function reveal() {
      if (done) return;
      stop();
      startTransition(() => setNear(true));
    }
    function print() {
      if (done) return;
      stop();
      flushSync(() => setNear(true));
    }
    observer.observe(element);
    if (idle) {
      waiting.push(reveal);
      drawNextWhenIdle();
      window.addEventListener('beforeprint', print);
    }
    return stop;
  }, [ref, near, idle, margin]);
  return near;
}

/**
 * A `div` whose children are drawn once it comes near the screen (see above); until then it
 * holds `minHeight` (about the children's height, so the page's length barely changes) and is
 * marked busy for assistive technology. Other attributes (id, hidden, className) are the div's
 * from the start, so `aria-controls` and in-page links to its id work before it is drawn.
 */
export function WhenNear({
  minHeight,
  idle,
  margin,
  style,
  children,
  ...rest
}: {
  minHeight: number | string;
  idle?: boolean;
  /** How near counts (IntersectionObserver's rootMargin; a screen above and below by default). */
  margin?: string;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLDivElement>, 'children'>) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useWhenNear(ref, { idle, margin });
  return (
    <div ref={ref} aria-busy={near ? undefined : true} style={near ? style : { ...style, minHeight }} {...rest}>
      {near ? children : null}
    </div>
  );
}
