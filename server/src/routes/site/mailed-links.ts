import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { idOf } from '../../lib/id-param';
import { claimStatus } from '../../services/giveaways/claims';
import { settle } from '../../services/giveaways/listing';
import { tokenOf } from '../../lib/token-address';

/*
 * The pages a mailed link opens, /giveaway/{id}/confirm?token=… and /giveaway/{id}/claim?token=…,
 * are drawn for the request with what the token stands for: the page is then private (never kept
 * by the server, a shared cache or the browser). The token itself is never written into the page
 * nor logged (the request log redacts it); the page's island reads it from the address.
 */

const CONFIRM_PATH = /^\/giveaway\/([^/]+)\/confirm$/;
const CLAIM_PATH = /^\/giveaway\/([^/]+)\/claim$/;

export type MailedLinkState =
  | { kind: 'confirm-link' }
  | { kind: 'claim-link'; link: Awaited<ReturnType<typeof claimStatus>> | null; problem?: string };

/**
 * What a mailed link's page is drawn with for this request, or undefined for any other page (or
 * one asked without a token: the page every visitor gets, saying it needs the link).
 */
export const mailedLinkStateFor =
  (app: FastifyInstance) =>
  async (request: FastifyRequest, urlPath: string): Promise<MailedLinkState | undefined> => {
    const confirm = CONFIRM_PATH.exec(urlPath);
    const claim = confirm ? null : CLAIM_PATH.exec(urlPath);
    const id = idOf((confirm ?? claim)?.[1]);
    if (id === null) return undefined;
    const token = tokenOf(request);
    if (token === null) return undefined;
    // Confirming is the entrant's press of the button: opening the link confirms nothing.
    if (confirm) return { kind: 'confirm-link' };
    const timeZone = app.config.siteTimezone;
    try {
      await settle(app.db, id, timeZone);
      return {
        kind: 'claim-link',
        link: await claimStatus(app.db, id, token, { now: new Date(), timeZone }),
      };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404)
        return { kind: 'claim-link', link: null, problem: error.message };
      // The link's state could not be asked: the form is shown, and the claim says what is wrong.
      request.log.warn({ err: error }, 'the claim link could not be checked');
      return { kind: 'claim-link', link: null };
    }
  };
