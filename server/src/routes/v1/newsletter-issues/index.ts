import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateNewsletterIssueRequestSchema,
  MessageResponseSchema,
  NewsletterIssueListResponseSchema,
  NewsletterIssuePreviewSchema,
  NewsletterIssueSchema,
  NewsletterTestRequestSchema,
  PostSlugParamsSchema,
} from '@site/contracts';
import { accountRateLimit, compileAccount } from '../../../lib/client-key';
import { badRequest, forbidden, notFound } from '../../../lib/http-error';
import { accountEmail, isAccountEmail } from '../../../services/accounts';
import {
  cancelIssue,
  confirmedCount,
  createIssue,
  issueBodies,
  issueProgress,
  latestIssueOf,
  postContent,
  renderIssueMail,
} from '../../../services/newsletter/issues';
import { errors } from '../errors';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** Newsletter issues: a published post mailed to the confirmed subscribers (admin, editor). */
const issues: FastifyPluginAsyncTypebox = async (app) => {
  const staff = app.requireRole('admin', 'editor');
  const { config } = app;
  const post = (slug: string, request: FastifyRequest) =>
    postContent(config.contentDir, config.publicUrl, slug, (body, options) =>
      app.compiler.compile(body, options, compileAccount(request)),
    );

  const ownAddress = (userId: number) => accountEmail(app.db, userId);

  /**
   * A staff address: one an invitation went to (a staff account's own address) or OWNER_EMAIL.
   * Addresses compare without regard to letter case.
   */
  async function isStaffAddress(address: string): Promise<boolean> {
    const wanted = address.trim().toLowerCase();
    if (config.ownerEmail && config.ownerEmail.trim().toLowerCase() === wanted) return true;
    return isAccountEmail(app.db, wanted);
  }

  async function issueOrThrow(id: number) {
    const [issue] = await issueProgress(app.db, id);
    if (!issue) throw notFound(`There is no newsletter issue ${id}.`);
    return issue;
  }

  app.get(
    '/',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'The latest 50 issues, newest first, with sent / failed / queued counts',
        response: { 200: NewsletterIssueListResponseSchema, ...errors },
      },
      onRequest: staff,
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await issueProgress(app.db) };
    },
  );

  app.get(
    '/preview/:slug',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'What "Email to subscribers" would send for a published post, and to how many',
        params: PostSlugParamsSchema,
        response: { 200: NewsletterIssuePreviewSchema, ...errors },
      },
      onRequest: staff,
      config: { rateLimit: accountRateLimit(config.accountLimits.preview) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const content = await post(request.params.slug, request);
      const earlier = await latestIssueOf(app.db, content.slug);
      return {
        slug: content.slug,
        subject: content.title,
        post_url: content.postUrl,
        recipients: await confirmedCount(app.db),
        test_address: await ownAddress(request.user!.id),
        issue: earlier ? await issueOrThrow(earlier.id) : null,
      };
    },
  );

  app.post(
    '/test',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Send the issue of a published post to one address only (yours by default)',
        body: NewsletterTestRequestSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
      onRequest: staff,
      config: { rateLimit: accountRateLimit(config.accountLimits.testMail) },
    },
    async (request) => {
      const own = await ownAddress(request.user!.id);
      const to = request.body.to ?? own;
      if (!to)
        throw badRequest(
          'Your account has no e-mail address (it was made on the command line): give a staff address in "to" (a colleague\'s account address or OWNER_EMAIL).',
        );
      // The site's branded mail goes to staff only: a test is not a way to mail anyone else.
      const mine = own !== null && own.trim().toLowerCase() === to.trim().toLowerCase();
      if (!mine && !(await isStaffAddress(to)))
        throw forbidden(
          `A test goes only to your own address or another staff address (an address a staff invitation went to, or OWNER_EMAIL); ${to} is neither.`,
        );
      const content = await post(request.body.slug, request);
      const { html, text } = issueBodies(content);
      const mail = renderIssueMail(
        { subject: `[Test] ${content.title}`, html_body: html, text_body: text },
        null,
      );
      const delivery = await app.mailer.send({ to, ...mail });
      return {
        message:
          delivery === 'sent'
            ? `A test was sent to ${to}.`
            : `A test to ${to} was kept in the outbox (${delivery === 'no-smtp' ? 'no SMTP server is set up' : 'delivery failed'}).`,
      };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['newsletter'],
        summary:
          'Mail a published post to every confirmed subscriber; sending runs in the background',
        body: CreateNewsletterIssueRequestSchema,
        response: { 201: NewsletterIssueSchema, ...errors },
      },
      onRequest: staff,
    },
    async (request, reply) => {
      const content = await post(request.body.slug, request);
      const id = await createIssue(app.db, content, request.user!.username);
      app.newsletterSender.wake();
      return reply.code(201).send(await issueOrThrow(id));
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'One issue with its sent / failed / queued counts',
        params: IdParams,
        response: { 200: NewsletterIssueSchema, ...errors },
      },
      onRequest: staff,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return issueOrThrow(request.params.id);
    },
  );

  app.post(
    '/:id/cancel',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Stop an issue that is still sending; mails already handed over finish',
        params: IdParams,
        response: { 200: NewsletterIssueSchema, ...errors },
      },
      onRequest: staff,
    },
    async (request) => {
      await cancelIssue(app.db, request.params.id);
      return issueOrThrow(request.params.id);
    },
  );
};

export default issues;
