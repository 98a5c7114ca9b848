import { Link } from 'gatsby-link';
import { yupResolver } from '@hookform/resolvers/yup';
import type { ContactRequest, ContactService } from '@site/contracts';
import { CONTACT_FIELD_LIMITS as LIMITS, CONTACT_SERVICES } from '@site/contracts/form-fields';
import React, { useEffect, useRef, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import styled, { css } from 'styled-components';
import * as yup from 'yup';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { emailField } from '@/lib/email-field';
import { useHydrated } from '@/lib/use-hydrated';
import { sendEnquiry } from '../api/send-enquiry';
import type { ServiceOption } from '../services';
import { visuallyHidden } from '@/styles/visually-hidden';

/** The form's values: every field of the API's request, as text ('' for "not given"). */
type ContactValues = { [Field in keyof ContactRequest]-?: NonNullable<ContactRequest[Field]> };

/** Typed from the API's request and limited by its own lengths, so the two cannot drift apart. */
const schema: yup.ObjectSchema<ContactValues> = yup.object({
  name: yup.string().trim().required('Name is required').max(LIMITS.name, 'Name is too long'),
  email: emailField({
    required: 'Email is required',
    invalid: 'Please enter a valid email address',
    tooLong: 'Email is too long',
  }),
  phone: yup.string().trim().max(LIMITS.phone, 'Phone number is too long').default(''),
  company: yup.string().trim().max(LIMITS.company, 'Company name is too long').default(''),
  service: yup
    .string<ContactService>()
    .oneOf(['', ...CONTACT_SERVICES], 'Please choose a service from the list')
    .default(''),
  message: yup
    .string()
    .trim()
    .required('Message is required')
    .max(LIMITS.message, 'Message is too long'),
  website: yup.string().default(''),
});

const EMPTY: ContactValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  service: '',
  message: '',
  website: '',
};

export type ContactStatus = 'idle' | 'submitting' | 'success' | 'error';

const Row = styled.div`
  display: grid;
  gap: 0 ${({ theme }) => theme.space[5]};

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: 1fr 1fr;
  }
`;

/** After a failed send the required fields get a red border (visual only, not "invalid"). */
const failedOutline = css<{ $failed: boolean }>`
  ${({ $failed, theme }) =>
    $failed &&
    css`
      border-color: ${theme.colors.danger};
      box-shadow: 0 0 0 1px ${theme.colors.danger};
    `}
`;

const OutlinedInput = styled(Input)<{ $failed: boolean }>`
  ${failedOutline}
`;

const OutlinedTextarea = styled(Textarea)<{ $failed: boolean }>`
  ${failedOutline}
`;

/** Out of sight rather than display:none, which some bots detect and skip. */
const Honeypot = styled.div`
  ${visuallyHidden}
`;

const Status = styled.div`
  margin-bottom: ${({ theme }) => theme.space[5]};
`;

const Privacy = styled.p`
  margin: ${({ theme }) => theme.space[3]} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Thanks = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space[4]};

  > :first-child {
    justify-self: stretch;
  }
`;

const Form = styled.form`
  position: relative;
`;

function fieldErrorsFrom(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return [];
  const { errors } = error.body as { errors?: unknown };
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (item): item is { field: string; message: string } =>
      typeof item?.field === 'string' && typeof item?.message === 'string',
  );
}

/**
 * The enquiry form: name, e-mail and message required, phone, company and service optional. It is
 * idle, submitting ('Sending...', button disabled), sent (a thank-you panel in place of the form,
 * with the server's answer, and the 'Success' toast kept clear of the panel) or failed (toast, alert and red borders on the
 * required fields); any edit returns it to idle.
 */
export interface ContactFormProps {
  /** The service choices, in the order of content/services.yaml (useServiceOptions). */
  serviceOptions: readonly ServiceOption[];
}

