import type { ComponentProps } from 'react';
import Link from 'next/link';

/**
 * A link admins wrote: a page of this site (a path) goes through next/link, an https:// address
 * elsewhere is a plain link that opens as any other would.
 */
export function ContentLink({ href, ...props }: Omit<ComponentProps<'a'>, 'href'> & { href: string }) {
  if (/^https:\/\//i.test(href)) return <a href={href} {...props} />;
  return <Link href={href} {...props} />;
}
