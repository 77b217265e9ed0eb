import type { FC } from 'hono/jsx';

/** The form's CSRF token (web/forms.ts checks it on every post). */
export const Csrf: FC<{ token: string }> = ({ token }) => <input type="hidden" name="_csrf" value={token} />;

/**
 * One labelled text input with its help and its error, wired for assistive technology: the input points at
 * the error when there is one (aria-invalid, aria-describedby), else at the help. Ids: `id`, `id-help`, `id-error`.
 */
export const Field: FC<{
  id: string;
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password';
  value?: string;
  help?: string;
  error?: string;
  placeholder?: string;
  required?: boolean;
  autocomplete?: string;
  inputmode?: 'decimal';
}> = (f) => {
  const described = f.error ? `${f.id}-error` : f.help ? `${f.id}-help` : undefined;
  return (
    <>
      <label for={f.id}>{f.label}</label>
      <input
        id={f.id}
        type={f.type ?? 'text'}
        name={f.name}
        value={f.value}
        placeholder={f.placeholder}
        required={f.required}
        autocomplete={f.autocomplete}
        inputmode={f.inputmode}
        aria-invalid={f.error ? 'true' : undefined}
        aria-describedby={described}
      />
      {f.help ? (
        <p id={`${f.id}-help`} class="field-help">
          {f.help}
        </p>
      ) : null}
      {f.error ? (
        <p role="alert" id={`${f.id}-error`} class="error">
          {f.error}
        </p>
      ) : null}
    </>
  );
};

/**
 * A one-button form that posts an action (revoke, rotate, resend…): the CSRF token, any hidden fields, and a
 * button whose label (or aria-label, in a table's rows) names what it acts on. `confirm` is the question web/assets asks before posting.
 */
export const ActionButton: FC<{
  action: string;
  csrf: string;
  label: string;
  /** Needed when the label alone does not say what it acts on (a row's button). */
  ariaLabel?: string;
  kind?: 'secondary' | 'danger';
  confirm?: string;
  disabled?: boolean;
  fields?: Record<string, string>;
}> = (b) => (
  <form action={b.action} method="post" class="inline" data-confirm={b.confirm}>
    <Csrf token={b.csrf} />
    {Object.entries(b.fields ?? {}).map(([name, value]) => (
      <input type="hidden" name={name} value={value} />
    ))}
    <button type="submit" class={b.kind} aria-label={b.ariaLabel} disabled={b.disabled}>
      {b.label}
    </button>
  </form>
);

/** A table's header row; a column marked `num` is right-aligned as its cells are. */
export const ColumnHeads: FC<{ columns: Array<string | { label: string; num: true }> }> = ({ columns }) => (
  <thead>
    <tr>
      {columns.map((c) =>
        typeof c === 'string' ? (
          <th scope="col">{c}</th>
        ) : (
          <th scope="col" class="num">
            {c.label}
          </th>
        ),
      )}
    </tr>
  </thead>
);
