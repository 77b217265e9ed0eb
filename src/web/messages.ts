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

/** A handler's error as one line for a page's notice: a 400's messages by field, else the error's own message. */
export function errorText(err: { status: number; message: string; extra?: Record<string, unknown> }): string {
  if (err.status !== 400) return err.message;
  return Object.entries(fieldErrors(err))
    .map(([field, message]) => (field === '_form' ? message : `${field}: ${message}`))
    .join('; ');
}

/** The watches page's outcomes, reported by a redirect with a fixed code (no visitor text in the URL). */
export const WATCH_NOTICES: Record<string, { kind: 'good' | 'bad'; text: string }> = {
  'watch-added': { kind: 'good', text: 'Watching: its events appear below and are sent to your enabled endpoints.' },
  'watch-removed': { kind: 'good', text: 'The watch is removed: its product’s later events are no longer sent or listed.' },
  'webhook-tested': { kind: 'good', text: 'A signed webhook.test event is on its way; its delivery appears below.' },
  'webhook-enabled': { kind: 'good', text: 'The endpoint is enabled: deliveries start again.' },
  'webhook-disabled': { kind: 'good', text: 'The endpoint is disabled: no deliveries are sent to it until it is enabled.' },
  'webhook-deleted': { kind: 'good', text: 'The endpoint is deleted; deliveries still retrying stop.' },
  'delivery-resent': { kind: 'good', text: 'The delivery is sent again, with the same webhook-id.' },
};
