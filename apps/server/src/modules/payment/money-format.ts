// How the payment module writes money and instants into messages and answers.

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
