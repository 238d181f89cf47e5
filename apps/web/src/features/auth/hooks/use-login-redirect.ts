import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Section 9: once `when` holds, the screen moves on to /login after `delayMs` (unless the user leaves first). */
export function useLoginRedirect(when: boolean, delayMs: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const timer = window.setTimeout(() => navigate('/login'), delayMs);
    return () => window.clearTimeout(timer);
  }, [when, delayMs, navigate]);
}
