import { createHmac } from 'node:crypto';
import { expect, test, type Page } from './helpers/test';
import {
  accountMenuTrigger,
  expectFreshDocument,
  expectSignedInAtRoot,
  signOut,
  signUp,
  submitSignIn,
  uniqueEmail,
} from './helpers/accounts';

// TOTP enrolment on /profile/?tab=security and the challenge at the next sign-in, with the codes
// computed here from the secret the page shows, as an authenticator app would.

/** RFC 4648 base32 (no padding) to bytes. */
function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = input.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP: HMAC-SHA1 over the 30-second step, dynamic truncation (RFC 4226), 6 digits. */
function totp(secret: string, unixSeconds = Date.now() / 1000): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixSeconds / 30)));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return binary.toString().padStart(6, '0');
}

test('the TOTP generator matches RFC 6238’s SHA-1 test vectors', () => {
  // RFC 6238 Appendix B, secret "12345678901234567890", last 6 digits of the 8-digit values.
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  expect(totp(secret, 59)).toBe('287082');
  expect(totp(secret, 1111111109)).toBe('081804');
  expect(totp(secret, 1234567890)).toBe('005924');
  expect(totp(secret, 20000000000)).toBe('353130');
});

async function enterCode(page: Page, code: string, button: string) {
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: button }).click();
}

test('enrol an authenticator on /profile, then pass the challenge at the next sign-in', async ({
  page,
}, testInfo) => {
  const user = { name: 'Naledi Khumalo', email: uniqueEmail('totp', testInfo.project.name), password: 'e2e-pass-123' };
  await signUp(page, user);
  await expectSignedInAtRoot(page, user.name);

  await page.goto('/profile/?tab=security');
  await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add this account to your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code is refused and the factor stays unverified.
  const wrong = String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, '0');
  await enterCode(page, wrong, 'Verify and turn on');
  await expect(page.getByText('Invalid TOTP code entered').first()).toBeVisible();

  await enterCode(page, totp(secret), 'Verify and turn on');
  const factor = page.getByTestId('totp-factor');
  await expect(factor).toBeVisible();
  await expect(factor.getByTestId('totp-factor-status')).toHaveText('Verified');

  // The factor is still listed after a reload (it is the server's, not the page's).
  await page.reload();
  await expect(page.getByTestId('totp-factor-status')).toHaveText('Verified');

  await page.goto('/');
  await signOut(page, user.name);

  await submitSignIn(page, user);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page).toHaveURL(/\/login\/$/);
  await enterCode(page, totp(secret), 'Verify');

  await expectSignedInAtRoot(page, user.name);
  await expectFreshDocument(page);
  await accountMenuTrigger(page, user.name).click();
  await expect(page.getByRole('menu').getByText(user.email)).toBeVisible();
});
