import type { ContactService } from '@site/contracts';
import { useSiteContent } from '@/components/use-site-content';

export interface ServiceOption {
  value: Exclude<ContactService, ''>;
  label: string;
}

/**
 * The contact form's service choices, in the order of content/services.yaml. The build checks
 * that the file's slugs are exactly the values the API accepts, so each value is a ContactService.
 */
export function useServiceOptions(): readonly ServiceOption[] {
  return useSiteContent().services.map((service) => ({
    value: service.slug as ServiceOption['value'],
    label: service.name,
  }));
}

/** The name of a service value; the empty value (none chosen) reads "Not specified". */
export function useServiceLabel(): (value: ContactService) => string {
  const options = useServiceOptions();
  return (value) => options.find((option) => option.value === value)?.label ?? 'Not specified';
}
