import { messageCode } from '@hpbc/shared';
import type { Actor } from '../../module-deps';
import { notFound } from '../../lib/http-errors';
import type { RegistrationRow, RegistrationsRepository } from './registrations.repository';

/**
 * The 404 of a registration the caller may not see, the same as for one that does not exist:
 * whether it exists is not theirs to know.
 */
export const notFoundRegistration = () => notFound(messageCode('registration_not_found'));

/**
 * The registration `id` when `actor` submitted it (its owner), for the owner's own acts
 * (submitting, documents, change reports, stages, the signboard, the completion certificate);
 * anyone else, an administrator included, gets the 404: an administrator may read a
 * registration but never act in the owner's name.
 */
export async function submittersRegistration(
  registrations: Pick<RegistrationsRepository, 'findById'>,
  actor: Actor,
  id: number,
): Promise<RegistrationRow> {
  const row = await registrations.findById(id);
  if (!row || row.userId !== actor.user.id) throw notFoundRegistration();
  return row;
}
