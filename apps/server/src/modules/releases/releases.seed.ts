import type { Seeder } from '../../db/seed';
import { insertReleaseIfNew, type NewRelease } from './releases.repository';

/** FuelDesk's own release history up to the beta; each version is inserted once. */
export const fuelDeskReleases: Omit<NewRelease, 'createdBy' | 'createdAt'>[] = [
  {
    version: '0.0.1',
    type: 'patch',
    title: 'Platform foundation',
    description: 'The groundwork every later module builds on: accounts, sessions, the API and the database layer.',
    releasedAt: new Date('2026-11-21T10:50:00Z'),
    sections: [
      {
        title: 'Accounts and security',
        items: [
          'Sign-up with email verification before the first sign-in.',
          'One active session per user; signing in elsewhere closes the older session.',
          'Strict Content-Security-Policy and security headers on every page.',
        ],
      },
      {
        title: 'Platform',
        items: [
          'Runs on an embedded database out of the box, or on PostgreSQL.',
          'Background jobs survive a server restart.',
          'Interactive API documentation at /api/docs.',
        ],
      },
    ],
  },
  {
    version: '0.0.2',
    type: 'patch',
    title: 'Public site and legal documents',
    description: 'The public website, the plans table, contact and sales forms, and the legal documents in English and Spanish.',
    releasedAt: new Date('2026-11-21T14:00:00Z'),
    sections: [
      {
        title: 'Public site',
        items: [
          'Landing page with services, features and the four plans.',
          'Contact form and sales form; both reach the team by email.',
          'Everything available in English and Spanish.',
        ],
      },
      {
        title: 'Legal',
        items: [
          'Privacy, Terms, Refund and Cancellation, Cookie, Compliance and Beta Program policies.',
          'Terms and the non-circumvention and confidentiality agreement as PDF files.',
        ],
      },
    ],
  },
  {
    version: '0.1.0',
    type: 'minor',
    title: 'Beta launch',
    description: 'The first beta of FuelDesk for fuel traders and distributors. Access is granted at our discretion and there is no paid billing during the beta.',
    releasedAt: new Date('2026-11-21T18:00:00Z'),
    sections: [
      {
        title: 'Market intelligence',
        items: [
          'Daily fuel prices by product with day-over-day change and a calendar filter.',
          'A personal dashboard of up to five products with top movers and a market summary.',
          'Global news with category filter.',
        ],
      },
      {
        title: 'Help',
        items: ['Support form with answers usually within 24 hours.', 'This releases page.'],
      },
      {
        title: 'Not yet available',
        items: [
          'Due diligence reports and bank verification with data sharing are in development: their pages say so until they ship.',
          'Portfolio, Transactions, Certificates, Wallet and Trade are announced but not available yet.',
        ],
      },
    ],
  },
  {
    version: '0.2.0',
    type: 'minor',
    title: 'Counterparty checks',
    description: 'The pre-deal check: sanctions screening, due-diligence reports, and bank verification with data sharing.',
    releasedAt: new Date('2026-11-24T15:00:00Z'),
    sections: [
      {
        title: 'Sanctions screening',
        items: [
          'Names screened against the OFAC SDN list, OFAC consolidated non-SDN list and the UN Security Council consolidated list, with a score and a plain-language explanation for every candidate.',
          'Lists are imported from files or downloaded from their publishers daily; a malformed or truncated file never replaces a good list, and screening says so when no list is loaded.',
        ],
      },
      {
        title: 'Due diligence',
        items: [
          'Counterparty reports: every name of the form screened, routing number, tax id, contact and storage-tank checks, news mentions and an overall risk rating with its reasons.',
          'A notification when a report is ready, and a PDF of every report. Monthly limits depend on the plan.',
        ],
      },
      {
        title: 'Bank verification and data sharing',
        items: [
          'Invite a counterparty to connect their bank and verify their identity; you see only the data they consent to share, and only while the consent lasts.',
          'Works with Plaid, or with a built-in sandbox when no Plaid keys are configured.',
        ],
      },
      {
        title: 'Security',
        items: [
          'Changing the email address of an account needs the current password and a confirmation from the new address.',
          'A database outage answers "temporarily unavailable" and recovers on its own.',
        ],
      },
    ],
  },
];

export const releasesSeeder: Seeder = {
  name: 'releases',
  async run(ctx) {
    for (const release of fuelDeskReleases) {
      await insertReleaseIfNew(ctx.db, { ...release, createdAt: ctx.now() });
    }
  },
};
