import { gql, useMutation, useQuery, type TypedDocumentNode } from '@apollo/client';
import type {
  Presenter,
  PresenterDrawResponse,
  RedrawPayload,
  SelectWinnerPayload,
} from '@site/contracts';

export interface PresenterData {
  presenter: Presenter | null;
}

/** GET /giveaway/{id}/present (admin): handles or masked names only, never an e-mail. */
export const PRESENTER_QUERY: TypedDocumentNode<PresenterData, { id: string }> = gql`
  query Presenter($id: String!) {
    presenter(id: $id) @rest(type: "Presenter", path: "/giveaway/{args.id}/present") {
      id
      title
      prize
      prize_image
      participant_count
      external_randomness
      frozen
      end_date
      draw_closes_entries
      names
      winner @type(name: "PresenterWinner") {
        name
        round
      }
      winner_count
      winners @type(name: "PresenterPlace") {
        place
        round
        name
        claim_status
      }
      verify_path
    }
  }
`;

export function usePresenter(id: string) {
  return useQuery(PRESENTER_QUERY, { variables: { id }, fetchPolicy: 'network-only' });
}

/** A draw's or a re-draw's answer to the presenter view: the places by name, never an e-mail. */
const PRESENTER_DRAW_FIELDS = gql`
  fragment PresenterDrawFields on PresenterDraw {
    success
    message
    round
    winner @type(name: "PresenterDrawWinner") {
      name
    }
    winners @type(name: "PresenterDrawPlace") {
      place
      round
      name
    }
  }
`;

export interface PresenterDrawData {
  presenterDraw: PresenterDrawResponse | null;
}

/** POST /giveaway/{id}/present/draw (admin): the draw, answered without any e-mail. */
export const PRESENTER_DRAW_MUTATION: TypedDocumentNode<
  PresenterDrawData,
  { id: string; input: SelectWinnerPayload }
> = gql`
  mutation PresenterDraw($id: String!, $input: SelectWinnerPayload!) {
    presenterDraw(id: $id, input: $input)
      @rest(type: "PresenterDraw", path: "/giveaway/{args.id}/present/draw", method: "POST") {
      ...PresenterDrawFields
    }
  }
  ${PRESENTER_DRAW_FIELDS}
`;

export function usePresenterDraw() {
  return useMutation(PRESENTER_DRAW_MUTATION);
}

export interface PresenterRedrawData {
  presenterRedraw: PresenterDrawResponse | null;
}

/**
 * A place drawn again from the presenter view, with its published reason: `disqualify-winner`
 * (now, the winner is not eligible) or `redraw` (the claim period ended without a claim). The
 * answer names no e-mail.
 */
export const PRESENTER_REDRAW_MUTATION: TypedDocumentNode<
  PresenterRedrawData,
  { id: string; kind: 'redraw' | 'disqualify-winner'; input: RedrawPayload }
> = gql`
  mutation PresenterRedraw($id: String!, $kind: String!, $input: RedrawPayload!) {
    presenterRedraw(id: $id, kind: $kind, input: $input)
      @rest(
        type: "PresenterDraw"
        path: "/giveaway/{args.id}/present/{args.kind}"
        method: "POST"
      ) {
      ...PresenterDrawFields
    }
  }
  ${PRESENTER_DRAW_FIELDS}
`;

export function usePresenterRedraw() {
  return useMutation(PRESENTER_REDRAW_MUTATION);
}
