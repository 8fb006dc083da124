import { Palette } from 'lucide-react';

/**
 * SPEC §2: the custom design studio is labelled Coming Soon on the home page. It is a notice, not
 * a link: there is nothing to open yet.
 */
export function CreateYourVision() {
  return (
    <section
      aria-labelledby="home-create-vision-heading"
      data-testid="home-create-vision"
      className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-brand-600 bg-brand-50 p-6 sm:flex-row sm:items-center sm:gap-6 sm:p-8"
    >
      <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm">
        <Palette aria-hidden="true" className="size-7" />
      </span>
      <div className="flex flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="home-create-vision-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
            Create your vision
          </h2>
          <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">Coming Soon</span>
        </div>
        <p className="max-w-2xl text-neutral-700">
          Design your own kit: put your team name, logo and colours on shirts, caps and more with our
          custom design studio.
        </p>
      </div>
    </section>
  );
}
