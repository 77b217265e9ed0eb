import { badgeColor } from '../domain/badge';

type MakeBadge = (format: { label: string; message: string; color: string; style?: string }) => string;
let makeBadge: Promise<MakeBadge> | undefined;

/** A shields.io-style SVG from badge-maker (the library behind shields.io); it escapes the text itself. */
export async function renderReadinessBadge(readiness: number): Promise<string> {
  // badge-maker is ESM-only; a real dynamic import keeps this module CommonJS.
  makeBadge ??= import('badge-maker').then((m) => m.makeBadge as MakeBadge);
  return (await makeBadge)({ label: 'agent ready', message: String(readiness), color: badgeColor(readiness) });
}
