/**
 * Sets the tab title at runtime, keeping the site suffix the Seo component adds (" | AgentWorks"),
 * for pages whose title is only known once their data has loaded.
 */
export function setPageTitle(title: string): void {
  const current = document.title;
  const separator = current.lastIndexOf(' | ');
  document.title = separator >= 0 ? `${title}${current.slice(separator)}` : title;
}
