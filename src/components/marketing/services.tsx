import type React from 'react';
import {
  AgentIcon,
  ConsultationIcon,
  GraphIcon,
  IntegrationIcon,
  RetrievalIcon,
  ShieldIcon,
  type IconProps,
} from '../icons';

export interface ServiceSummary {
  title: string;
  description: string;
  Icon: React.ComponentType<IconProps>;
}

/** The six services offered, in the order the home page and footer list them. */
export const SERVICES: readonly ServiceSummary[] = [
  {
    title: 'AI Agent Development',
    description:
      'Custom agents that plan, call your tools and finish multi-step work such as triaging tickets, qualifying leads or reconciling invoices, built around your process rather than a demo.',
    Icon: AgentIcon,
  },
  {
    title: 'AI Consultation',
    description:
      'A clear-eyed assessment of where agents will pay off in your business, which workflows to automate first, and what it will cost to build and run them.',
    Icon: ConsultationIcon,
  },
  {
    title: 'Integration Services',
    description:
      'Agents connected to the systems you already run (CRM, ERP, messaging and automation platforms) with proper authentication, rate limits and audit trails.',
    Icon: IntegrationIcon,
  },
  {
    title: 'Retrieval Augment Generation',
    description:
      'Answers grounded in your own documents, wikis and databases, with citations back to the source so your team can trust and verify every response.',
    Icon: RetrievalIcon,
  },
  {
    title: 'Graph RAG',
    description:
      'Knowledge graphs that capture how your customers, products and contracts relate, so agents can answer questions that span many documents at once.',
    Icon: GraphIcon,
  },
  {
    title: 'Agents Security',
    description:
      'Threat modelling, prompt-injection defences, least-privilege tool access and red-team testing, so an agent with real permissions stays within its brief.',
    Icon: ShieldIcon,
  },
];
