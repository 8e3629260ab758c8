import { useEffect, useRef, useState } from 'react';
import type { LineEdit } from '../utils/plan-lines.ts';

/** A typed count waits this long after the last keystroke: "12" is one edit, not 1 and then 12. */
const COUNT_SETTLE_MS = 400;

/**
 * The plan's edits as the customer makes them: shown at once, sent one line at
 * a time in the order made (a line's next edit waits for its last answer, so
 * answers cannot overtake each other), a typed count once it settles. `flush`
 * sends whatever still waits (before 去下单), and unmounting sends it too.
 */
export function useLineEdits(send: (id: number, edit: LineEdit) => Promise<unknown>) {
  const [edits, setEdits] = useState<Record<number, LineEdit>>({});
  const waiting = useRef(new Map<number, LineEdit>());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const inFlight = useRef(new Map<number, Promise<void>>());
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  const sendNow = (id: number): Promise<void> => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    const body = waiting.current.get(id);
    if (!body) return inFlight.current.get(id) ?? Promise.resolve();
    waiting.current.delete(id);
    const sent: Promise<void> = (inFlight.current.get(id) ?? Promise.resolve())
      .then(() => sendRef.current(id, body))
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        if (inFlight.current.get(id) !== sent) return;
        inFlight.current.delete(id);
        // The server's answer now shows the line, unless the customer changed it again meanwhile.
        if (!waiting.current.has(id))
          setEdits((e) => {
            const { [id]: _done, ...rest } = e;
            return rest;
          });
      });
    inFlight.current.set(id, sent);
    return sent;
  };

  const flush = () => Promise.all([...new Set([...waiting.current.keys(), ...inFlight.current.keys()])].map(sendNow)).then(() => undefined);
  const flushRef = useRef(flush);
  useEffect(() => {
    flushRef.current = flush;
  });
  useEffect(() => () => void flushRef.current(), []);

  const change = (id: number, next: LineEdit) => {
    setEdits((e) => ({ ...e, [id]: { ...e[id], ...next } }));
    waiting.current.set(id, { ...waiting.current.get(id), ...next });
    clearTimeout(timers.current.get(id));
    if (next.count === undefined) void sendNow(id);
    else
      timers.current.set(
        id,
        setTimeout(() => void sendNow(id), COUNT_SETTLE_MS),
      );
  };

  return { edits, change, flush };
}
