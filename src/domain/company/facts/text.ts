/** String helpers the fact readers share. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
