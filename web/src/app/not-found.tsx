import Link from 'next/link';
import { MessagePanel } from '@/components/ui/message-panel';

export default function NotFound() {
  return (
    <MessagePanel title="Page not found" headingLevel="h1" className="mx-auto max-w-lg">
      <p className="text-neutral-600">The page you are looking for does not exist or has moved.</p>
      <Link href="/" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
        Back to the home page
      </Link>
    </MessagePanel>
  );
}
