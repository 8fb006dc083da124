import type { InputHTMLAttributes, Ref } from 'react';
import { Input } from '@/components/ui/input';

/** One field for a 6-digit authenticator code, with the hints phones use to offer it. */
export function TotpCodeInput({
  className,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <Input
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      placeholder="123456"
      variant="code"
      className={className}
      {...props}
    />
  );
}
