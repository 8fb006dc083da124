'use client';

import Link from 'next/link';
import { Suspense, useRef, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { useForm, useWatch, type RegisterOptions } from 'react-hook-form';
import { ArrowLeft, Loader2 } from 'lucide-react';
import { EmptyState, ErrorState, PageHeader, PageSkeleton, Panel, errorMessage } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useMounted } from '@/lib/use-mounted';
import { splitFieldErrors } from '@/features/vendor/lib/store-profile-schema';
import {
  EMAIL_TEMPLATES_PATH,
  type EmailPreview,
  type EmailTemplateView,
  type EmailVariable,
  isTemplateChanged,
  useEmailPreview,
  useEmailTemplate,
  useResetEmailTemplate,
  useSaveEmailTemplate,
} from '@/features/admin/api/email-templates';
import { FormErrorsAlert, StaleAlert } from '@/features/admin/components/admin-form-parts';
import { templateState } from '@/features/admin/components/email-templates-page';

/** The parts of an email, as the API names them (and its field errors), in the page's order. */
const PARTS = ['subject', 'text', 'html'] as const;
type Part = (typeof PARTS)[number];
type EmailFormValues = Record<Part, string>;

const PART_LABELS: Record<Part, string> = {
  subject: 'Subject',
  text: 'Plain-text body',
  html: 'HTML body',
};

/** The parts as a sentence names them (the server's words: "Enter the plain-text body"). */
const PART_NAMES: Record<Part, string> = {
  subject: 'subject',
  text: 'plain-text body',
  html: 'HTML body',
};

/** Above the form when the server refused parts of the email. */
export const EMAIL_FIELDS_REFUSED = 'The email was not saved: correct the fields marked below.';

/** How long the editor waits after the last keystroke before asking for a new preview. */
export const PREVIEW_DELAY_MS = 400;

/** An email's key as the API spells them (`order_confirmed`); anything else is not an email. */
const KEY = /^[a-z0-9_]{1,64}$/;

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * The checks the page makes before sending, worded as the server's (crates/mail/src/templates.rs,
 * `Templates::check`); the server checks the rest (syntax, variables, lengths) and is the authority.
 */
const RULES: Record<Part, RegisterOptions<EmailFormValues, Part>> = {
  subject: { validate: (value) => value.trim() !== '' || 'Enter the subject' },
  text: { validate: (value) => value.trim() !== '' || 'Enter the plain-text body' },
  html: {},
};

function formValues(template: EmailTemplateView): EmailFormValues {
  return { subject: template.subject, text: template.text, html: template.html };
}

/** `{{ name }}`, as a template writes a variable. */
export function variableToken(name: string): string {
  return `{{ ${name} }}`;
}

/**
 * /admin/email-templates/edit/?key=<email>: one email's subject, plain-text and HTML bodies
 * (GET /api/v1/admin/email-templates/{key}), the variables it is given, and a live preview with
 * their samples (POST …/preview a moment after each change). Saving (PUT) reports each part's
 * problems under it; "Reset to default" (DELETE) puts bazaar's wording back. The page is exported
 * once, so the email comes from the query string, after mount.
 */
export function AdminEmailTemplateEditorPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading the email" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading the email" />;
  const key = searchParams?.get('key') ?? '';
  if (!KEY.test(key)) return <NoSuchEmail />;
  return <EditorLoader key={key} templateKey={key} />;
}

function BackLink() {
  return (
    <p className="mb-4">
      <Link
        href={EMAIL_TEMPLATES_PATH}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All emails
      </Link>
    </p>
  );
}

function NoSuchEmail() {
  return (
    <>
      <PageHeader title="Edit email" />
      <EmptyState title="No such email">
        <p className="text-sm text-neutral-600">The link may be incomplete: pick the email from the list.</p>
        <Link href={EMAIL_TEMPLATES_PATH} className={LINK}>
          See all emails
        </Link>
      </EmptyState>
    </>
  );
}

