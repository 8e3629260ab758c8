/** A positive whole number from the address (?page=2), else undefined. */
export const int = (v: string | null) => (v !== null && /^\d+$/.test(v) ? Number(v) : undefined);

/** One of `values` from the address, else undefined: a hand-edited address never reaches a call. */
export const oneOf = <T extends string>(v: string | null, values: readonly T[]) => (values.includes(v as T) ? (v as T) : undefined);
