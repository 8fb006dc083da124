import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { SecurityTab } from '@/features/account/components/security-tab';
import type { AuthFactor } from '@/lib/auth/types';
import { authUser, sessionResponse, storedSession, storeSession, totpFactor } from '@/test/auth';
import { publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR_SVG = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>';

/** A tiny auth server: the user's factors, enrol, challenge, verify (code 246810) and unenrol. */
function serveFactors(initial: AuthFactor[]) {
  let factors = [...initial];
  const log: string[] = [];
  server.use(
    http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())),
    http.get('*/auth/v1/user', () => HttpResponse.json(authUser({ factors }))),
    http.post('*/auth/v1/factors', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      log.push(`enrol ${body.factor_type} "${body.friendly_name}" ${body.issuer}`);
      factors.push(totpFactor({ id: 'new-factor', status: 'unverified' }));
      return HttpResponse.json({
        id: 'new-factor',
        type: 'totp',
        friendly_name: body.friendly_name,
        totp: { qr_code: QR_SVG, secret: SECRET, uri: `otpauth://totp/bazaar:chloe?secret=${SECRET}` },
      });
    }),
    http.post('*/auth/v1/factors/:id/challenge', ({ params }) => {
      log.push(`challenge ${String(params.id)}`);
      return HttpResponse.json({ id: 'challenge-1', type: 'totp', expires_at: 0 });
    }),
    http.post('*/auth/v1/factors/:id/verify', async ({ request, params }) => {
      const { code } = (await request.json()) as { code: string };
      log.push(`verify ${String(params.id)} ${code}`);
      if (code !== '246810') {
        return HttpResponse.json({ code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' }, { status: 422 });
      }
      factors = factors.map((f) => (f.id === params.id ? { ...f, status: 'verified' as const } : f));
      return HttpResponse.json(sessionResponse({ label: 'aal2', aal: 'aal2', user: authUser({ factors }) }));
    }),
    http.delete('*/auth/v1/factors/:id', ({ params }) => {
      log.push(`unenrol ${String(params.id)}`);
      factors = factors.filter((f) => f.id !== params.id);
      return HttpResponse.json({ id: params.id });
    }),
  );
  return log;
}

function renderSecurity() {
  renderWithQueryClient(
    <>
      <SecurityTab />
      <Toaster />
    </>,
  );
  return userEvent.setup();
}

describe('Security tab: TOTP enrolment', () => {
  it('enrols: shows the QR code and the secret, then verifies a code and lists the factor as verified', async () => {
    storeSession();
    const log = serveFactors([]);
    const user = renderSecurity();

    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));

    const qr = await screen.findByRole('img', { name: 'QR code to add this account to your authenticator app' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR_SVG)}`);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(SECRET);

    const code = screen.getByLabelText('Authentication code');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findAllByText('Invalid TOTP code entered')).not.toHaveLength(0);

    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));

    const factor = await screen.findByTestId('totp-factor');
    expect(within(factor).getByText('Authenticator app')).toBeInTheDocument();
    expect(within(factor).getByTestId('totp-factor-status')).toHaveTextContent('Verified');
    expect(screen.getByText('Two-factor authentication is on')).toBeInTheDocument();
    expect(log).toEqual([
      'enrol totp "Authenticator app" bazaar',
      'challenge new-factor',
      'verify new-factor 111111',
      'challenge new-factor',
      'verify new-factor 246810',
    ]);
    // Verifying rotates the session's tokens: the new ones must be the stored ones.
    expect(storedSession()?.refresh_token).toBe('refresh-aal2');
  });

  it('removes a factor left unverified by an abandoned attempt before enrolling again', async () => {
    storeSession();
    const log = serveFactors([totpFactor({ id: 'stale', status: 'unverified' })]);
    const user = renderSecurity();

    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    await screen.findByTestId('totp-secret');
    expect(log.slice(0, 2)).toEqual(['unenrol stale', 'enrol totp "Authenticator app" bazaar']);
  });

  it('cancelling an enrolment removes the unverified factor', async () => {
    storeSession();
    const log = serveFactors([]);
    const user = renderSecurity();

    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    await screen.findByTestId('totp-secret');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
    expect(log).toContain('unenrol new-factor');
  });

  it('turns two-factor authentication off after confirmation', async () => {
    storeSession();
    const log = serveFactors([totpFactor()]);
    const user = renderSecurity();

    await user.click(await screen.findByRole('button', { name: 'Remove authenticator' }));
    await user.click(screen.getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('Two-factor authentication turned off')).toBeInTheDocument();
    expect(log).toEqual([`unenrol ${totpFactor().id}`]);
  });

  it('shows the server message when removing needs a second factor first', async () => {
    storeSession();
    serveFactors([totpFactor()]);
    server.use(
      http.delete('*/auth/v1/factors/:id', () =>
        HttpResponse.json(
          { code: 'insufficient_aal', message: 'AAL2 required to unenroll verified factor' },
          { status: 422 },
        ),
      ),
    );
    const user = renderSecurity();

    await user.click(await screen.findByRole('button', { name: 'Remove authenticator' }));
    await user.click(screen.getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByText('AAL2 required to unenroll verified factor')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('totp-factor')).toBeInTheDocument());
  });
});
