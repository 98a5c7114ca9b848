import type { ContactService } from '@site/contracts';

/** The service choices in display order; the empty value means "none chosen". */
export const SERVICE_OPTIONS: readonly { value: Exclude<ContactService, ''>; label: string }[] = [
  { value: 'ai-agent-development', label: 'AI Agent Development' },
  { value: 'ai-consultation', label: 'AI Consultation' },
  { value: 'agents-security', label: 'Agents Security' },
  { value: 'graph-rag', label: 'Graph RAG' },
  { value: 'integration', label: 'Integration Services' },
  { value: 'mcp', label: 'Model Context Protocol' },
  { value: 'retrieval-augment-generation', label: 'Retrieval Augment Generation' },
  { value: 'voice-ai', label: 'Voice AI Agents' },
];

export function serviceLabel(value: ContactService): string {
  return SERVICE_OPTIONS.find((option) => option.value === value)?.label ?? 'Not specified';
}
