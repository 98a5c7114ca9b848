import { Type, type Static } from '@sinclair/typebox';
import { CONTACT_FIELD_LIMITS as LIMITS, CONTACT_SERVICES } from './form-fields';
import { Page } from './pagination';

const ContactServiceSchema = Type.Union([
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
    name: Type.String({ minLength: 1, maxLength: LIMITS.name, pattern: '\\S' }),
    email: Type.String({ format: 'email', maxLength: LIMITS.email }),
    message: Type.String({ minLength: 1, maxLength: LIMITS.message, pattern: '\\S' }),
    phone: Type.Optional(Type.String({ maxLength: LIMITS.phone })),
    company: Type.Optional(Type.String({ maxLength: LIMITS.company })),
    service: Type.Optional(ContactServiceSchema),
    website: Type.Optional(Type.String({ maxLength: LIMITS.website })),
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
  /** When an admin marked it read (ISO-8601 UTC); null while it is unread. */
  read_at: Type.Union([Type.String(), Type.Null()]),
});
export type ContactEnquiry = Static<typeof ContactEnquirySchema>;

/** Admin-only `GET /contact/unread`: how many enquiries no admin has marked read yet. */
export const ContactUnreadResponseSchema = Type.Object({
  unread: Type.Integer({ minimum: 0 }),
});
export type ContactUnreadResponse = Static<typeof ContactUnreadResponseSchema>;

/** Admin-only `PUT /contact/:id/read`, JSON `{read}`: marks one enquiry read or unread again. */
export const ContactReadRequestSchema = Type.Object(
  { read: Type.Boolean() },
  { additionalProperties: false },
);

export const ContactIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** The enquiry as it is now, and the unread count after the change. */
export const ContactReadResponseSchema = Type.Object({
  enquiry: ContactEnquirySchema,
  unread: Type.Integer({ minimum: 0 }),
});
export type ContactReadResponse = Static<typeof ContactReadResponseSchema>;

/** Admin-only `GET /contact/?page=&per_page=` (PageQuery), newest first. */
export const ContactListResponseSchema = Page(ContactEnquirySchema);
export type ContactListResponse = Static<typeof ContactListResponseSchema>;
