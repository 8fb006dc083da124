import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { api, type Schema } from '@/lib/api/client';

/**
 * The wording of the store's emails, for admins: GET /api/v1/admin/email-templates (every email,
 * orders first, with the date of the store's own wording where it has one), GET, PUT and DELETE
 * /api/v1/admin/email-templates/{key} for one email's template (DELETE puts the default back), and
 * POST …/{key}/preview to render an edited template with its variables' samples without saving it.
 *
 * Templates are minijinja (`{{ order_number }}`, `{% if tracking_url %}…{% endif %}`). The server
 * checks each part and answers its problems by field (400 with `error.fields` under `subject`,
 * `text`, `html`, each starting "Line N: "), for a preview as for a save. A save carries the
 * `updated_at` it was filled in from; one over a newer save is refused with 409 `template_changed`.
 */

export type EmailTemplateSummary = Schema<'EmailTemplateSummary'>;
export type EmailTemplateView = Schema<'EmailTemplateView'>;
export type EmailTemplateInput = Schema<'EmailTemplateInput'>;
export type EmailPreview = Schema<'EmailPreview'>;
export type EmailVariable = Schema<'EmailVariable'>;

/** The list and the editor; links carry the email's key as `?key=` (the site is a static export). */
export const EMAIL_TEMPLATES_PATH = '/admin/email-templates/';

export function emailTemplateHref(key: string): string {
  return `${EMAIL_TEMPLATES_PATH}edit/?key=${encodeURIComponent(key)}`;
}

const ROOT = ['admin', 'email-templates'] as const;

export function emailTemplatesQueryOptions() {
  return queryOptions({
    queryKey: [...ROOT, 'list'] as const,
    queryFn: ({ signal }): Promise<EmailTemplateSummary[]> => api.get('/api/v1/admin/email-templates', { signal }),
    staleTime: 0,
  });
}

export function useEmailTemplates() {
  return useQuery(emailTemplatesQueryOptions());
}

export function emailTemplateQueryOptions(key: string) {
  return queryOptions({
    queryKey: [...ROOT, 'one', key] as const,
    queryFn: ({ signal }): Promise<EmailTemplateView> =>
      api.get('/api/v1/admin/email-templates/{key}', { path: { key }, signal }),
    staleTime: 0,
  });
}

export function useEmailTemplate(key: string) {
  return useQuery(emailTemplateQueryOptions(key));
}

/**
 * `input` rendered with the samples: the editor's live preview. The same draft renders the same,
 * so an answer is kept while the editor is open; a 400 (the draft's problems) is not retried.
 */
export function emailPreviewQueryOptions(key: string, input: EmailTemplateInput) {
  return queryOptions({
    queryKey: [...ROOT, 'preview', key, input.subject, input.text, input.html] as const,
    queryFn: ({ signal }): Promise<EmailPreview> =>
      api.post('/api/v1/admin/email-templates/{key}/preview', { path: { key }, body: input, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

export function useEmailPreview(key: string, input: EmailTemplateInput) {
  return useQuery(emailPreviewQueryOptions(key, input));
}

/** Keeps the answer as the email's template and reads the list (its "Edited" dates) again. */
function useKeepTemplate() {
  const queryClient = useQueryClient();
  return (template: EmailTemplateView) => {
    queryClient.setQueryData(emailTemplateQueryOptions(template.key).queryKey, template);
    return queryClient.invalidateQueries({ queryKey: emailTemplatesQueryOptions().queryKey });
  };
}

/** Saves an email's template (PUT): the next email of its kind uses it. */
export function useSaveEmailTemplate(key: string) {
  const keep = useKeepTemplate();
  return useMutation({
    mutationFn: (input: EmailTemplateInput): Promise<EmailTemplateView> =>
      api.put('/api/v1/admin/email-templates/{key}', { path: { key }, body: input }),
    onSuccess: keep,
  });
}

/** Puts an email's default wording back (DELETE); answers the default. */
export function useResetEmailTemplate(key: string) {
  const keep = useKeepTemplate();
  return useMutation({
    mutationFn: (): Promise<EmailTemplateView> => api.delete('/api/v1/admin/email-templates/{key}', { path: { key } }),
    onSuccess: keep,
  });
}

/** Someone else saved the email since the editor was filled in (409 `template_changed`). */
export function isTemplateChanged(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code === 'template_changed';
}
