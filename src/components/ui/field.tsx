import React, { createContext, forwardRef, useContext, useId } from 'react';
import styled, { css } from 'styled-components';

interface FieldContextValue {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[5]};
`;

const Label = styled.label`
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const RequiredMark = styled.span`
  margin-left: 0.125rem;
  color: ${({ theme }) => theme.colors.danger};
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;

export interface FieldProps {
  label: React.ReactNode;
  /** The control: an Input, Textarea or Select from this module (they read the field's wiring). */
  children: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  required?: boolean;
  /** Use a fixed id when something outside the field must point at the control. */
  id?: string;
  className?: string;
}

/**
 * Label + control + hint + error. The control gets the id, aria-invalid, aria-describedby and
 * required from context, so callers can spread react-hook-form's register() straight onto it.
 */
export function Field({
  label,
  children,
  error,
  hint,
  required = false,
  id,
  className,
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated.replace(/:/g, '')}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <FieldContext.Provider
      value={{ id: controlId, describedBy, invalid: Boolean(error), required }}
    >
      <Wrapper className={className}>
        <Label htmlFor={controlId}>
          {label}
          {required ? <RequiredMark aria-hidden="true">*</RequiredMark> : null}
        </Label>
        {children}
        {hint ? <Hint id={hintId}>{hint}</Hint> : null}
        {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
      </Wrapper>
    </FieldContext.Provider>
  );
}

function useFieldProps<
  T extends {
    id?: string;
    'aria-describedby'?: string;
    'aria-invalid'?: React.AriaAttributes['aria-invalid'];
    required?: boolean;
  },
>(props: T): T {
  const field = useContext(FieldContext);
  if (!field) return props;
  return {
    ...props,
    id: props.id ?? field.id,
    'aria-describedby':
      [field.describedBy, props['aria-describedby']].filter(Boolean).join(' ') || undefined,
    'aria-invalid': field.invalid || props['aria-invalid'] || undefined,
    required: props.required ?? (field.required || undefined),
  };
}

const controlStyles = css`
  width: 100%;
  min-height: 2.75rem;
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border: 1px solid #8b92a8;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.text};
  transition:
    border-color 0.15s ease,
    box-shadow 0.15s ease;

  &::placeholder {
    color: #6b7280;
  }

  &:hover {
    border-color: ${({ theme }) => theme.colors.textMuted};
  }

  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.focus};
  }

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.danger};
  }

  /* An invalid field keeps its red border but still shows where the focus is. */
  &[aria-invalid='true']:focus-visible {
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.focus};
  }

  &:disabled,
  &[readonly] {
    background: ${({ theme }) => theme.colors.surface};
    cursor: not-allowed;
  }
`;

const StyledInput = styled.input`
  ${controlStyles}
`;

const StyledTextarea = styled.textarea`
  ${controlStyles}
  min-height: 8rem;
  resize: vertical;
`;

const StyledSelect = styled.select`
  ${controlStyles}
  appearance: none;
  padding-right: ${({ theme }) => theme.space[10]};
  background-image: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8' viewBox='0 0 12 8'%3E%3Cpath d='M1 1l5 5 5-5' stroke='%234a5168' stroke-width='2' fill='none'/%3E%3C/svg%3E");
  background-repeat: no-repeat;
  background-position: right 0.875rem center;
`;

export const Input = forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement>>(
  function Input(props, ref) {
    return <StyledInput ref={ref} {...useFieldProps(props)} />;
  },
);

export const Textarea = forwardRef<
  HTMLTextAreaElement,
  React.TextareaHTMLAttributes<HTMLTextAreaElement>
>(function Textarea(props, ref) {
  return <StyledTextarea ref={ref} {...useFieldProps(props)} />;
});

export const Select = forwardRef<HTMLSelectElement, React.SelectHTMLAttributes<HTMLSelectElement>>(
  function Select(props, ref) {
    return <StyledSelect ref={ref} {...useFieldProps(props)} />;
  },
);
