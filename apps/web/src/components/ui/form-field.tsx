/**
 * Form controls with a visible label tied to the control (DESIGN.md section 1) and the error text
 * under it, announced and linked through aria-describedby.
 */
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { useAppText } from '../../i18n/app.ts';

type FieldFrameProps = {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
};

// The label and the error arrive as English (the caller's words, the schema's message) and are
// shown in the reader's language when the catalog has them.
function FieldFrame({ id, label, error, children }: FieldFrameProps) {
  const t = useAppText();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-base-content">
        {t(label)}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {t(error)}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = ComponentPropsWithRef<'input'> & {
  label: string;
  error?: string | undefined;
};

export function TextField({ label, error, id, className = '', ...props }: TextFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <FieldFrame id={fieldId} label={label} error={error}>
      <input
        id={fieldId}
        className={`input w-full ${error ? 'input-error' : ''} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        {...props}
      />
    </FieldFrame>
  );
}

type EmailFieldProps = Omit<TextFieldProps, 'type' | 'label'> & { label?: string };

/**
 * Every field that asks for an email address: the browser's address autofill (unless the form
 * turns it off), and no capital letter or spelling fix from a phone keyboard.
 */
export function EmailField({ label = 'Email', autoComplete = 'email', ...props }: EmailFieldProps) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

type TextAreaFieldProps = ComponentPropsWithRef<'textarea'> & {
  label: string;
  error?: string | undefined;
};

export function TextAreaField({ label, error, id, className = '', ...props }: TextAreaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <FieldFrame id={fieldId} label={label} error={error}>
      <textarea
        id={fieldId}
        className={`textarea w-full ${error ? 'textarea-error' : ''} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        {...props}
      />
    </FieldFrame>
  );
}

type SelectFieldProps = ComponentPropsWithRef<'select'> & {
  label: string;
  error?: string | undefined;
};

export function SelectField({
  label,
  error,
  id,
  className = '',
  children,
  ...props
}: SelectFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <FieldFrame id={fieldId} label={label} error={error}>
      <select
        id={fieldId}
        className={`select w-full ${error ? 'select-error' : ''} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        {...props}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
