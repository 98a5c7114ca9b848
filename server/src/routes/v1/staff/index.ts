import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AcceptInvitationRequestSchema,
  AcceptInvitationResponseSchema,
  ChangeRoleRequestSchema,
  CreateInvitationRequestSchema,
  ErrorResponseSchema,
  InvitationInfoSchema,
  InvitationTokenRequestSchema,
  MessageResponseSchema,
  StaffInvitationSchema,
  StaffListResponseSchema,
} from '@site/contracts';
import { badRequest, notFound } from '../../../lib/http-error';
import { AccountError, changeRole, listUsers, removeUser } from '../../../services/accounts';
import {
  InvitationError,
  type InvitationContext,
  acceptInvitation,
  createInvitation,
  findInvitation,
  listOpenInvitations,
  revokeInvitation,
} from '../../../services/staff';

const adminErrors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const UsernameParams = Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) });
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** Account problems are the caller's to fix: 400 with the sentence; a missing account is 404. */
function asHttp(error: unknown): never {
  if (error instanceof AccountError) {
    if (error.message.startsWith('There is no user')) throw notFound(error.message);
    throw badRequest(error.message);
  }
  if (error instanceof InvitationError) throw badRequest(error.message);
  throw error;
}

/** Staff accounts: admins invite, list, change roles and remove; invitees accept their link. */
const staff: FastifyPluginAsyncTypebox = async (app) => {
  const ctx: InvitationContext = {
    db: app.db,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
  };
  const admin = app.requireRole('admin');

  app.get(
    '/users',
    {
      schema: {
        tags: ['staff'],
        summary: 'Staff accounts with role and last login, and open invitations (admin)',
        response: { 200: StaffListResponseSchema, ...adminErrors },
      },
      onRequest: admin,
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const [users, invitations] = await Promise.all([
        listUsers(app.db),
        listOpenInvitations(app.db),
      ]);
      return { users, invitations };
    },
  );

  app.patch(
    '/users/:username',
    {
      schema: {
        tags: ['staff'],
        summary: 'Change an account’s role; the last admin stays an admin (admin)',
        params: UsernameParams,
        body: ChangeRoleRequestSchema,
        response: { 200: MessageResponseSchema, ...adminErrors },
      },
      onRequest: admin,
    },
    async (request) => {
      const { username } = request.params;
      try {
        await changeRole(app.db, username, request.body.role);
      } catch (error) {
        asHttp(error);
      }
      return {
        message: `${username} is now ${request.body.role === 'admin' ? 'an admin' : 'an editor'}.`,
      };
    },
  );

  app.delete(
    '/users/:username',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Remove an account; its sessions end at once. Not the last admin, not yourself (admin)',
        params: UsernameParams,
        response: { 200: MessageResponseSchema, ...adminErrors },
      },
      onRequest: admin,
    },
    async (request) => {
      const { username } = request.params;
      if (username === request.user!.username)
        throw badRequest('You cannot remove your own account; ask another admin.');
      try {
        await removeUser(app.db, username);
      } catch (error) {
        asHttp(error);
      }
      return { message: `Removed ${username}; their sessions have ended.` };
    },
  );

  app.post(
    '/invitations',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Invite an editor or admin by e-mail: a single-use link valid for 72 hours (admin)',
        body: CreateInvitationRequestSchema,
        response: { 201: StaffInvitationSchema, ...adminErrors },
      },
      onRequest: admin,
    },
    async (request, reply) => {
      const invitation = await createInvitation(ctx, {
        email: request.body.email,
        role: request.body.role,
        invitedBy: request.user!.username,
      });
      return reply.code(201).send(invitation);
    },
  );

  app.delete(
    '/invitations/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Withdraw an unused invitation; its link stops working (admin)',
        params: IdParams,
        response: { 200: MessageResponseSchema, ...adminErrors },
      },
      onRequest: admin,
    },
    async (request) => {
      if (!(await revokeInvitation(app.db, request.params.id)))
        throw notFound('There is no open invitation with that id.');
      return { message: 'The invitation was withdrawn.' };
    },
  );

  const publicErrors = { 400: ErrorResponseSchema, 429: ErrorResponseSchema };

  app.post(
    '/invitations/check',
    {
      schema: {
        tags: ['staff'],
        summary: 'What an invitation link offers (address and role), or why it no longer works',
        body: InvitationTokenRequestSchema,
        response: { 200: InvitationInfoSchema, ...publicErrors },
      },
      config: { rateLimit: app.config.limits.login },
    },
    async (request) => {
      try {
        const { email, role, expires_at } = await findInvitation(app.db, request.body.token);
        return { email, role, expires_at };
      } catch (error) {
        return asHttp(error);
      }
    },
  );

  app.post(
    '/invitations/accept',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Accept an invitation: choose a username and password; the link is used up and the new member is signed in',
        body: AcceptInvitationRequestSchema,
        response: { 201: AcceptInvitationResponseSchema, ...publicErrors },
      },
      config: { rateLimit: app.config.limits.login },
    },
    async (request, reply) => {
      try {
        const user = await acceptInvitation(app.db, request.body);
        // The new member is signed in at once, as after a login.
        const token = await app.startSession(user.id, request.headers['user-agent']);
        app.setSessionCookie(request, reply, token);
        reply.header('cache-control', 'no-store');
        return await reply.code(201).send({
          message: `Your account "${user.username}" is ready, and you are signed in.`,
          username: user.username,
          role: user.role,
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw badRequest(`The username "${request.body.username}" is taken; choose another.`);
        return asHttp(error);
      }
    },
  );
};

/** Two invitees choosing the same name at the same moment: the database's unique index decides. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export default staff;