export function ContactForm({ serviceOptions }: ContactFormProps) {
  const { toast } = useToast();
  const [status, setStatus] = useState<ContactStatus>('idle');
  const [answerText, setAnswerText] = useState('');
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors },
  } = useForm<ContactValues>({ resolver: yupResolver(schema), defaultValues: EMPTY });
  const submitRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  // Sending disables the focused Send button, which drops focus to <body>. When the answer is in,
  // focus goes to the message reporting it, unless the person has already moved elsewhere.
  useEffect(() => {
    if (status !== 'success' && status !== 'error') return;
    const active = document.activeElement;
    if (!active || active === document.body || active === submitRef.current) {
      resultRef.current?.focus();
    }
  }, [status]);

  // Any edit by the person returns the form to idle (hiding the last result); reset() after a
  // success is not an edit, so the success message stays.
  useEffect(() => {
    const subscription = watch((_, { type }) => {
      if (type === 'change') setStatus((current) => (current === 'submitting' ? current : 'idle'));
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  const onSubmit = async (values: ContactValues) => {
    setStatus('submitting');
    const payload: ContactRequest = values;
    try {
      const answer = await sendEnquiry(payload);
      reset(EMPTY);
      setAnswerText(answer.message);
      setStatus('success');
      toast({ title: 'Success', description: answer.message, avoid: () => resultRef.current });
    } catch (error) {
      toast({
        title: 'Error',
        description: (error instanceof ApiError && error.detail) || 'Failed to send message',
        variant: 'destructive',
      });
      for (const { field, message } of fieldErrorsFrom(error)) {
        if (field in EMPTY) setError(field as Path<ContactValues>, { message });
      }
      setStatus('error');
    }
  };

  const failed = status === 'error';
  const submitting = status === 'submitting';

  if (status === 'success') {
    return (
      <Thanks ref={resultRef} tabIndex={-1} aria-label="Message sent">
        <Alert variant="success" title="Message Sent Successfully!">
          <p>Thank you for reaching out. We&apos;ll get back to you as soon as possible.</p>
          {answerText ? <p>{answerText}</p> : null}
          <p>An acknowledgement is on its way to your inbox.</p>
        </Alert>
        <Button type="button" variant="secondary" onClick={() => setStatus('idle')}>
          Send another message
        </Button>
      </Thanks>
    );
  }

  return (
    <Form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Contact form">
      <Row>
        <Field label="Name" required error={errors.name?.message}>
          <OutlinedInput type="text" autoComplete="name" $failed={failed} {...register('name')} />
        </Field>
        <Field label="Email" required error={errors.email?.message}>
          <OutlinedInput
            type="email"
            autoComplete="email"
            $failed={failed}
            {...register('email')}
          />
        </Field>
      </Row>
      <Row>
        <Field label="Phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...register('phone')} />
        </Field>
        <Field label="Company" error={errors.company?.message}>
          <Input type="text" autoComplete="organization" {...register('company')} />
        </Field>
      </Row>
      <Field label="Service" error={errors.service?.message}>
        <Select {...register('service')}>
          <option value="">Select a service</option>
          {serviceOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Message" required error={errors.message?.message}>
        <OutlinedTextarea
          rows={6}
          placeholder="Tell us about the work you would like an agent to take on."
          $failed={failed}
          {...register('message')}
        />
      </Field>
      <Honeypot aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...register('website')}
        />
      </Honeypot>

      {failed ? (
        <Status ref={resultRef} tabIndex={-1}>
          <Alert variant="error">
            <p>
              There was a problem sending your message. Please try again or contact us directly.
            </p>
          </Alert>
        </Status>
      ) : null}

      <Button ref={submitRef} type="submit" size="lg" disabled={!hydrated || submitting}>
        {submitting ? 'Sending...' : 'Send Message'}
      </Button>
      <Privacy>
        We use these details only to answer you. <Link to="/privacy">How we handle your data</Link>.
      </Privacy>
    </Form>
  );
}
