'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { CheckCircle2, Loader2, ThumbsDown, ThumbsUp } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useHelpFeedback, type HelpArticle } from '@/features/help/api/help';
import { helpfulText } from '@/features/help/lib/help-paths';
import { readHelpVote, rememberHelpVote, type HelpVote } from '@/features/help/lib/help-votes';

/** The API's message for a refusal it explains (429: voting too often); a generic one otherwise. */
function voteFailure(error: unknown): string {
  if (error instanceof ApiError && error.isClientError) return error.message;
  return 'Your vote could not be counted. Please try again.';
}

/**
 * "Was this helpful?" with Yes and No. Anyone may vote; once this browser has voted on the
 * article (remembered in localStorage) it shows the thanks and how many found it helpful instead.
 * Rendered after mount only (the article page is), so reading storage at once is safe.
 */
export function ArticleFeedback({ article }: { article: Pick<HelpArticle, 'id' | 'slug' | 'helpful_yes'> }) {
  const headingId = useId();
  const [vote, setVote] = useState<HelpVote | null>(() => readHelpVote(article.id));
  const [votedNow, setVotedNow] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const feedback = useHelpFeedback(article.slug);

  function send(helpful: boolean) {
    setFailure(null);
    feedback.mutate(helpful, {
      onSuccess: () => {
        const given: HelpVote = helpful ? 'yes' : 'no';
        rememberHelpVote(article.id, given);
        setVotedNow(true);
        setVote(given);
      },
      onError: (error) => setFailure(voteFailure(error)),
    });
  }

  if (vote) return <FeedbackThanks helpfulYes={article.helpful_yes} takeFocus={votedNow} />;

  const busy = feedback.isPending;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-5"
      data-testid="article-feedback"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-base font-semibold text-neutral-900">
          Was this helpful?
        </h2>
        <div className="flex gap-2">
          <Button variant="secondary" className="h-10 min-w-20" disabled={busy} onClick={() => send(true)}>
            {busy && feedback.variables === true ? (
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <ThumbsUp aria-hidden="true" className="size-4" />
            )}
            Yes
          </Button>
          <Button variant="secondary" className="h-10 min-w-20" disabled={busy} onClick={() => send(false)}>
            {busy && feedback.variables === false ? (
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <ThumbsDown aria-hidden="true" className="size-4" />
            )}
            No
          </Button>
        </div>
      </div>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-sale">
          {failure}
        </p>
      ) : null}
    </section>
  );
}

function FeedbackThanks({ helpfulYes, takeFocus }: { helpfulYes: number; takeFocus: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // The buttons that had the focus are gone: the thanks takes it.
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="flex flex-col gap-1 rounded-lg border border-green-200 bg-green-50 p-5 text-neutral-800 outline-none dark:border-green-900 dark:bg-green-950"
      data-testid="article-feedback-thanks"
    >
      <p className="flex items-center gap-2 font-medium">
        <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-green-700 dark:text-green-400" />
        Thanks for your feedback
      </p>
      <p className="text-sm text-neutral-600" data-testid="article-helpful-count">
        {helpfulText(helpfulYes)}
      </p>
    </div>
  );
}
