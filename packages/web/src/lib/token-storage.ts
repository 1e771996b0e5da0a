// 001 section 4: a remembered sign-in lives in localStorage (survives the browser closing),
// otherwise in sessionStorage (gone with the tab).
export const TOKEN_KEY = `aula.${__AULA_APP__}.token`;

export interface StoredToken {
  token: string;
  remember: boolean;
}

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    // storage throws when disabled (privacy modes); the session then lasts for this page only
    return fallback;
  }
}

export function readStoredToken(): StoredToken | null {
  const remembered = safely(() => localStorage.getItem(TOKEN_KEY), null);
  if (remembered) return { token: remembered, remember: true };
  const session = safely(() => sessionStorage.getItem(TOKEN_KEY), null);
  return session ? { token: session, remember: false } : null;
}

export function writeStoredToken({ token, remember }: StoredToken): void {
  clearStoredToken();
  safely(() => (remember ? localStorage : sessionStorage).setItem(TOKEN_KEY, token), undefined);
}

export function clearStoredToken(): void {
  safely(() => localStorage.removeItem(TOKEN_KEY), undefined);
  safely(() => sessionStorage.removeItem(TOKEN_KEY), undefined);
}
