import { expect, test, type Page } from '@playwright/test';

/** Entries from content/projects.yaml the checks below rely on. */
const ALL_PROJECTS = 7;

const cards = (page: Page) => page.getByRole('article');
const categorySelect = (page: Page) => page.getByRole('combobox', { name: 'Category' });
const typeSelect = (page: Page) => page.getByRole('combobox', { name: 'Type' });

/** The page applies the URL's filters after hydration; wait for the client to take over. */
async function openProjects(page: Page, search = '') {
  await page.goto(`/projects${search}`);
  await page.waitForLoadState('networkidle');
}

test.describe('Vibe Projects gallery', () => {
  test('shows the hero, every project card and the closing banner', async ({ page }) => {
    await openProjects(page);
    await expect(page).toHaveTitle(/Vibe Projects/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vibe Projects' })).toBeVisible();
    await expect(cards(page)).toHaveCount(ALL_PROJECTS);

    const tool = page.getByRole('article', { name: 'Drowsiness & Yawn Alert' });
    await expect(tool.getByText('Live', { exact: true })).toBeVisible();
    await expect(tool.getByText('HTML/JS')).toBeVisible();
    await expect(tool.getByText('Fun Tools')).toBeVisible();
    await expect(tool.getByRole('listitem')).toHaveText([
      'JavaScript',
      'face-api.js',
      'TensorFlow.js',
      'Web Audio API',
      '+1 more',
    ]);
    await expect(
      page.getByRole('article', { name: 'Agent Prompt Playground' }).getByText('In Development'),
    ).toBeVisible();
    await expect(
      page.getByRole('article', { name: 'Support Inbox Triage Board' }).getByText('Planned'),
    ).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Like What You See?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check Out More' })).toHaveAttribute(
      'type',
      'button',
    );
    await expect(page.getByRole('link', { name: 'Get In Touch' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  test('card images are responsive, reserve their 16:10 space and load lazily below the first row', async ({
    page,
  }) => {
    // Sums the layout shifts whose moved elements are inside the gallery (the site shell is not
    // this spec's business), while the images load and the page scrolls past the lazy ones.
    await page.addInitScript(() => {
      type Shift = PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      };
      const w = window as Window & { layoutShift?: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          const inGallery = (entry.sources ?? []).some(
            (source) =>
              source.node instanceof Element && source.node.closest('#projects-gallery') !== null,
          );
          if (!entry.hadRecentInput && inGallery)
            w.layoutShift = (w.layoutShift ?? 0) + entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await openProjects(page);
    const images = page.getByRole('article').getByRole('img');
    await expect(images).toHaveCount(ALL_PROJECTS);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('srcset', /160w[\s\S]*320w[\s\S]*640w/);
      const box = await image.boundingBox();
      expect(box && box.width / box.height).toBeCloseTo(1.6, 1);
    }
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    await expect(images.last()).toHaveAttribute('loading', 'lazy');

    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState('networkidle');
    const shift = await page.evaluate(
      () => (window as Window & { layoutShift?: number }).layoutShift ?? 0,
    );
    expect(shift).toBeLessThan(0.01);
  });

  test('filters by category and puts it in the URL', async ({ page }) => {
    await openProjects(page);
    await categorySelect(page).selectOption('Fun Tools');
    await expect(page).toHaveURL(/\/projects\?category=Fun\+Tools$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first().getByRole('heading')).toHaveText('Drowsiness & Yawn Alert');
  });

  test('filters by type and puts it in the URL', async ({ page }) => {
    await openProjects(page);
    await typeSelect(page).selectOption({ label: 'React' });
    await expect(page).toHaveURL(/\/projects\?type=react$/);
    await expect(cards(page)).toHaveCount(2);
    // Each card's first definition is its type (Type/Category pair).
    for (const card of await cards(page).all())
      await expect(card.getByRole('definition').first()).toHaveText('React');

    // Each choice lands in the URL before the next: React and Other both show two cards, so the
    // count alone cannot tell whether the page has taken the previous choice yet.
    await typeSelect(page).selectOption({ label: 'Other' });
    await expect(page).toHaveURL(/\/projects\?type=other$/);
    await expect(cards(page)).toHaveCount(2);
    await typeSelect(page).selectOption({ label: 'HTML/JS' });
    await expect(page).toHaveURL(/\/projects\?type=html$/);
    await expect(cards(page)).toHaveCount(3);
  });

  test('combines both filters down to the empty state, and Clear Filters resets both', async ({
    page,
  }) => {
    await openProjects(page);
    await categorySelect(page).selectOption('AI Agents');
    await expect(cards(page)).toHaveCount(3);
    await typeSelect(page).selectOption({ label: 'HTML/JS' });
    await expect(page).toHaveURL(/category=AI\+Agents&type=html/);
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No projects found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your filters to see more projects.')).toBeVisible();

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(cards(page)).toHaveCount(ALL_PROJECTS);
    await expect(categorySelect(page)).toHaveValue('all');
    await expect(typeSelect(page)).toHaveValue('all');
    await expect(page).toHaveURL(/\/projects$/);
  });

  test('applies filters from the URL on arrival, and back/forward step through them', async ({
    page,
  }) => {
    await openProjects(page, '?category=AI+Agents&type=other');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first().getByRole('heading')).toHaveText('Company Docs Search (RAG)');
    await expect(categorySelect(page)).toHaveValue('AI Agents');
    await expect(typeSelect(page)).toHaveValue('other');

    await typeSelect(page).selectOption('react');
    await expect(cards(page)).toHaveCount(2);
    await page.goBack();
    await expect(typeSelect(page)).toHaveValue('other');
    await expect(cards(page)).toHaveCount(1);
    await page.goForward();
    await expect(typeSelect(page)).toHaveValue('react');
    await expect(cards(page)).toHaveCount(2);
  });

  test('main buttons open the project in a new tab: View Live when live, Preview otherwise', async ({
    page,
  }) => {
    await openProjects(page);
    const live = page
      .getByRole('article', { name: 'Drowsiness & Yawn Alert' })
      .getByRole('link', { name: /^View Live/ });
    await expect(live).toHaveAttribute('href', '/tools/drowsiness/');
    await expect(live).toHaveAttribute('target', '_blank');
    await expect(live).toHaveAttribute('rel', 'noopener noreferrer');

    const preview = page
      .getByRole('article', { name: 'Agent Prompt Playground' })
      .getByRole('link', { name: /^Preview/ });
    await expect(preview).toHaveAttribute('href', '/tools/roadmap/#prompt-playground');
    await expect(preview).toHaveAttribute('target', '_blank');

    for (const card of await cards(page).all()) {
      const github = card.getByRole('link', { name: /^GitHub/ });
      if ((await github.count()) === 0) continue;
      await expect(github).toHaveAttribute('href', /^https:\/\/github\.com\//);
      await expect(github).toHaveAttribute('target', '_blank');
    }

    const [tab] = await Promise.all([page.context().waitForEvent('page'), live.click()]);
    await tab.waitForLoadState();
    // The site drops trailing slashes (a redirect), so accept both forms.
    await expect(tab).toHaveURL(/\/tools\/drowsiness\/?$/);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Drowsiness & Yawn Alert');
  });

  test('every project link leads to a page that exists', async ({ page, request }) => {
    await openProjects(page);
    const hrefs = await page
      .getByRole('article')
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((link) => (link as HTMLAnchorElement).getAttribute('href') ?? ''),
      );
    for (const href of hrefs.filter((value) => value.startsWith('/'))) {
      const response = await request.get(href.split('#')[0] ?? href);
      expect(response.status(), href).toBe(200);
    }
  });
});
