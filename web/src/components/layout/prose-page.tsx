import Link from 'next/link';
import type { ReactNode } from 'react';

/**
 * The layout of the static information pages (about, policies, help): one h1, an optional lead
 * paragraph, then sections of readable text. Server component; pages only compose it.
 */
export function ProsePage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto w-full max-w-3xl">
      <header className="border-b border-neutral-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-neutral-900 sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-3 text-lg leading-8 text-neutral-600">{lead}</p> : null}
      </header>
      <div className="mt-8 flex flex-col gap-10">{children}</div>
    </article>
  );
}

/** A titled section of a ProsePage; lists, paragraphs and emphasis inside are styled for reading. */
export function ProseSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-semibold tracking-tight text-neutral-900">{title}</h2>
      <div className="mt-3 flex flex-col gap-3 text-base leading-7 text-neutral-700 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-5 [&_strong]:font-semibold [&_strong]:text-neutral-900 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5">
        {children}
      </div>
    </section>
  );
}

const linkClass =
  'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** An in-text link: a client-side Link for site paths, a plain anchor for mailto: and the like. */
export function ProseLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith('/')) {
    return (
      <Link href={href} className={linkClass}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={linkClass}>
      {children}
    </a>
  );
}

/** A list of questions that open to show their answers (native disclosure widgets). */
export function DisclosureList({
  items,
}: {
  items: readonly { question: string; answer: ReactNode }[];
}) {
  return (
    <div className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white">
      {items.map((item) => (
        <details key={item.question} className="group px-4 sm:px-5">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium text-neutral-900 [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <span
              aria-hidden="true"
              className="text-xl leading-none text-brand-700 transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <div className="flex flex-col gap-3 pb-4 leading-7 text-neutral-700">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
