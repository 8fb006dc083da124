import { splitMessage } from '@/features/chat/lib/message-links';

/**
 * A message's text as text (line breaks kept), with its web addresses as links that name the
 * site they go to: "https://example.com/a (example.com)". Never parsed as HTML.
 */
export function MessageText({ body }: { body: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap" data-testid="message-body">
      {splitMessage(body).map((part, index) =>
        part.type === 'text' ? (
          part.text
        ) : (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="nofollow noopener noreferrer"
            className="underline underline-offset-2"
          >
            {part.text} ({part.domain})
          </a>
        ),
      )}
    </p>
  );
}
