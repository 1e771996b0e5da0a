/** A short id for rows, items and slots inside one screen (unique enough within a screen; not a secret). */
export function localId(prefix = ''): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
