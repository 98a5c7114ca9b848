import type React from 'react';
import type { ContentIcon } from '@site/contracts/content-facts';
import {
  AgentIcon,
  ClockIcon,
  ConsultationIcon,
  GraphIcon,
  IntegrationIcon,
  ProtocolIcon,
  RetrievalIcon,
  ShieldIcon,
  SparkIcon,
  TargetIcon,
  VoiceIcon,
  type IconProps,
} from '../icons';

/** The drawn icon for each name a content file may use (the build rejects any other name). */
export const CONTENT_ICON_COMPONENTS: Record<ContentIcon, React.ComponentType<IconProps>> = {
  agent: AgentIcon,
  consultation: ConsultationIcon,
  integration: IntegrationIcon,
  retrieval: RetrievalIcon,
  graph: GraphIcon,
  shield: ShieldIcon,
  protocol: ProtocolIcon,
  voice: VoiceIcon,
  spark: SparkIcon,
  clock: ClockIcon,
  target: TargetIcon,
};

/** Looks up a content file's icon name; names were checked at build time. */
export function contentIcon(name: string): React.ComponentType<IconProps> {
  return CONTENT_ICON_COMPONENTS[name as ContentIcon];
}
