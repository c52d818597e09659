import { ErrorCode } from '@portico/core';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import { tokenHash } from './secret-token.ts';

/**
 * POST /crm/registrations/confirm: the link from the confirmation mail. The token works once and
 * until it expires; unknown, used and expired tokens get the same 404 Errors.InvalidToken.
 */
export async function confirmEmail(deps: { uow: UnitOfWork; now: () => Date }, token: string): Promise<{ Person: { Uid: string; Email: string }; EmailConfirmed: true }> {
  const at = deps.now();
  return deps.uow.transaction(async (repos) => {
    const used = await repos.emailTokens.use(tokenHash(token), 'confirm-email', at);
    if (!used) throw new AppError(ErrorCode.InvalidToken);
    await repos.people.confirmEmail(used.personUid, at);
    const person = await repos.people.get(used.personUid);
    if (!person) throw new AppError(ErrorCode.InvalidToken);
    return { Person: { Uid: person.uid, Email: person.email }, EmailConfirmed: true };
  });
}
