import type { Page } from 'playwright-core';

/** A credential as Chromium's WebAuthn domain gives and takes it (DevTools protocol). */
export type VirtualCredential = Record<string, unknown>;

/**
 * Gives a page's browser a virtual platform authenticator (Chromium's DevTools protocol, WebAuthn
 * domain) that verifies its user at once, as the server requires (docs/dashboard.md, "Passkeys"),
 * holding the credentials given. It also answers a waiting autofill request (conditional UI) by
 * itself. Returns a function that reads the credentials it holds now.
 */
export async function withVirtualAuthenticator(
  page: Page,
  credentials: VirtualCredential[] = [],
): Promise<() => Promise<VirtualCredential[]>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  for (const credential of credentials)
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: credential as never });
  return async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId }))
      .credentials as unknown as VirtualCredential[];
}
