import { useCallback, useEffect, useState } from 'react';
import { useListContext } from 'react-admin';

const FOLLOW_MS = 5000;
/** Jobs whose status is about to change; a paused one waits at OpenAI for someone to resume it. */
const isOpen = (job: { status: string }) => ['queued', 'running', 'pausing'].includes(job.status);

/**
 * The query options of the Models screen's three lists: fetched again every 5 s while a fine-tune
 * or training job is open (as `<OpenJobs>` inside a jobs list reports), and a failure to load one
 * only logged (spec §8: no message, not even react-admin's own notification).
 */
export function useFollowing() {
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const following = Object.values(open).some(Boolean);
  const report = useCallback((resource: string, anyOpen: boolean) => setOpen((was) => (was[resource] === anyOpen ? was : { ...was, [resource]: anyOpen })), []);
  const queryOptions = (what: string) => ({
    refetchInterval: following ? FOLLOW_MS : (false as const),
    onError: (error: unknown) => console.error(`Failed to load ${what}`, error),
  });
  return { queryOptions, report };
}

/** Tells `report` whether the enclosing list of jobs holds an open one. */
export function OpenJobs({ report }: { report: (resource: string, anyOpen: boolean) => void }) {
  const { data, resource } = useListContext<{ id: string; status: string }>();
  const anyOpen = (data ?? []).some(isOpen);
  useEffect(() => report(resource, anyOpen), [report, resource, anyOpen]);
  return null;
}
