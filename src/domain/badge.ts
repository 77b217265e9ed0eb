/** Badge colour by readiness band, per decisions.md: >=80 green, >=60 yellow-green, >=40 yellow, else red. */
export function badgeColor(readiness: number): 'brightgreen' | 'yellowgreen' | 'yellow' | 'red' {
  if (readiness >= 80) return 'brightgreen';
  if (readiness >= 60) return 'yellowgreen';
  if (readiness >= 40) return 'yellow';
  return 'red';
}
