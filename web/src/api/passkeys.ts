import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { ApiError, request } from './client';
import { queryKeys } from './query-keys';
import type { Membership, Passkey } from './types';

/*
 * Passkeys (docs/dashboard.md, "Passkeys"): each ceremony asks the server for options with a fresh
 * challenge, lets the browser and the person's authenticator answer (@simplewebauthn/browser, bundled
 * here: nothing is loaded from elsewhere), and sends the answer back.
 */

export { browserSupportsWebAuthn };

/** The browser's refusals (the person closed the prompt, say) in words, as the server's are. */
function browserRefusal(error: unknown): ApiError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return new ApiError(0, 'passkey_cancelled', 'The passkey prompt was closed or timed out. Try again.');
  if (name === 'InvalidStateError')
    return new ApiError(0, 'passkey_exists', 'This device already holds a passkey for your account here.');
  return new ApiError(
    0,
    'passkey_unsupported',
    error instanceof Error ? error.message : 'Passkeys failed here.',
  );
}

async function created(options: PublicKeyCredentialCreationOptionsJSON) {
  try {
    return await startRegistration({ optionsJSON: options });
  } catch (error) {
    throw browserRefusal(error);
  }
}

/** Someone without an account accepts an invite by creating a passkey; signed in afterwards. */
export async function joinWithPasskey(input: {
  token: string;
  name: string;
  passkeyName: string;
}): Promise<Pick<Membership, 'enterprise' | 'role'>> {
  const options = await request<PublicKeyCredentialCreationOptionsJSON>('/app/api/invites/passkey-options', {
    method: 'POST',
    body: { token: input.token, name: input.name },
  });
  const response = await created(options);
  return request<Pick<Membership, 'enterprise' | 'role'>>('/app/api/invites/passkey', {
    method: 'POST',
    body: { token: input.token, passkeyName: input.passkeyName, response },
  });
}

/** A signed-in person adds a passkey to their account. */
export async function addPasskey(name: string): Promise<Passkey> {
  const options = await request<PublicKeyCredentialCreationOptionsJSON>(
    '/app/api/passkeys/registration-options',
    {
      method: 'POST',
    },
  );
  const response = await created(options);
  return request<Passkey>('/app/api/passkeys', { method: 'POST', body: { name, response } });
}

/**
 * Signs in with any passkey of this server. `autofill`: the browser offers the passkeys in the
 * user-name field's suggestions (conditional UI) and this waits until one is picked.
 */
export async function signInWithPasskey(autofill = false): Promise<void> {
  const options = await request<PublicKeyCredentialRequestOptionsJSON>('/app/api/passkeys/sign-in-options', {
    method: 'POST',
  });
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
  } catch (error) {
    throw browserRefusal(error);
  }
  await request('/app/api/passkeys/sign-in', { method: 'POST', body: { response } });
}

/** Whether the browser can offer passkeys in a field's autofill (conditional UI). */
export const supportsPasskeyAutofill = browserSupportsWebAuthnAutofill;

/** Ends a waiting autofill request (before a button starts its own ceremony, or on leaving the page). */
export function cancelPasskeyAutofill(): void {
  WebAuthnAbortService.cancelCeremony();
}

export function usePasskeys() {
  return useQuery({
    queryKey: queryKeys.passkeys,
    queryFn: ({ signal }) => request<Passkey[]>('/app/api/passkeys', { signal }),
  });
}

/** A first name for a new passkey, from what this browser runs on ("Passkey on Windows"). */
export function defaultPasskeyName(): string {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iPhone or iPad'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'Mac'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  return system ? `Passkey on ${system}` : 'Passkey';
}
