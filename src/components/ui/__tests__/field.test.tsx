import { render, screen } from '@testing-library/react';
import React from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@/styles/theme';
import { Field, Input, Select, Textarea } from '../field';

const wrap = (ui: React.ReactNode) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

describe('Field', () => {
  it('labels the control and marks required fields', () => {
    wrap(
      <Field label="Email" required>
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeRequired();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('wires the hint and the error to the control', () => {
    wrap(
      <Field label="Message" hint="Tell us about your workflow." error="Message is required">
        <Textarea />
      </Field>,
    );
    const textarea = screen.getByRole('textbox', { name: 'Message' });
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription(
      'Tell us about your workflow. Message is required',
    );
  });

  it('works for selects and keeps a caller-provided id', () => {
    wrap(
      <Field label="Service" id="service">
        <Select>
          <option value="">None</option>
        </Select>
      </Field>,
    );
    expect(screen.getByRole('combobox', { name: 'Service' })).toHaveAttribute('id', 'service');
  });
});
