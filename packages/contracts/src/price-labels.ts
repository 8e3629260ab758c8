// The labels a customer is shown (issue 21): zod-free, so the storefront's cards and home page carry no schema code.

/** A card's label is its rules' labels joined by this (a rule's label may not hold a space: priceRule). */
const SEPARATOR = ' ';

/** The one label a card or page carries for these rules' labels. */
export const joinLabels = (labels: readonly string[]): string => labels.join(SEPARATOR);

/** The label a card or page shows a customer: its rules' labels less those withheld from them (priceOffers). */
export const shownLabel = (label: string | null, withheld: readonly string[] = []): string =>
  joinLabels((label ?? '').split(SEPARATOR).filter((l) => l && !withheld.includes(l)));
