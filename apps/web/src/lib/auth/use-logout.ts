import { useNavigate } from 'react-router';
import { authStore } from './auth-store';

/** Section 2: logout calls the action, closes the menus and goes to /; a failure is only logged (by the store). */
export function useLogout(closeMenus?: () => void): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await authStore.logout();
    closeMenus?.();
    navigate('/');
  };
}
