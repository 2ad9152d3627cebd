import { expect, test, type Page } from '@playwright/test';
import {
  expectNoSidewaysScroll,
  signInBeforeFirstPage,
  signOutThroughApi,
  switchLanguageThroughMenu,
  viewports,
  waitForSanctionsLists,
  watchConsole,
} from './helpers';

// Issue 29: a listed name in disguise is still found on the screening page, and the list's
// freshness is there in words. Names from the tiny OFAC SDN list the journey server loads.

const CYRILLIC_E = '\u0435';
const ZERO_WIDTH_JOINER = '\u200d';

/** Screens one name from the search form and answers the candidates' table. */
async function screen(page: Page, name: string, labels = { field: 'Name', submit: 'Screen' }) {
  await page.getByRole('searchbox', { name: labels.field }).fill(name);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
  return page.getByRole('table', { name: /^(Candidates for|Candidatos para) / });
}

test.describe('screening a disguised sanctioned name', () => {
  test.use({ viewport: viewports.desktop });

  test('a look-alike letter, a zero-width joiner or one more word does not hide a listed name', async ({ page, request }) => {
    const errors = watchConsole(page);
    const session = await signInBeforeFirstPage(page, request);
    await waitForSanctionsLists(request, session);
    try {
      await page.goto('/due-diligence/screening');
      // The list screened against, by its human name, with its freshness in words.
      // (Scoped to OFAC SDN: when every journey runs, an earlier one has loaded another list.)
      const ofac = page.getByRole('region', { name: /^(Loaded lists|Listas cargadas)$/ }).getByTestId('list-ofac_sdn');
      await expect(ofac.getByText('OFAC SDN', { exact: true })).toBeVisible();
      await expect(ofac.getByText(/publication date unknown/)).toBeVisible();
      await expect(ofac.getByText(/Undated: the publication date of this list is unknown, so it counts as out of date/)).toBeVisible();

      // A Cyrillic e (U+0435) inside "Morey": found at full score, and the explanation says the name mixes alphabets.
      const cyrillic = `Elvis Angus Logan Mor${CYRILLIC_E}y`;
      let table = await screen(page, cyrillic);
      await expect(page.getByText(`1 match for “${cyrillic}”.`)).toBeVisible();
      let first = table.getByRole('row').nth(1);
      await expect(first.getByText('LOGAN MOREY, Elvis Angus')).toBeVisible();
      await expect(first.getByText('100%')).toBeVisible();
      await first.getByRole('button', { name: 'Show why and details' }).click();
      await expect(table.getByText(/mixes alphabets inside a word \(“Mor.y”\): look-alike letters were read as Latin/)).toBeVisible();

      // A zero-width joiner inside "Dmitry": found, and the invisible character is named.
      table = await screen(page, `Dmi${ZERO_WIDTH_JOINER}try Khoroshev`);
      first = table.getByRole('row').nth(1);
      await expect(first.getByText('KHOROSHEV, Dmitry Yuryevich')).toBeVisible();
      await expect(first.getByText('Match', { exact: true })).toBeVisible();
      await first.getByRole('button', { name: 'Show why and details' }).click();
      await expect(table.getByText(/contained 1 invisible character \(zero-width or direction marks\), removed before comparing/)).toBeVisible();

      // The phone, in Spanish: a person's name followed by a legal form still finds the person.
      await page.setViewportSize(viewports.mobile);
      await switchLanguageThroughMenu(page, 'Español');
      await expect(ofac.getByText(/Sin fecha: se desconoce la fecha de publicación/)).toBeVisible();
      table = await screen(page, 'Artem Lifshits LLC', { field: 'Nombre', submit: 'Comprobar' });
      await expect(page.getByText('1 coincidencia para «Artem Lifshits LLC».')).toBeVisible();
      first = table.getByRole('row').nth(1);
      await expect(first.getByText('LIFSHITS, Artem Mikhaylovich')).toBeVisible();
      await expect(first.getByText('Coincidencia', { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: test.info().outputPath('screening-disguised-390-es.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await signOutThroughApi(request, session);
    }
  });
});
