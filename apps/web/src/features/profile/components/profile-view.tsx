import { PING_INTERVAL_MS, type Profile } from '@fueldesk/contracts';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { pingSession } from '@/lib/auth-store';
import { useProfile } from '../api/get-profile';
import { deriveWebsite, resolveRoleLabelKey, toHref } from '../lib/profile-format';
import type { ProfilePanelProps } from './profile-panel-props';
import { SessionsTab } from './sessions-tab';

type Tab = 'profile' | 'sessions';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-100 py-3 last:border-0 sm:grid-cols-[12rem_1fr] sm:gap-4 dark:border-slate-800">
      <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

const linkClassName = 'focus-ring rounded text-amber-700 underline underline-offset-2 hover:text-amber-900 dark:text-amber-300 dark:hover:text-amber-200';

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={toHref(href)} target="_blank" rel="noopener noreferrer" className={linkClassName}>
      {children}
    </a>
  );
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const none = <span className="text-slate-500 dark:text-slate-400">{t('profile.none')}</span>;
  const website = deriveWebsite(profile.website, profile.company === '-' ? null : profile.company);
  const subscription = t(`profile.subscription.${profile.subscription_status}`, { defaultValue: profile.subscription_status });
  return (
    <dl>
      <Row label={t('fields.firstName')}>{profile.first_name || none}</Row>
      <Row label={t('fields.lastName')}>{profile.last_name || none}</Row>
      <Row label={t('fields.email')}>{profile.email}</Row>
      <Row label={t('fields.phone')}>{profile.phone || <span className="text-slate-500 dark:text-slate-400">{t('profile.phoneNotRegistered')}</span>}</Row>
      <Row label={t('fields.company')}>{profile.company && profile.company !== '-' ? profile.company : none}</Row>
      <Row label={t('fields.website')}>
        {website ? (
          <>
            <ExternalLink href={website}>{website}</ExternalLink>
            {profile.website ? null : <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">{t('profile.derivedWebsite')}</span>}
          </>
        ) : (
          none
        )}
      </Row>
      <Row label={t('profile.plan')}>{profile.plan_name ?? profile.plan_code}</Row>
      <Row label={t('profile.subscriptionStatus')}>{subscription}</Row>
      <Row label={t('profile.role')}>{t(`roles.${resolveRoleLabelKey(profile.role, profile.is_superadmin)}`)}</Row>
      <Row label={t('fields.bio')}>{profile.bio ? <p className="whitespace-pre-line">{profile.bio}</p> : none}</Row>
      <Row label={t('profile.social')}>
        {profile.linkedin || profile.twitter ? (
          <ul className="flex flex-col gap-1">
            {profile.linkedin ? (
              <li>
                <ExternalLink href={profile.linkedin}>{t('fields.linkedin')}</ExternalLink>
              </li>
            ) : null}
            {profile.twitter ? (
              <li>
                <ExternalLink href={profile.twitter}>{t('fields.twitter')}</ExternalLink>
              </li>
            ) : null}
          </ul>
        ) : (
          none
        )}
      </Row>
    </dl>
  );
}

function initialsOf(profile: Profile): string {
  const letters = [profile.first_name, profile.last_name].filter(Boolean).map((part) => part!.trim()[0]);
  return (letters.length > 0 ? letters.join('') : profile.email[0] ?? '?').toUpperCase();
}

/** The profile screen, shown by the dashboard layout over the page content (not a route). */
const ProfileView: ComponentType<ProfilePanelProps> = function ProfileView() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const [tab, setTab] = useState<Tab>('profile');

  // SPEC.md §7: the profile screen pings too, every 15 s while it is open.
  useEffect(() => {
    const timer = setInterval(() => void pingSession(), PING_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6">
      <h2 className="sr-only">{t('profile.title')}</h2>
      {profile.isPending ? <PageLoader /> : null}
      {profile.isError ? (
        // SPEC.md §8: a failed profile read leaves the profile empty; the sessions stay reachable.
        <p className="mb-4 text-sm text-slate-500 dark:text-slate-400">{t('profile.unavailable')}</p>
      ) : null}
      {profile.data ? (
        <div className="mb-6 flex items-center gap-4">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-slate-900 text-lg font-semibold text-white dark:bg-amber-500 dark:text-slate-950">
            {initialsOf(profile.data)}
          </span>
          <div className="min-w-0">
            <p className="truncate text-xl font-semibold text-slate-900 dark:text-slate-100">
              {[profile.data.first_name, profile.data.last_name].filter(Boolean).join(' ') || profile.data.email}
            </p>
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">{profile.data.email}</p>
          </div>
        </div>
      ) : null}

      <Tabs
        label={t('profile.tabsLabel')}
        value={tab}
        onValueChange={setTab}
        panelClassName="rounded-xl border border-slate-200 bg-white p-4 focus:outline-none sm:p-6 dark:border-slate-800 dark:bg-slate-900"
        items={[
          { value: 'profile', label: t('profile.tabs.profile'), content: profile.data ? <ProfileDetails profile={profile.data} /> : null },
          { value: 'sessions', label: t('profile.tabs.sessions'), content: <SessionsTab /> },
        ]}
      />
    </div>
  );
};

export default ProfileView;
