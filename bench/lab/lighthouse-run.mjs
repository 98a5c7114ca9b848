// Shared by the lab's Lighthouse measurements (bench/lab/lighthouse.mjs and bench/lab/peer.mjs).

/**
 * One Lighthouse run (mobile settings, simulated throttling) on `url` in the Chrome that
 * chrome-launcher started: the four category scores, FCP, LCP, TBT, CLS, the JavaScript
 * transferred (KB of script responses as sent) and Lighthouse's CPU benchmarkIndex.
 */
export async function lighthouseRun(
  chrome,
  url,
  categories = ['performance', 'accessibility', 'best-practices', 'seo'],
) {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
  });
  const lhr = result.lhr;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const jsBytes = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  // A run Lighthouse could not finish (e.g. NO_FCP, a timeout) has no score and no metrics: its
  // figures are null and `runtimeError` names the reason, so it is not averaged in as a 0.
  const failed = lhr.runtimeError?.code ?? null;
  const score = (name) =>
    lhr.categories[name] && !failed ? Math.round(lhr.categories[name].score * 100) : null;
  const metric = (name) => (failed ? null : (lhr.audits[name]?.numericValue ?? null));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    jsKb: jsBytes / 1024,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    runtimeError: failed,
  };
}
