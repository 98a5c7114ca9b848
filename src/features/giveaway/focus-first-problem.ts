/**
 * Focuses the first of `order`'s fields (by name) that has a problem in `problems`. Returns
 * whether there was one: a form with a problem is not sent.
 */
export function focusFirstProblem<K extends string>(
  form: HTMLFormElement,
  order: readonly K[],
  problems: Partial<Record<K, unknown>>,
): boolean {
  const first = order.find((name) => problems[name]);
  if (!first) return false;
  form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  return true;
}
