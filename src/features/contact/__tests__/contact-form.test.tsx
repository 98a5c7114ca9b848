import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import React from 'react';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ContactForm } from '../components/contact-form';
import { useServiceOptions } from '../services';

function Form() {
  return <ContactForm serviceOptions={useServiceOptions()} />;
}

const server = setupApiServer();

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const SUCCESS_TEXT = "Thank you for reaching out. We'll get back to you as soon as possible.";
const FAILURE_TEXT =
  'There was a problem sending your message. Please try again or contact us directly.';

function renderForm() {
  renderWithProviders(<Form />);
  return userEvent.setup();
}

const field = (name: RegExp) => screen.getByLabelText(name);
const submit = () => screen.getByRole('button', { name: /Send Message|Sending\.\.\./ });
const notifications = () => screen.getByRole('region', { name: 'Notifications' });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/^Name/), 'Ada Lovelace');
  await user.type(field(/^Email/), 'ada@example.com');
  await user.type(field(/^Message/), 'We need an agent for invoices.');
}

describe('ContactForm', () => {
  it('offers every service, with an empty choice meaning none', () => {
    renderForm();
    const select = field(/^Service/);
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'Select a service'],
      ['ai-agent-development', 'AI Agent Development'],
      ['ai-consultation', 'AI Consultation'],
      ['agents-security', 'Agents Security'],
      ['graph-rag', 'Graph RAG'],
      ['integration', 'Integration Services'],
      ['mcp', 'Model Context Protocol'],
      ['retrieval-augment-generation', 'Retrieval Augment Generation'],
      ['voice-ai', 'Voice AI Agents'],
    ]);
    expect(select).toHaveValue('');
  });

  it('requires name, email and message, checks the e-mail format, and sends nothing', async () => {
    const user = renderForm();
    const requested = jest.fn();
    server.use(http.post(`${API}/contact/`, requested));
    await user.click(submit());
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(field(/^Phone/)).not.toBeRequired();
    expect(field(/^Company/)).not.toBeRequired();

    await user.type(field(/^Email/), 'ada@example');
    await user.click(submit());
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(requested).not.toHaveBeenCalled();
  });

  it("sends the enquiry: Sending..., then a thank-you panel with the server message in place of the form, and the 'Success' toast", async () => {
    const user = renderForm();
    let body: unknown;
    server.use(
      http.post(`${API}/contact/`, async ({ request }) => {
        body = await request.json();
        await delay(50);
        return HttpResponse.json({ message: 'Thanks, Ada! We received your message.' });
      }),
    );
    await fillRequired(user);
    await user.type(field(/^Phone/), '+1 555 0100');
    await user.type(field(/^Company/), 'Analytical Engines');
    await user.selectOptions(field(/^Service/), 'graph-rag');
    await user.click(submit());

    expect(submit()).toBeDisabled();
    expect(submit()).toHaveTextContent('Sending...');

    expect(await screen.findByText('Message Sent Successfully!')).toBeInTheDocument();
    expect(screen.getByText(SUCCESS_TEXT)).toBeInTheDocument();
    // The panel replaces the form; the toast says the same (the browser test checks that it
    // leaves the panel uncovered).
    expect(
      within(screen.getByLabelText('Message sent')).getByText(
        'Thanks, Ada! We received your message.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Contact form' })).not.toBeInTheDocument();
    expect(within(notifications()).getByText('Success')).toBeInTheDocument();
    expect(
      within(notifications()).getByText('Thanks, Ada! We received your message.'),
    ).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+1 555 0100',
      company: 'Analytical Engines',
      service: 'graph-rag',
      message: 'We need an agent for invoices.',
      website: '',
    });
    // "Send another message" brings back the form, empty.
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    for (const label of [/^Name/, /^Email/, /^Phone/, /^Company/, /^Message/]) {
      expect(field(label)).toHaveValue('');
    }
    expect(field(/^Service/)).toHaveValue('');
    expect(submit()).toBeEnabled();
  });

  it('shows the server detail, the inline failure and red borders; an edit returns to idle', async () => {
    const user = renderForm();
    server.use(
      http.post(`${API}/contact/`, () =>
        HttpResponse.json({ detail: { message: 'Mail service is down.' } }, { status: 503 }),
      ),
    );
    await fillRequired(user);
    await user.click(submit());

    expect(await screen.findByText(FAILURE_TEXT)).toBeInTheDocument();
    expect(within(notifications()).getByText('Error')).toBeInTheDocument();
    expect(within(notifications()).getByText('Mail service is down.')).toBeInTheDocument();
    for (const label of [/^Name/, /^Email/, /^Message/]) {
      expect(field(label)).toHaveStyle({ borderColor: '#b91c1c' });
    }
    expect(field(/^Company/)).not.toHaveStyle({ borderColor: '#b91c1c' });
    // What was typed survives a failure so the person can retry.
    expect(field(/^Name/)).toHaveValue('Ada Lovelace');

    await user.type(field(/^Message/), ' Thanks.');
    expect(screen.queryByText(FAILURE_TEXT)).not.toBeInTheDocument();
    expect(field(/^Name/)).not.toHaveStyle({ borderColor: '#b91c1c' });
  });

  it('falls back to "Failed to send message" without a detail', async () => {
    const user = renderForm();
    server.use(http.post(`${API}/contact/`, () => new HttpResponse(null, { status: 500 })));
    await fillRequired(user);
    await user.click(submit());
    expect(await within(notifications()).findByText('Failed to send message')).toBeInTheDocument();
    expect(screen.getByText(FAILURE_TEXT)).toBeInTheDocument();
  });

  it('puts field errors the server reports next to their fields', async () => {
    const user = renderForm();
    server.use(
      http.post(`${API}/contact/`, () =>
        HttpResponse.json(
          {
            detail: 'Some fields need attention.',
            errors: [{ field: 'email', message: 'This e-mail domain cannot receive mail.' }],
          },
          { status: 400 },
        ),
      ),
    );
    await fillRequired(user);
    await user.click(submit());
    expect(await screen.findByText('This e-mail domain cannot receive mail.')).toBeInTheDocument();
    expect(field(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('moves focus to the result after sending from the button, instead of losing it', async () => {
    const user = renderForm();
    server.use(
      http.post(`${API}/contact/`, async () => {
        await delay(20);
        return HttpResponse.json({ message: 'Thanks!' });
      }),
    );
    await fillRequired(user);
    await user.tab();
    expect(submit()).toHaveFocus();
    await user.keyboard('{Enter}');
    const success = await screen.findByText('Message Sent Successfully!');
    await waitFor(() => expect(success.closest('[tabindex="-1"]')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Send another message' }));

    server.use(http.post(`${API}/contact/`, () => new HttpResponse(null, { status: 500 })));
    await user.type(field(/^Name/), 'Ada');
    await user.type(field(/^Email/), 'ada@example.com');
    await user.type(field(/^Message/), 'Again.');
    await user.tab();
    await user.keyboard('{Enter}');
    const failure = await screen.findByText(FAILURE_TEXT);
    await waitFor(() => expect(failure.closest('[tabindex="-1"]')).toHaveFocus());
  });

  it('moves focus to the thank-you panel when the form was sent from a field (the form is gone)', async () => {
    const user = renderForm();
    server.use(http.post(`${API}/contact/`, () => HttpResponse.json({ message: 'Thanks!' })));
    await fillRequired(user);
    await user.click(field(/^Name/));
    await user.keyboard('{Enter}');
    const success = await screen.findByText('Message Sent Successfully!');
    await waitFor(() => expect(success.closest('[tabindex="-1"]')).toHaveFocus());
  });

  it('returns to an empty form after a success with "Send another message"', async () => {
    const user = renderForm();
    server.use(http.post(`${API}/contact/`, () => HttpResponse.json({ message: 'Thanks!' })));
    await fillRequired(user);
    await user.click(submit());
    expect(await screen.findByText('Message Sent Successfully!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.queryByText('Message Sent Successfully!')).not.toBeInTheDocument();
    expect(field(/^Name/)).toHaveValue('');
    await user.type(field(/^Name/), 'B');
    expect(field(/^Name/)).toHaveValue('B');
  });

  it('has a honeypot field hidden from people and sends what a bot typed into it', async () => {
    const user = renderForm();
    const honeypot = screen.getByLabelText('Website', { selector: 'input' });
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    let body: { website?: string } | undefined;
    server.use(
      http.post(`${API}/contact/`, async ({ request }) => {
        body = (await request.json()) as { website?: string };
        return HttpResponse.json({ message: 'Thanks!' });
      }),
    );
    await fillRequired(user);
    await user.type(honeypot, 'http://spam.example');
    await user.click(submit());
    await screen.findByText('Message Sent Successfully!');
    expect(body?.website).toBe('http://spam.example');
  });
});
