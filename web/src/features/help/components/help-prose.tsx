import { cn } from '@/lib/cn';

/**
 * Typography for an article's HTML (Markdown made HTML by the server: headings, paragraphs,
 * lists, links, emphasis, code, quotes and tables), in the prose pages' look.
 */
const PROSE = cn(
  'text-base leading-7 text-neutral-700 break-words',
  '[&>*+*]:mt-4 [&>*:first-child]:mt-0',
  '[&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-neutral-900',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-neutral-900',
  '[&_h4]:mt-5 [&_h4]:font-semibold [&_h4]:text-neutral-900',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 hover:[&_a]:text-brand-800',
  '[&_strong]:font-semibold [&_strong]:text-neutral-900 [&_em]:italic',
  '[&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-5 [&_li]:pl-1',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-neutral-200 [&_blockquote]:pl-4 [&_blockquote]:text-neutral-600',
  '[&_code]:rounded [&_code]:bg-neutral-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm [&_code]:text-neutral-900',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-neutral-100 [&_pre]:p-4 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_hr]:border-neutral-200',
  '[&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_th]:border-b [&_th]:border-neutral-200 [&_th]:px-2 [&_th]:py-1.5 [&_th]:text-left [&_th]:font-semibold [&_th]:text-neutral-900 [&_td]:border-b [&_td]:border-neutral-200 [&_td]:px-2 [&_td]:py-1.5',
  '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
);

/** HTML the server has sanitised (never anything a browser sent as it is). */
export function HelpProse({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  return <div className={cn(PROSE, className)} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
