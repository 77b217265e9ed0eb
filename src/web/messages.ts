/** An error as a page shows it: its status and a message safe for the visitor. */
export interface ApiErrorLike {
  status: number;
  message: string;
}

/**
 * The API's validation message per form field: `Invalid request: body.hardLimitUsd: ...; body.x: ...`
 * (or its `details`) becomes { hardLimitUsd: '...' }, so a form shows each message beside its field.
 */
export function fieldErrors(err: { message: string; extra?: Record<string, unknown> }): Record<string, string> {
  const details = err.extra?.details as Array<{ field: string; message: string }> | undefined;
  const out: Record<string, string> = {};
  for (const d of details ?? []) {
    const field = d.field.split('.').slice(1).join('.') || '_form';
    out[field] = out[field] ? `${out[field]}; ${d.message}` : d.message;
  }
  if (!details?.length) out._form = err.message;
  return out;
}
