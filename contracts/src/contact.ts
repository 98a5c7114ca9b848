import { Type, type Static } from '@sinclair/typebox';
import { Page } from './pagination';

/**
 * The service values the API accepts; the empty string means "none chosen". They are the slugs of
 * content/services.yaml, in its order: the site build and a test fail when the two differ.
 */
export const CONTACT_SERVICES = [
  'ai-agent-development',
  'ai-consultation',
  'agents-security',
  'graph-rag',
  'integration',
  'mcp',
  'retrieval-augment-generation',
  'voice-ai',
] as const;

export const ContactServiceSchema = Type.Union([
  ...CONTACT_SERVICES.map((value) => Type.Literal(value)),
  Type.Literal(''),
]);
export type ContactService = (typeof CONTACT_SERVICES)[number] | '';

/**
 * `POST /contact/` (JSON). `website` is a honeypot: the form renders it hidden from people
 * (off-screen, `tabindex="-1"`, `autocomplete="off"`) and leaves it empty; when a bot fills it
 * the API answers exactly as on success but keeps nothing.
 */
export const ContactRequestSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    email: Type.String({ format: 'email', maxLength: 254 }),
    message: Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S' }),
    phone: Type.Optional(Type.String({ maxLength: 40 })),
    company: Type.Optional(Type.String({ maxLength: 120 })),
    service: Type.Optional(ContactServiceSchema),
    website: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type ContactRequest = Static<typeof ContactRequestSchema>;

/**
 * `{ message }`: "Thanks, {name}! We received your message and will reply within {replyTime} on
 * business days.", with the reply time of content/company.yaml.
 */
export const ContactResponseSchema = Type.Object({ message: Type.String() });
export type ContactResponse = Static<typeof ContactResponseSchema>;

/** One stored enquiry as the admin inbox shows it. */
export const ContactEnquirySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  company: Type.String(),
  message: Type.String(),
  service: ContactServiceSchema,
  /** ISO-8601 UTC. */
  created_at: Type.String(),
});
export type ContactEnquiry = Static<typeof ContactEnquirySchema>;

/** Admin-only `GET /contact/?page=&per_page=` (PageQuery), newest first. */
export const ContactListResponseSchema = Page(ContactEnquirySchema);
export type ContactListResponse = Static<typeof ContactListResponseSchema>;
