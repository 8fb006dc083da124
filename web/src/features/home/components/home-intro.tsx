/** The home page's opening block: what the shop is, in one line. */
export function HomeIntro() {
  return (
    <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-800 px-6 py-10 text-white sm:px-10 sm:py-14">
      <h1 className="max-w-2xl text-3xl font-bold tracking-tight sm:text-4xl">
        Great finds from South African stores
      </h1>
      <p className="mt-3 max-w-xl text-base text-brand-100 sm:text-lg">
        Shop products from trusted local sellers in one place. Prices are in rand and include VAT.
      </p>
    </section>
  );
}
