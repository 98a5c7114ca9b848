/**
 * The six services offered, in the order the home page and footer list them. The footer, on every
 * page, needs only the titles, so they live apart from the descriptions and icons (services.tsx),
 * which only the pages that show them load.
 */
export const SERVICE_TITLES = [
  'AI Agent Development',
  'AI Consultation',
  'Integration Services',
  'Retrieval Augment Generation',
  'Graph RAG',
  'Agents Security',
] as const;
