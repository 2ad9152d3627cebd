import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { renderApp } from '@/test/render-app';
import { PdfModal } from '../components/pdf-modal';

describe('policy pages', () => {
  it('render the privacy policy at the /Policy index with its figures', async () => {
    renderApp('/Policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText(/at least 30 days before a material change/)).toBeInTheDocument();
    expect(screen.getByText(/kept for 7 years/)).toBeInTheDocument();
  });

  it('render the refund policy in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderApp('/Policy/RefundAndCancellation-Policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Política de reembolso y cancelación' })).toBeInTheDocument();
    expect(screen.getByText(/en un plazo de 10 días hábiles/)).toBeInTheDocument();
    expect(screen.getByText(/al menos 48 horas consecutivas/)).toBeInTheDocument();
  });

  it('open the Terms and the confidentiality agreement as PDFs in a modal that Escape closes', async () => {
    const { user } = renderApp('/Policy/Terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    const opener = screen.getByRole('link', { name: 'View Non-circumvention and confidentiality agreement (PDF)' });
    expect(opener).toHaveAttribute('href', '/legal/confidentiality-agreement-en.pdf');
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Non-circumvention and confidentiality agreement' });
    const frame = within(dialog).getByTitle('Non-circumvention and confidentiality agreement, PDF document');
    expect(frame).toHaveAttribute('src', '/api/legal/confidentiality-agreement-en.pdf');
    expect(within(dialog).getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/legal/confidentiality-agreement-en.pdf');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The dialog gives focus back on the next task, after it has unmounted.
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('open the Spanish PDF when the page is in Spanish', async () => {
    await i18n.changeLanguage('es');
    const { user } = renderApp('/Policy/Terms');
    await user.click(await screen.findByRole('link', { name: 'Ver Términos del servicio (PDF)' }));
    expect(screen.getByTitle('Términos del servicio, documento PDF')).toHaveAttribute('src', '/api/legal/terms-es.pdf');
  });
});

describe('PdfModal', () => {
  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">outside</button>
        <PdfModal open onClose={() => undefined} title="Terms" file="terms-en.pdf" />
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Terms' });
    for (let index = 0; index < 6; index += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it("says 'No PDF file provided.' when a document has no file", async () => {
    render(<PdfModal open onClose={() => undefined} title="Cookie Policy" file={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('No PDF file provided.');
    expect(screen.queryByTitle(/PDF document/)).not.toBeInTheDocument();
    await i18n.changeLanguage('es');
    expect(await screen.findByText('No se ha proporcionado ningún archivo PDF.')).toBeInTheDocument();
  });

  it('renders nothing while closed', () => {
    render(<PdfModal open={false} onClose={() => undefined} title="Terms" file="terms-en.pdf" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
