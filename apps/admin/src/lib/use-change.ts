import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App } from 'antd';

/** What follows a change that went through: the message shown, the queries that show the changed data, then (say) closing the modal. */
interface ChangeDone {
  done: string;
  refresh: readonly string[];
  onDone?: () => void;
}

/**
 * A change sent from the console (a form modal's save, a review, a reset): on
 * success its message, then every query in `refresh` reads again, then
 * onDone: the steps the form modals' saves and several row actions share.
 */
export function useChange<TInput, TData>(
  run: (input: TInput, idempotencyKey: string) => Promise<TData>,
  { done, refresh, onDone }: ChangeDone,
) {
  const { message } = App.useApp();
  const queries = useQueryClient();
  return useWrite({
    mutationFn: run,
    onSuccess: () => {
      void message.success(done);
      for (const key of refresh) void queries.invalidateQueries({ queryKey: [key] });
      onDone?.();
    },
  });
}
