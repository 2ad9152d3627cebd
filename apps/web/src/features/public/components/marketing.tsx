import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HeadedSection } from '@/components/ui/headed-section';
import { LinkButtons } from '@/components/ui/link-buttons';

/** A landing-page band with its own h2, reachable by `#id`. */
export function Section({
  id,
  title,
  lead,
  children,
  tone = 'white',
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
  tone?: 'white' | 'muted';
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={clsx('scroll-mt-6 py-14 sm:py-20', tone === 'muted' && 'bg-slate-50')}>
      <div className="mx-auto max-w-6xl px-4">
        <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h2>
        {lead ? <p className="mt-3 max-w-3xl text-base text-slate-700 sm:text-lg">{lead}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** The top of an inner public page: its h1 and a lead paragraph. */
export function PageIntro({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <div className="border-b border-slate-200 bg-gradient-to-b from-amber-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-4 max-w-3xl text-lg text-slate-700">{lead}</p>
        {children}
      </div>
    </div>
  );
}

export function Card({ title, children, icon }: { title: string; children: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      {icon ? <span className="inline-flex size-10 items-center justify-center rounded-lg bg-amber-100 text-amber-800">{icon}</span> : null}
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <div className="text-slate-700">{children}</div>
    </div>
  );
}

/** "Contact us" and "Talk to sales": the two ways in that the landing and about pages end with. */
export function ContactLinks({ className }: { className?: string }) {
  const { t } = useTranslation('public');
  return (
    <LinkButtons
      className={className}
      links={[
        { to: '/contact-us', label: t('contactSection.contactCta'), variant: 'primary' },
        { to: '/form', label: t('contactSection.salesCta'), variant: 'secondary' },
      ]}
    />
  );
}

/** A section of an inner public page, under its h2. */
export function PageSection(props: { id: string; title: string; className?: string; children: ReactNode }) {
  return <HeadedSection headingClassName="text-2xl font-bold text-slate-900" {...props} />;
}
