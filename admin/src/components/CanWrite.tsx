import { ReactNode } from 'react';
import { useCanAccess } from 'react-admin';

/**
 * Whether the signed-in person may change `resource` in the current workspace: the
 * auth provider's answer from the shared permission table; undefined until it has answered.
 */
export function useWriteAccess(resource: string): boolean | undefined {
  return useCanAccess({ resource, action: 'write' }).canAccess;
}

/** useWriteAccess, false until answered: a viewer never sees a write action flash by. */
export function useCanWrite(resource: string): boolean {
  return useWriteAccess(resource) === true;
}

/** Its children only for those who may change `resource` (useCanWrite). */
export function CanWrite(props: { resource: string; children: ReactNode }) {
  return useCanWrite(props.resource) ? <>{props.children}</> : null;
}