function EditorLoader({ templateKey }: { templateKey: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useEmailTemplate(templateKey);
  // Once the editor shows, a failed read (a reload) leaves it and its changes in place.
  if (data === undefined) {
    if (isPending || !isError) return <PageSkeleton label="Loading the email" />;
    if (error instanceof ApiError && (error.isNotFound || error.status === 400)) return <NoSuchEmail />;
    return (
      <>
        <BackLink />
        <PageHeader title="Edit email" />
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </>
    );
  }
  return (
    <EmailTemplateEditor
      template={data}
      reload={async () => (await refetch({ throwOnError: true })).data}
    />
  );
}

type Notice = 'saved' | 'reset' | null;

function EmailTemplateEditor({
  template,
  reload,
}: {
  template: EmailTemplateView;
  reload: () => Promise<EmailTemplateView | undefined>;
}) {
  const save = useSaveEmailTemplate(template.key);
  const reset = useResetEmailTemplate(template.key);
  const dialog = useConfirmState();
  // The version the form was filled in from: sent with a save, so one over a newer save is refused.
  const [version, setVersion] = useState<string | null>(template.updated_at ?? null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [stale, setStale] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [reloading, setReloading] = useState(false);
  const [lastField, setLastField] = useState<Part>('text');
  const elements = useRef<Partial<Record<Part, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const form = useForm<EmailFormValues>({ defaultValues: formValues(template) });
  const {
    register,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = form;

  /** Fills the form in from `view` (saved, reset or reloaded) and starts again from its version. */
  function load(view: EmailTemplateView) {
    form.reset(formValues(view));
    setVersion(view.updated_at ?? null);
    setFormErrors([]);
    setStale(null);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    setNotice(null);
    try {
      load(await save.mutateAsync({ ...values, updated_at: version }));
      setNotice('saved');
    } catch (error) {
      if (isTemplateChanged(error)) {
        setStale(error.message);
      } else if (error instanceof ApiError && error.status === 400 && error.fields) {
        const { byField, other } = splitFieldErrors(error.fields, PARTS);
        byField.forEach(([name, message], index) => form.setError(name, { message }, { shouldFocus: index === 0 }));
        setFormErrors(byField.length > 0 ? [EMAIL_FIELDS_REFUSED, ...other] : [error.message, ...other]);
      } else {
        setFormErrors([errorMessage(error, 'The email could not be saved. Please try again.')]);
      }
    }
  });

  async function reloadLatest() {
    setReloading(true);
    try {
      const latest = await reload();
      if (latest) {
        load(latest);
        setNotice(null);
      }
    } catch (error) {
      setFormErrors([errorMessage(error, 'The email could not be loaded. Please try again.')]);
    } finally {
      setReloading(false);
    }
  }

  async function confirmReset() {
    dialog.setError(null);
    try {
      load(await reset.mutateAsync());
      setNotice('reset');
      dialog.close();
    } catch (error) {
      dialog.setError(errorMessage(error, 'The default could not be put back. Please try again.'));
    }
  }

  /** The part's input, registered, remembered for inserting variables, and marked as last used on focus. */
  function part(name: Part) {
    const registration = register(name, RULES[name]);
    return {
      ...registration,
      ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
        registration.ref(element);
        elements.current[name] = element;
      },
      onFocus: () => setLastField(name),
    };
  }

  /** Puts `{{ name }}` in place of the selection of the part last used (or at its cursor). */
  function insertVariable(name: string) {
    const token = variableToken(name);
    const element = elements.current[lastField];
    const current = form.getValues(lastField);
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? start;
    form.setValue(lastField, current.slice(0, start) + token + current.slice(end), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    if (element) {
      element.focus();
      element.setSelectionRange(start + token.length, start + token.length);
    }
  }

  // The live preview: the draft a moment after its last change, rendered by the server.
  const watched = useWatch({ control });
  const draft = {
    subject: useDebouncedValue(watched.subject ?? '', PREVIEW_DELAY_MS),
    text: useDebouncedValue(watched.text ?? '', PREVIEW_DELAY_MS),
    html: useDebouncedValue(watched.html ?? '', PREVIEW_DELAY_MS),
  };
  const preview = useEmailPreview(template.key, { ...draft, updated_at: version });
  // The last preview that rendered stays in view while the draft has problems or the next loads.
  const [shown, setShown] = useState<EmailPreview | undefined>(undefined);
  if (preview.data && preview.data !== shown) setShown(preview.data);
  const refused = preview.error instanceof ApiError && preview.error.status === 400 ? preview.error : null;
  const problems = splitFieldErrors(refused?.fields, PARTS);
  const problemOf = (name: Part) => problems.byField.find(([field]) => field === name)?.[1];
  const errorOf = (name: Part) => errors[name]?.message ?? problemOf(name);

  const busy = isSubmitting || save.isPending;
  const state = version === null ? 'Default wording' : templateState(version);

  return (
    <>
      <BackLink />
      <PageHeader
        title={template.title}
        description={template.sent_when}
        actions={<StatusBadge label={state} tone={version === null ? 'neutral' : 'info'} />}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-label="Email template"
          className="flex min-w-0 flex-col gap-5"
        >
          {stale ? (
            <StaleAlert
              message={stale}
              onReload={reloading ? null : () => void reloadLatest()}
              testId="template-changed"
            />
          ) : null}
          <FormErrorsAlert messages={formErrors} />
          <FormField label={PART_LABELS.subject} error={errorOf('subject')}>
            <Input type="text" autoComplete="off" spellCheck={false} className="font-mono" {...part('subject')} />
          </FormField>
          <FormField label={PART_LABELS.text} error={errorOf('text')} hint="Every email has one: mail apps that show no HTML show this.">
            <Textarea rows={10} spellCheck={false} className="font-mono" {...part('text')} />
          </FormField>
          <FormField label={PART_LABELS.html} error={errorOf('html')} hint="Leave it empty to send a plain-text email.">
            <Textarea rows={14} spellCheck={false} className="font-mono" {...part('html')} />
          </FormField>
          <div className="flex flex-wrap items-center gap-4">
            <Button type="submit" disabled={busy || stale !== null} className="h-11 min-w-32">
              {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
              Save email
            </Button>
            {notice !== null && !isDirty ? (
              <p role="status" className="text-sm font-medium text-green-700">
                {notice === 'saved' ? 'Email saved' : 'The default wording is back'}
              </p>
            ) : null}
            <div className="ml-auto">
              <ConfirmDialog
                open={dialog.open}
                onOpenChange={dialog.onOpenChange}
                trigger={
                  <Button variant="secondary" className="h-11" disabled={version === null && !isDirty}>
                    Reset to default
                  </Button>
                }
                title="Reset to the default wording?"
                description={`The store’s own wording of “${template.title}” is removed, with any changes not saved yet, and the next email of this kind uses bazaar’s default.`}
                confirmLabel="Reset to default"
                onConfirm={() => void confirmReset()}
                pending={reset.isPending}
                error={dialog.error}
                testId="reset-template-dialog"
              />
            </div>
          </div>
        </form>
        <VariablesPanel variables={template.variables} target={PART_NAMES[lastField]} onInsert={insertVariable} />
      </div>
      <PreviewPanel
        preview={shown}
        updating={preview.isFetching}
        hasProblems={refused !== null}
        failure={preview.isError && refused === null ? preview.error : null}
      />
    </>
  );
}

function VariablesPanel({
  variables,
  target,
  onInsert,
}: {
  variables: readonly EmailVariable[];
  target: string;
  onInsert: (name: string) => void;
}) {
  return (
    <Panel
      title="Variables"
      description={`What this email is given. A button puts the variable at the cursor in the ${target}.`}
      className="self-start"
    >
      <ul className="flex flex-col gap-3" aria-label="Variables">
        {variables.map((variable) => (
          <li key={variable.name} className="flex flex-col items-start gap-1">
            <Button
              variant="secondary"
              className="h-8 font-mono"
              aria-label={`Insert ${variableToken(variable.name)}`}
              onClick={() => onInsert(variable.name)}
            >
              {variableToken(variable.name)}
            </Button>
            <p className="text-sm text-neutral-700">{variable.description}</p>
            <p className="text-xs break-all text-neutral-500">Preview: {variable.sample}</p>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function PreviewPanel({
  preview,
  updating,
  hasProblems,
  failure,
}: {
  preview: EmailPreview | undefined;
  updating: boolean;
  hasProblems: boolean;
  failure: unknown;
}) {
  return (
    <Panel
      title="Preview"
      description="The email with sample values; it follows the changes as you type."
      className="mt-6"
      actions={
        updating ? (
          <span className="inline-flex items-center gap-1 text-sm text-neutral-600">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            Updating
          </span>
        ) : null
      }
    >
      <div className="flex flex-col gap-4" aria-busy={updating} data-testid="email-preview">
        {hasProblems ? (
          <p className="text-sm font-medium text-sale" data-testid="preview-problems">
            {preview
              ? 'This is the last version that worked: correct the fields marked above to see your changes.'
              : 'Correct the fields marked above to see the preview.'}
          </p>
        ) : null}
        {failure ? (
          <p className="text-sm font-medium text-sale">{errorMessage(failure, 'The preview could not be made. Please try again.')}</p>
        ) : null}
        {preview ? (
          <>
            <div>
              <h3 className="text-sm font-medium text-neutral-800">Subject</h3>
              <p className="mt-1 text-base font-semibold break-words text-neutral-900" data-testid="preview-subject">
                {preview.subject}
              </p>
            </div>
            <div>
              <h3 className="text-sm font-medium text-neutral-800">Plain text</h3>
              <pre
                className="mt-1 max-h-96 overflow-auto rounded-md border border-neutral-200 bg-neutral-50 p-3 font-mono text-sm whitespace-pre-wrap text-neutral-900"
                data-testid="preview-text"
              >
                {preview.text}
              </pre>
            </div>
            <div>
              <h3 className="text-sm font-medium text-neutral-800">HTML</h3>
              {preview.html ? (
                // An empty sandbox: the email's HTML runs no script and reaches nothing of the page.
                <iframe
                  sandbox=""
                  srcDoc={preview.html}
                  title="HTML preview"
                  className="mt-1 h-[36rem] w-full rounded-md border border-neutral-200 bg-white"
                />
              ) : (
                <p className="mt-1 text-sm text-neutral-600">No HTML body: this email is sent as plain text.</p>
              )}
            </div>
          </>
        ) : !hasProblems && !failure ? (
          <p className="text-sm text-neutral-600">Making the preview…</p>
        ) : null}
      </div>
    </Panel>
  );
}
