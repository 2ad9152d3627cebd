import { DASHBOARD_MAX_PRODUCTS, monthsBefore, type Dashboard, type Product } from '@fueldesk/contracts';
import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { LazyConfirmDialog } from '@/components/ui/lazy-dialog';
import { resolveErrorMessage } from '@/lib/api-client';
import { isDefaultDashboardName } from '../lib/default-dashboard-name';
import { prepareDayFormat } from '../lib/format';
import { useCreateDashboard } from '../api/create-dashboard';
import { useDeleteDashboard } from '../api/delete-dashboard';
import { useDashboards } from '../api/get-dashboards';
import { HOME_MOVERS_LIMIT } from '../api/home-first-data';
import { usePriceHistory } from '../api/get-price-history';
import { useProducts } from '../api/get-products';
import { useUpdateDashboard } from '../api/update-dashboard';
import { usePricesLiveRefresh } from '../api/use-prices-live-refresh';
import { MoversPanel } from '../components/movers-panel';
import { PriceCard } from '../components/price-card';
import { PriceMovementsPanel } from '../components/price-movements-panel';
import { ProductPicker } from '../components/product-picker';
import { ErrorState, LoadingState, panelClass } from '../components/state-views';
import { SummaryPanel } from '../components/summary-panel';
import { Input } from '@/components/ui/controls';
import { PricePageHeader } from '../components/price-page-header';
// The page's first data, loaded by the app's start before the page's first render (src/boot.tsx).
export { primeHomeData } from '../api/home-first-data';

/** /home shows the dashboard stored under this slug; /home/{slug} the one of a Home sub-item. */
export const HOME_DASHBOARD_SLUG = 'home';
const TREND_MONTHS = 3;
/**
 * What /home shows before its reader has saved a dashboard: the crude benchmarks and the main
 * products (those the market has), a dashboard like any other once edited and saved.
 */
const STARTER_CODES = ['WTI', 'BRENT', 'GASOLINE_NYH', 'ULSD_NYH', 'JET_USGC'];

function starterCodes(products: Product[]): string[] {
  return STARTER_CODES.filter((code) => products.some((product) => product.code === code)).slice(0, DASHBOARD_MAX_PRODUCTS);
}

