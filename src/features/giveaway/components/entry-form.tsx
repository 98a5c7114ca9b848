import { yupResolver } from '@hookform/resolvers/yup';
import React, { useRef } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import * as yup from 'yup';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useParticipate } from '../api/participate';
import { serverSentence } from '../error-message';
import { useRefocusAfterBusy } from '../use-refocus-after-busy';

const entrySchema = yup.object({
  email: yup
    .string()
    .trim()
    .required('Email is required')
    .email('Please enter a valid email address'),
  instagram_handle: yup.string().trim().required('Instagram handle is required'),
});

type EntryValues = yup.InferType<typeof entrySchema>;

const Honeypot = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;

export interface EntryFormProps {
  giveawayId: string;
  /** Reloads the giveaway (new participant count, maybe now full). */
  onEntered: () => void;
}

/** "Enter the Giveaway": e-mail and Instagram handle (SPEC §5); the server does the real checks. */
export function EntryForm({ giveawayId, onEntered }: EntryFormProps) {
  const { toast } = useToast();
  const [participate] = useParticipate();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EntryValues & { website: string }>({
    resolver: yupResolver(entrySchema.shape({ website: yup.string().default('') })),
    defaultValues: { email: '', instagram_handle: '', website: '' },
  });
  const submitRef = useRef<HTMLButtonElement>(null);
  useRefocusAfterBusy(submitRef, isSubmitting);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await participate({ variables: { id: giveawayId, input: values } });
      const answer = data?.participate;
      if (answer?.success) {
        toast({ title: 'Success!', description: answer.message });
        reset();
        onEntered();
      } else {
        toast({
          title: 'Error',
          description: answer?.message || 'Failed to join giveaway',
          variant: 'destructive',
        });
      }
    } catch (error) {
      toast({
        title: 'Error',
        description: serverSentence(error, 'Failed to join giveaway'),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Enter the Giveaway">
      <Field label="Email" required error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...register('email')}
        />
      </Field>
      <Field
        label="Instagram Handle"
        required
        error={errors.instagram_handle?.message}
        hint="Your Instagram username, with or without the @."
      >
        <Input
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="@yourhandle"
          {...register('instagram_handle')}
        />
      </Field>
      {/* Honeypot for bots; people never see or reach it. */}
      <Honeypot aria-hidden="true">
        <label>
          Website
          <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </label>
      </Honeypot>
      <Button ref={submitRef} type="submit" block disabled={isSubmitting}>
        {isSubmitting ? 'Entering...' : 'Enter Giveaway'}
      </Button>
    </form>
  );
}
