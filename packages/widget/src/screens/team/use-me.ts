import { useWidget } from '../../app/context.ts';
import { useDemoPersona } from '../../app/hooks.ts';

/** Who is looking at the team: the token's person and role, or in demo mode the persona's. */
export function useMe(): { personUid: string | null; isPrimary: boolean } {
  const { runtime } = useWidget();
  const persona = useDemoPersona();
  if (persona) return { personUid: persona.person?.Uid ?? null, isPrimary: persona.account?.IsPrimary ?? false };
  const claims = runtime.token.payload();
  return { personUid: typeof claims?.sub === 'string' ? claims.sub : null, isPrimary: claims?.is_primary === true };
}
