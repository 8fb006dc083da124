import { ImageOff } from 'lucide-react';

/** A product's picture beside its name in an admin table, or a placeholder when it has none. */
export function ProductThumbnail({ url }: { url: string | null }) {
  if (!url) {
    return (
      <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-neutral-100 text-neutral-400">
        <ImageOff aria-hidden="true" className="size-5" />
      </span>
    );
  }
  // The name next to it says what it is: the picture is decoration here.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={url} alt="" loading="lazy" className="size-12 shrink-0 rounded-md border border-neutral-200 bg-neutral-100 object-cover" />;
}
