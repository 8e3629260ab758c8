// The one way the storefront and the console send a write a person asks for (issue 21, ADR 0061).
import { useMutation, type DefaultError, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { createWriteGuard } from './write-guard.ts';

export type WriteOptions<TData, TVars, TContext = unknown> = Omit<
  UseMutationOptions<TData, DefaultError, TVars, TContext>,
  'mutationFn'
> & {
  /** Sends the write; `idempotencyKey` is the same for every retry of one intent (a create call sends it). */
  mutationFn: (input: TVars, idempotencyKey: string) => Promise<TData>;
};

/**
 * useMutation for a write a person asks for: a second mutate with the same
 * input while the first is out (a double click, a second Enter) sends
 * nothing and shares the first's answer, and each intent has one
 * idempotency key until it succeeds. Buttons show `isPending` (loading).
 * An eslint rule keeps useMutation to this file.
 */
export function useWrite<TData = unknown, TVars = void, TContext = unknown>(
  options: WriteOptions<TData, TVars, TContext>,
): UseMutationResult<TData, DefaultError, TVars, TContext> {
  const [guard] = useState(createWriteGuard);
  const { mutationFn, onSuccess } = options;
  const m = useMutation<TData, DefaultError, TVars, TContext>({
    ...options,
    mutationFn: (input) => mutationFn(input, guard.keyFor(input)),
    onSuccess: (...args) => {
      guard.done(args[1]);
      return onSuccess?.(...args);
    },
  });
  const mutateAsync: typeof m.mutateAsync = (...args) => guard.run(args[0], () => m.mutateAsync(...args));
  return { ...m, mutateAsync, mutate: (...args) => void mutateAsync(...args).catch(() => undefined) };
}
