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
import { SERVICE_TITLES } from './service-titles';

export interface ServiceSummary {
  title: string;
  description: string;
  Icon: React.ComponentType<IconProps>;
}

const [agentDevelopment, consultation, integration, retrieval, graphRag, security] = SERVICE_TITLES;

/** The six services offered, in the order of SERVICE_TITLES. */
export const SERVICES: readonly ServiceSummary[] = [
  {
    title: agentDevelopment,
    description:
      'Custom agents that plan, call your tools and finish multi-step work such as triaging tickets, qualifying leads or reconciling invoices, built around your process rather than a demo.',
    Icon: AgentIcon,
  },
  {
    title: consultation,
    description:
      'A clear-eyed assessment of where agents will pay off in your business, which workflows to automate first, and what it will cost to build and run them.',
    Icon: ConsultationIcon,
  },
  {
    title: integration,
    description:
      'Agents connected to the systems you already run (CRM, ERP, messaging and automation platforms) with proper authentication, rate limits and audit trails.',
    Icon: IntegrationIcon,
  },
  {
    title: retrieval,
    description:
      'Answers grounded in your own documents, wikis and databases, with citations back to the source so your team can trust and verify every response.',
    Icon: RetrievalIcon,
  },
  {
    title: graphRag,
    description:
      'Knowledge graphs that capture how your customers, products and contracts relate, so agents can answer questions that span many documents at once.',
    Icon: GraphIcon,
  },
  {
    title: security,
    description:
      'Threat modelling, prompt-injection defences, least-privilege tool access and red-team testing, so an agent with real permissions stays within its brief.',
    Icon: ShieldIcon,
  },
];
