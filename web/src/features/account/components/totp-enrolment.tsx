'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, Loader2, ShieldPlus } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { TotpCodeInput } from '@/components/ui/totp-code-input';
import { AuthError } from '@/lib/auth/auth-api';
import type { AuthUser, TotpEnrolment as Enrolment } from '@/lib/auth/types';
import { useSiteName } from '@/lib/public-settings';
import { useEnrollTotp, useUnenrollFactor, useVerifyEnrolment } from '@/features/account/api/factors';

const CODE_PATTERN = /^\d{6}$/;

function errorText(error: unknown): string {
  return error instanceof AuthError && error.status > 0 ? error.message : 'An unexpected error occurred';
}

/** The QR code the server drew (bare SVG markup), as an image: no markup of it enters the page. */
function qrImageSrc(qr: string): string {
  return qr.startsWith('data:') ? qr : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}`;
}

/** Enrol → scan the QR code (or type the secret) → confirm with a code → the factor is verified. */
export function TotpEnrolment({ user }: { user: AuthUser }) {
  const siteName = useSiteName();
  const enroll = useEnrollTotp(siteName);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);

  function start() {
    enroll
      .mutateAsync(user)
      .then(setEnrolment)
      .catch((error: unknown) => toast.error('Error', { description: errorText(error) }));
  }

  if (enrolment) return <EnrolmentSteps enrolment={enrolment} onDone={() => setEnrolment(null)} />;
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-sm text-neutral-700">
        Two-factor authentication is <strong className="font-semibold text-neutral-900">off</strong>.
      </p>
      <Button onClick={start} disabled={enroll.isPending}>
        {enroll.isPending ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <ShieldPlus aria-hidden="true" className="size-4" />
        )}
        Set up authenticator app
      </Button>
    </div>
  );
}

function EnrolmentSteps({ enrolment, onDone }: { enrolment: Enrolment; onDone: () => void }) {
  const verify = useVerifyEnrolment();
  const unenroll = useUnenrollFactor();
  const {
    register,
    handleSubmit,
    resetField,
    setError,
    formState: { errors },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const onSubmit = handleSubmit(({ code }) => {
    const digits = code.replace(/\s+/g, '');
    if (!CODE_PATTERN.test(digits)) {
      setError('code', { message: 'Enter the 6-digit code from your authenticator app' });
      return;
    }
    // mutateAsync: the toast must show even though this form unmounts once the factor is verified.
    verify
      .mutateAsync({ factorId: enrolment.id, code: digits })
      .then(() => {
        toast.success('Two-factor authentication is on');
        onDone();
      })
      .catch((error: unknown) => {
        resetField('code');
        setError('code', { message: errorText(error) });
        toast.error('Error', { description: errorText(error) });
      });
  });

  function cancel() {
    unenroll.mutateAsync(enrolment.id).catch(() => undefined).finally(onDone);
  }

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(enrolment.totp.secret);
      toast.success('Secret key copied');
    } catch {
      toast.error('Error', { description: 'Could not copy. Select the key and copy it by hand.' });
    }
  }

  return (
    <ol className="flex flex-col gap-6">
      <li className="flex flex-col gap-3">
        <p className="font-medium text-neutral-900">1. Scan this QR code with your authenticator app</p>
        {/* Always on white: the code must stay dark-on-light to scan, in either theme. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={qrImageSrc(enrolment.totp.qr_code)}
          alt="QR code to add this account to your authenticator app"
          className="size-48 rounded-lg border border-neutral-200 bg-[#ffffff] p-2"
          data-testid="totp-qr"
        />
      </li>
      <li className="flex flex-col gap-2">
        <p className="font-medium text-neutral-900">2. Or enter this key by hand</p>
        <div className="flex flex-wrap items-center gap-2">
          <code
            className="rounded-md bg-neutral-100 px-3 py-2 font-mono text-sm tracking-wider break-all text-neutral-900 select-all"
            data-testid="totp-secret"
          >
            {enrolment.totp.secret}
          </code>
          <Button variant="secondary" onClick={() => void copySecret()} className="h-9">
            <Copy aria-hidden="true" className="size-4" />
            Copy
          </Button>
        </div>
      </li>
      <li>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-3" aria-label="Confirm authenticator">
          <p className="font-medium text-neutral-900">3. Enter the 6-digit code the app shows</p>
          <div className="max-w-xs">
            <FormField label="Authentication code" error={errors.code?.message}>
              <TotpCodeInput {...register('code')} />
            </FormField>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={verify.isPending || unenroll.isPending}>
              {verify.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
              Verify and turn on
            </Button>
            <Button variant="secondary" onClick={cancel} disabled={verify.isPending || unenroll.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      </li>
    </ol>
  );
}
