import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SuccessMessage } from '@site/contracts';

/**
 * The mutation `operation`: its field `field` POSTs `$input` (of the GraphQL input type
 * `inputType`) to `path`, where `{args.id}` stands for `$id`, and reads the API's
 * `{ success, message }`.
 */
export function postMutation<Field extends string, Input>(
  operation: string,
  field: Field,
  inputType: string,
  path: string,
): TypedDocumentNode<{ [K in Field]: SuccessMessage | null }, { id: string; input: Input }> {
  return gql(`
  mutation ${operation}($id: String!, $input: ${inputType}!) {
    ${field}(id: $id, input: $input)
      @rest(type: "SuccessMessage", path: "${path}", method: "POST") {
      success
      message
    }
  }
`);
}