function humanizeSlug(slug: string): string {
  const words = slug.replace(/-+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : slug;
}

function latestDate(products: Product[], codes: string[]): string | undefined {
  return products
    .filter((product) => codes.includes(product.code))
    .reduce<string | undefined>((latest, product) => (product.last_date && (!latest || product.last_date > latest) ? product.last_date : latest), undefined);
}

interface EditorProps {
  products: Product[];
  dashboard: Dashboard | undefined;
  /** The products an unsaved dashboard starts from. */
  initialCodes: string[];
  defaultName: string;
  slug: string;
  onDone: () => void;
  canCancel: boolean;
}

/** Name and products of a dashboard; creates it for this slug on the first save. */
function DashboardEditor({ products, dashboard, initialCodes, defaultName, slug, onDone, canCancel }: EditorProps) {
  const { t } = useTranslation('prices');
  const [name, setName] = useState(dashboard?.name ?? defaultName);
  const [codes, setCodes] = useState<string[]>(dashboard?.product_codes ?? initialCodes);
  const create = useCreateDashboard();
  const update = useUpdateDashboard();
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;

  const save = () => {
    const body = { name: name.trim() || defaultName, product_codes: codes };
    const options = { onSuccess: onDone };
    if (dashboard) update.mutate({ id: dashboard.id, body }, options);
    else create.mutate({ ...body, slug }, options);
  };

  return (
    <section aria-label={t('home.editorTitle')} className={`flex flex-col gap-4 p-4 ${panelClass}`}>
      <h3 className="text-base font-semibold">{dashboard ? t('home.editorTitle') : t('home.createTitle')}</h3>
      <label className="flex max-w-md flex-col gap-1 text-sm font-medium">
        {t('home.name')}
        <Input
          value={name}
          maxLength={60}
          onChange={(event) => setName(event.target.value)}
          className="focus-ring rounded-lg border border-slate-300 bg-white px-3 py-2 font-normal dark:border-slate-600 dark:bg-slate-800"
        />
      </label>
      <ProductPicker products={products} selected={codes} onChange={setCodes} max={DASHBOARD_MAX_PRODUCTS} />
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {resolveErrorMessage(error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={save} disabled={saving}>
          {saving ? t('actions.saving') : t('actions.save')}
        </Button>
        {canCancel ? (
          <Button variant="secondary" onClick={onDone} disabled={saving}>
            {t('actions.cancel')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** /home and /home/{slug}: a personal dashboard of up to 5 products, with movers, summary and movements. */
export default function HomeDashboardPage() {
  const { slug } = useParams();
  // One instance per slug, so edit and delete state never leaks from one dashboard to the next.
  return <HomeDashboard key={slug ?? HOME_DASHBOARD_SLUG} slug={slug ?? HOME_DASHBOARD_SLUG} />;
}

function HomeDashboard({ slug }: { slug: string }) {
  usePricesLiveRefresh();
  // The movers' date line formatter (tens of milliseconds on a slow phone) is built while the
  // dashboard's data is on its way, not in the render that shows the panel.
  useEffect(() => prepareDayFormat('long'), []);
  const { t } = useTranslation('prices');
  const navigate = useNavigate();
  const dashboards = useDashboards();
  const products = useProducts();
  const remove = useDeleteDashboard();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const dashboard = dashboards.data?.dashboards.find((item) => item.slug === slug);
  const productList = products.data?.products ?? [];
  // /home before its first save shows the starter products; a sub-item's new dashboard starts empty.
  const isStarter = !dashboard && slug === HOME_DASHBOARD_SLUG;
  const codes = dashboard?.product_codes ?? (isStarter ? starterCodes(productList) : []);
  const to = latestDate(productList, codes);
  const history = usePriceHistory({ codes: products.data ? codes : [], from: to ? monthsBefore(to, TREND_MONTHS) : undefined, to });
  const defaultName = slug === HOME_DASHBOARD_SLUG ? t('home.defaultName') : humanizeSlug(slug);
  // A dashboard still called by the default name (in whichever language it was saved) reads in the current one.
  const title = dashboard && !isDefaultDashboardName(dashboard.name) ? dashboard.name : defaultName;

  let main;
  if (dashboards.isPending || products.isPending) {
    main = <LoadingState label={t('home.loading')} className={panelClass} />;
  } else if (dashboards.isError || products.isError) {
    main = (
      <ErrorState
        error={dashboards.error ?? products.error}
        title={t('home.error')}
        onRetry={() => {
          void dashboards.refetch();
          void products.refetch();
        }}
      />
    );
  } else if (editing || codes.length === 0) {
    main = (
      <>
        {!dashboard && !isStarter ? <p className="text-sm text-slate-600 dark:text-slate-300">{t('home.firstTime', { max: DASHBOARD_MAX_PRODUCTS })}</p> : null}
        <DashboardEditor
          key={`${slug}-${dashboard?.id ?? 'new'}`}
          products={productList}
          dashboard={dashboard}
          initialCodes={codes}
          defaultName={defaultName}
          slug={slug}
          canCancel={codes.length > 0}
          onDone={() => setEditing(false)}
        />
      </>
    );
  } else if (history.isPending) {
    main = <LoadingState label={t('home.loadingPrices')} className={panelClass} />;
  } else if (history.isError) {
    main = <ErrorState error={history.error} title={t('home.pricesError')} onRetry={() => void history.refetch()} />;
  } else {
    main = (
      <>
        {isStarter ? <p className="text-sm text-slate-600 dark:text-slate-300">{t('home.starter', { max: DASHBOARD_MAX_PRODUCTS })}</p> : null}
        <ul aria-label={t('home.cards')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
          {history.data.series.map((series) => (
            <li key={series.code} className="flex flex-col">
              <PriceCard series={series} />
            </li>
          ))}
        </ul>
        <PriceMovementsPanel history={history.data} />
      </>
    );
  }

  const others = (dashboards.data?.dashboards ?? []).filter((item) => item.slug !== slug);
  // The movers and the summary come once the dashboard above has its final height: shown early, they
  // were pushed down when the cards or the editor replaced the loading panel (a layout shift of
  // 0.4–0.6 in Lighthouse on a phone). Not rendered before either: the first render of the page is
  // its own, not theirs. Their data is on its way from the start (app/early-start.ts).
  const settling = dashboards.isPending || products.isPending || (codes.length > 0 && !editing && history.isPending);
  // When the page's first render has its data already (the app's start primes it), the panels still
  // come in a second, interruptible render: what a phone shows first (the dashboard above them) is
  // painted without waiting for the movers' and summary's rows and their date formatter.
  const showPanels = useDeferredValue(!settling, false);

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 sm:px-6">
      <PricePageHeader
        title={title}
        isDemo={history.data?.is_demo}
        intro={t('home.intro', { max: DASHBOARD_MAX_PRODUCTS })}
        actions={
          codes.length > 0 && !editing ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setEditing(true)}>
                <Icon name="pencil" className="size-4" />
                {t('home.edit')}
              </Button>
              {dashboard ? (
                <Button variant="ghost" onClick={() => setConfirmDelete(true)}>
                  <Icon name="trash" className="size-4" />
                  {t('home.delete')}
                </Button>
              ) : null}
            </div>
          ) : null
        }
      />

      {remove.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300">
          {t('home.deleteError')}
        </p>
      ) : null}

      {main}

      {showPanels ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <MoversPanel limit={HOME_MOVERS_LIMIT} />
          <SummaryPanel />
        </div>
      ) : null}

      {others.length > 0 ? (
        <nav aria-label={t('home.otherDashboards')} className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-600 dark:text-slate-400">{t('home.otherDashboards')}:</span>
          {others.map((item) => (
            <Link
              key={item.id}
              to={item.slug === HOME_DASHBOARD_SLUG ? '/home' : `/home/${item.slug}`}
              className="focus-ring rounded-full border border-slate-300 px-3 py-1 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              {item.name}
            </Link>
          ))}
        </nav>
      ) : null}

      {confirmDelete ? (
        <Suspense fallback={null}>
          <LazyConfirmDialog
            open={confirmDelete}
            title={t('home.deleteTitle')}
            description={t('home.deleteConfirm', { name: title })}
            cancelLabel={t('actions.cancel')}
            confirmLabel={t('home.deleteConfirmButton')}
            busy={remove.isPending}
            onCancel={() => setConfirmDelete(false)}
            onConfirm={() => {
              if (!dashboard) return;
              remove.mutate(dashboard.id, {
                onSuccess: () => {
                  setConfirmDelete(false);
                  if (slug !== HOME_DASHBOARD_SLUG) navigate('/home');
                },
                onError: () => setConfirmDelete(false),
              });
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
