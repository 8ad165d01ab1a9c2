/** The `?error=` codes the Discord sign-in sends back (docs/dashboard.md, "Signing in"), in words. */
const WORDS: Record<string, string> = {
  no_account:
    'That Discord account has no scanpin account. Ask an Enterprise owner for an invite link, or the operator to add your Discord ID to your account.',
  banned: 'This account is banned and cannot sign in. Contact the operator of this scanpin server.',
  denied: 'Discord sign-in was cancelled. Try again when you are ready.',
  invalid_state:
    'The sign-in took too long or was started in another tab. Start again with "Sign in with Discord".',
  discord_unavailable: 'Discord could not be reached just now. Try again in a minute.',
  invalid_invite:
    'That invite link cannot be used: it expired, was withdrawn or was used up. Ask for a new one.',
  ambiguous_account:
    'More than one scanpin account carries this Discord ID, so we did not guess which one you are. Ask the operator to keep only one, or to send you a sign-in link.',
};

export function errorWords(code: string): string {
  return WORDS[code] ?? 'Signing in did not work. Try again, or ask the operator for a sign-in link.';
}
