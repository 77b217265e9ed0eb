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
