'use client';

import { useEffect, useRef } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { OrderPayment } from '@/features/checkout/api/checkout-types';

/**
 * Hands the order to PayFast: a real form posting the signed fields, in the server's order, to
 * the process URL (as PayFast requires a browser form post). It submits itself once shown; the
 * button stays for the rare browser that blocks it.
 */
export function PayFastForm({ payment }: { payment: OrderPayment }) {
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);

  useEffect(() => {
    if (submitted.current) return;
    submitted.current = true;
    formRef.current?.submit();
  }, []);

  return (
    <form
      ref={formRef}
      method="post"
      action={payment.process_url}
      encType="application/x-www-form-urlencoded"
      data-testid="payfast-form"
      className="flex flex-col items-center gap-3 rounded-lg border border-neutral-200 bg-white px-6 py-10 text-center"
    >
      {payment.fields.map((field, index) => (
        <input key={`${index}-${field.name}`} type="hidden" name={field.name} value={field.value} />
      ))}
      <p role="status" className="flex items-center gap-2 font-medium">
        <Loader2 aria-hidden="true" className="size-5 animate-spin" />
        Taking you to PayFast…
      </p>
      <Button type="submit" variant="secondary">
        Continue to PayFast
      </Button>
    </form>
  );
}
