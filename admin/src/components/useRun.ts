import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { HttpError, useDataProvider, useNotify } from 'react-admin';
import { QuireDataProvider } from '../dataProvider';

/** Where an outcome is told: react-admin's notification, or a screen's own banner. */
export type Report = (severity: 'success' | 'error', text: string) => void;

export interface RunOptions<T> {
  /** Asked in turn with window.confirm; any "Cancel" stops before the call. */
  confirm?: string | string[];
  call: (dataProvider: QuireDataProvider) => Promise<T>;
  /** Resources whose cached lists and records are stale once the call succeeded. */
  invalidates?: string[];
  /** The success's text, or a function of the result giving it (nothing told when it gives none). */
  success?: string | ((result: T) => string | undefined);
  /** The failure's text, or a function of the error giving it; nothing is told without one. */
  failure?: string | ((error: unknown) => string);
  onSuccess?: (result: T) => void;
  onFailure?: (error: unknown) => void;
}

/** A delete for run(): the call, and the resource whose lists it makes stale. */
export const deleting = (resource: string, record: { id: string }) => ({
  call: (dataProvider: QuireDataProvider) => dataProvider.delete(resource, { id: record.id, previousData: record }),
  invalidates: [resource],
});

/** The server's `message` of a failed call, when it gave one. */
export function serverMessage(failure: unknown): string | undefined {
  const message = (failure as { body?: { message?: unknown } | null } | null)?.body?.message;
  const text = Array.isArray(message) ? message.filter((m) => typeof m === 'string').join(' ') : message;
  return typeof text === 'string' && text.trim() ? text : undefined;
}

/** The spec's words, then the server's reason when it gave one. */
export const withReason = (text: string) => (error: unknown) => {
  const reason = serverMessage(error);
  return reason ? `${text} ${reason}` : text;
};

/**
 * Confirm, call the data provider, invalidate what changed, and tell the outcome: the one way
 * every screen runs an action. One action at a time: `busy` is the key of the running one.
 */
export function useRun(report?: Report) {
  const dataProvider = useDataProvider<QuireDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  // The refetch of what went stale is part of the action: `busy` lasts until the screen shows the outcome.
  const mutation = useMutation({
    mutationFn: async ({ call, invalidates }: { key: string; call: (dataProvider: QuireDataProvider) => Promise<unknown>; invalidates: string[] }) => {
      const result = await call(dataProvider);
      await Promise.all(invalidates.map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })));
      return result;
    },
  });
  const tell: Report = report ?? ((severity, text) => notify(text, { type: severity, messageArgs: { _: text } }));

  const run = async <T>(key: string, options: RunOptions<T>): Promise<void> => {
    if (inFlight.current) return;
    const questions = options.confirm === undefined ? [] : [options.confirm].flat();
    if (!questions.every((question) => window.confirm(question))) return;
    inFlight.current = true;
    try {
      const result = (await mutation.mutateAsync({ key, call: options.call, invalidates: options.invalidates ?? [] })) as T;
      const text = typeof options.success === 'function' ? options.success(result) : options.success;
      if (text) tell('success', text);
      options.onSuccess?.(result);
    } catch (error) {
      const text = typeof options.failure === 'function' ? options.failure(error) : options.failure;
      if (text) tell('error', text);
      options.onFailure?.(error);
    } finally {
      inFlight.current = false;
    }
  };

  return { run, busy: mutation.isPending ? mutation.variables.key : null };
}

/** The server's field errors of a failed save (keyed by field, see the data provider), `prefix` dropped. */
export function fieldErrorsOf(failure: unknown, prefix = ''): Record<string, string> {
  const errors = (failure as { body?: { errors?: unknown } | null } | null)?.body?.errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors as Record<string, string>).map(([field, message]) => [field.startsWith(prefix) ? field.slice(prefix.length) : field, message]),
  );
}

/** A react-admin save's failure (`mutationOptions.onError`) told as a notice: the dashboard's words, then the server's reason. */
export function useSaveFailure(text: string) {
  const notify = useNotify();
  return (error: unknown) => {
    const reason = error instanceof HttpError ? serverMessage(error) : undefined;
    const message = reason ? `${text} ${reason}` : text;
    notify(message, { type: 'error', messageArgs: { _: message } });
  };
}
