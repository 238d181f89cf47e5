import { useEffect, useState } from 'react';
import { authStore, useAuth } from '../../../lib/auth/auth-store';
import type { FieldErrorMap } from '../../../lib/auth/form-errors';

/**
 * The messages of a screen whose call runs through the auth store (login, register): the
 * client check's while they stand, else the store's answer, by field and general.
 */
export function useAuthFormErrors() {
  const server = useAuth((s) => s.errors);
  const [clientErrors, setClientErrors] = useState<FieldErrorMap | null>(null);

  // Errors of another screen's call (register, reset) do not belong here.
  useEffect(() => authStore.clearErrors(), []);

  return {
    fields: clientErrors ?? server.fields,
    general: clientErrors ? [] : server.general,
    setClientErrors,
  };
}
