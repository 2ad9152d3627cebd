import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { ContactLinks, PageSection } from './marketing';

function renderLinks() {
  return render(
    <MemoryRouter>
      <ContactLinks className="mt-6 flex flex-wrap gap-3" />
    </MemoryRouter>,
  );
}

describe('ContactLinks', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('links to the contact form first and the sales form second', () => {
    renderLinks();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/contact-us', '/form']);
    expect(links[0]?.textContent).toBe(i18n.t('contactSection.contactCta', { ns: 'public' }));
    expect(links[1]?.textContent).toBe(i18n.t('contactSection.salesCta', { ns: 'public' }));
    expect(links[0]?.parentElement).toHaveClass('mt-6');
  });

  it('is written in Spanish too', async () => {
    await i18n.changeLanguage('es');
    renderLinks();
    expect(screen.getAllByRole('link')[0]?.textContent).toBe(i18n.t('contactSection.contactCta', { ns: 'public', lng: 'es' }));
    expect(screen.getAllByRole('link')[0]?.textContent).not.toBe(i18n.t('contactSection.contactCta', { ns: 'public', lng: 'en' }));
  });
});

describe('PageSection', () => {
  it('is a region named by its own h2', () => {
    render(
      <PageSection id="about-mission" title="Our mission">
        <p>Body</p>
      </PageSection>,
    );
    const region = screen.getByRole('region', { name: 'Our mission' });
    expect(region).toContainElement(screen.getByRole('heading', { level: 2, name: 'Our mission' }));
    expect(region).toHaveTextContent('Body');
  });
});
