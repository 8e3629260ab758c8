// The label a customer is shown (issue 21): zod-free, so the storefront's cards and home page carry no schema code.
/** The label a card or page shows a customer: its rules' labels less those withheld from them (priceOffers). */
export const shownLabel = (label: string | null, withheld: readonly string[] = []): string =>
  (label ?? '')
    .split(' ')
    .filter((l) => l && !withheld.includes(l))
    .join(' ');
