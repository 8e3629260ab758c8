/** The time source of every expiry and limit; tests hand in one they can move forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The moment `seconds` after `from`. */
export const addSeconds = (from: Date, seconds: number): Date => new Date(from.getTime() + seconds * 1000);
