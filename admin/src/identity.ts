import { useSyncExternalStore } from 'react';
import { api } from './api';

export interface Me {
  name: string;
  avatar: string | null;
  email: string;
}

export type IdentityState = { status: 'loading' } | { status: 'authenticated'; me: Me } | { status: 'anonymous' };

let state: IdentityState = { status: 'loading' };
let pending: Promise<Me | null> | null = null;
const listeners = new Set<() => void>();

function set(next: IdentityState) {
  state = next;
  listeners.forEach((listener) => listener());
}

/** The identity lookup (GET /api/me), made once and shared by the app shell and react-admin. */
export function lookupIdentity(): Promise<Me | null> {
  if (!pending) {
    pending = api<Me>('/api/me').then(
      (me) => (set({ status: 'authenticated', me }), me),
      () => (set({ status: 'anonymous' }), null),
    );
  }
  return pending;
}

/** After logout or a 401: the next lookup asks the server again. */
export function forgetIdentity(): void {
  pending = null;
  set({ status: 'anonymous' });
}

export function useIdentity(): IdentityState {
  return useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => state,
  );
}
