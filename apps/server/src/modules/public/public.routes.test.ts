import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startSmtpCapture } from '../../../test/smtp-capture';
import { openTestContext, useTestContext } from '../../../test/test-context';
import { contactMessages, leads } from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';
import { PUBLIC_FORM_LIMIT } from './public.service';

const contact = {
  name: 'Lee Park',
  phone: '+1 305 555 0142',
  email: 'lee@example.com',
  company: 'Harbor Fuels',
  subject: 'Coverage of ULSD',
  question: 'Do you publish Gulf Coast ULSD every business day?',
};

const lead = {
  first_name: 'María José',
  last_name: 'Pérez',
  email: 'mj@example.com',
  phone: '+52 55 1234 5678',
  company: 'Combustibles del Norte',
  job_title: 'Head of supply',
  employees: '51-200',
  industry: 'fuel_distribution',
  interests: ['crude_reports_prices', 'global_production_demand'],
  regions: ['north_america', 'south_america'],
  operational_scale: 'national',
  message: 'We would like a demo.',
};

describe('public forms', () => {
  const t = useTestContext();
  let sent: MailMessage[];
  // Each test posts from its own address so the per-IP limit of one test does not leak into another.
  let ipCounter = 0;
  let ip: string;

  beforeEach(() => {
    sent = t.sentMail;
    sent.length = 0;
    ipCounter += 1;
    ip = `10.0.0.${ipCounter}`;
  });

  const post = (url: string, payload: unknown, remoteAddress = ip, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress, headers });

  describe('POST /api/contact', () => {
    it('stores the message, mails the support inbox and needs no sign-in', async () => {
      const response = await post('/api/contact', contact, ip, { 'accept-language': 'es-MX,es;q=0.9' });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
      const [row] = await t.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, body.id));
      expect(row).toMatchObject({ name: 'Lee Park', email: 'lee@example.com', company: 'Harbor Fuels', language: 'es', ip });
      expect(row!.notifiedAt).not.toBeNull();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: t.config.SUPPORT_INBOX, replyTo: 'lee@example.com' });
      expect(sent[0]!.subject).toContain('Coverage of ULSD');
      expect(sent[0]!.text).toContain('Do you publish Gulf Coast ULSD every business day?');
    });

    it('stores optional fields left blank as null', async () => {
      const response = await post('/api/contact', { ...contact, phone: '', company: '  ' });
      expect(response.statusCode).toBe(201);
      const [row] = await t.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, response.json().id));
      expect(row).toMatchObject({ phone: null, company: null });
    });

    it('refuses missing required fields with a 400 naming each field, and stores nothing', async () => {
      const before = await t.ctx.db.$count(contactMessages);
      const response = await post('/api/contact', { phone: 'call me', email: 'not-an-email' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: {
          name: 'This field is required.',
          email: 'The email format is invalid',
          subject: 'This field is required.',
          question: 'This field is required.',
          phone: 'Phone number cannot contain letters.',
        },
      });
      expect(await t.ctx.db.$count(contactMessages)).toBe(before);
      expect(sent).toHaveLength(0);
    });

    it('answers 400, not 500, to malformed bodies', async () => {
      for (const payload of ['not json', '[]', 'null', '{"name": 5}']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload,
          headers: { 'content-type': 'application/json' },
          remoteAddress: ip,
        });
        expect(response.statusCode).toBe(400);
      }
    });

    it('limits each IP to 5 a minute with 429 and Retry-After, then lets it send again', async () => {
      // The limiter's store keeps time with Date.now(): move that clock too.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-01T12:00:00Z') });
      t.setNow(new Date('2026-06-01T12:00:00Z'));
      for (let index = 0; index < PUBLIC_FORM_LIMIT; index += 1) {
        expect((await post('/api/contact', contact)).statusCode).toBe(201);
      }
      const limited = await post('/api/contact', contact);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', detail: 'Please wait 1 minute and try again.' });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(sent).toHaveLength(PUBLIC_FORM_LIMIT);

      expect((await post('/api/contact', contact, '10.9.9.9')).statusCode).toBe(201);

      t.setNow(new Date('2026-06-01T12:01:01Z'));
      vi.setSystemTime(new Date('2026-06-01T12:01:01Z'));
      try {
        expect((await post('/api/contact', contact)).statusCode).toBe(201);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe('POST /api/leads', () => {
    it('stores the lead with its interests and regions and mails the sales inbox', async () => {
      const response = await post('/api/leads', lead);
      expect(response.statusCode).toBe(201);
      const [row] = await t.ctx.db.select().from(leads).where(eq(leads.id, response.json().id));
      expect(row).toMatchObject({
        firstName: 'María José',
        company: 'Combustibles del Norte',
        interests: ['crude_reports_prices', 'global_production_demand'],
        regions: ['north_america', 'south_america'],
        operationalScale: 'national',
        employees: '51-200',
      });
      expect(row!.notifiedAt).not.toBeNull();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: t.config.SALES_INBOX, replyTo: 'mj@example.com' });
      expect(sent[0]!.text).toContain('crude_reports_prices, global_production_demand');
    });

    it("answers with SPEC.md §5's messages", async () => {
      const response = await post('/api/leads', {
        ...lead,
        first_name: 'Ana2',
        last_name: 'Ruiz <script>',
        phone: '555-CALL',
        company: 'Acme {corp}',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({
        first_name: 'This field cannot contain numbers.',
        last_name: 'This field contains invalid characters.',
        phone: 'Phone number cannot contain letters.',
        company: 'This field contains invalid characters.',
      });
      const invalidPhone = await post('/api/leads', { ...lead, phone: '12 34' });
      expect(invalidPhone.json().fields).toEqual({ phone: 'Please enter a valid phone number.' });
      expect(sent).toHaveLength(0);
    });

    it('needs at least one subscription interest', async () => {
      const response = await post('/api/leads', { ...lead, interests: [] });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ interests: 'Please select at least one option.' });
    });

    it('is rate-limited per IP separately from the contact form', async () => {
      t.setNow(new Date('2026-06-02T08:00:00Z'));
      expect((await post('/api/contact', contact)).statusCode).toBe(201);
      for (let index = 0; index < PUBLIC_FORM_LIMIT; index += 1) {
        expect((await post('/api/leads', lead)).statusCode).toBe(201);
      }
      const limited = await post('/api/leads', lead);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });
  });

  describe('GET /api/legal/:file', () => {
    it('serves the Terms PDF so that our own pages may frame it', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/legal/terms-en.pdf' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    });

    it('serves only the known documents', async () => {
      for (const url of ['/api/legal/secrets.pdf', '/api/legal/..%2F..%2Fpackage.json', '/api/legal/terms-fr.pdf']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(400);
      }
    });
  });
});

describe('team notifications over SMTP', () => {
  it('delivers the contact form to the support inbox and the lead to the sales inbox, replying to the sender', async () => {
    const smtp = await startSmtpCapture();
    onTestFinished(() => smtp.close());
    const t = await openTestContext({ env: { ...smtp.env, SUPPORT_INBOX: 'help@fueldesk.test', SALES_INBOX: 'deals@fueldesk.test' } });
    const contactAnswer = await t.app.inject({ method: 'POST', url: '/api/contact', payload: contact, remoteAddress: '10.1.0.1' });
    expect(contactAnswer.statusCode).toBe(201);
    const leadAnswer = await t.app.inject({ method: 'POST', url: '/api/leads', payload: lead, remoteAddress: '10.1.0.1' });
    expect(leadAnswer.statusCode).toBe(201);

    expect(smtp.received.map((mail) => mail.to)).toEqual([['help@fueldesk.test'], ['deals@fueldesk.test']]);
    expect(smtp.received[0]!.raw).toMatch(/^Reply-To: lee@example\.com\r?$/im);
    expect(smtp.received[0]!.raw).toMatch(/^Subject: \[FuelDesk contact\] Coverage of ULSD\r?$/im);
    expect(smtp.received[1]!.raw).toMatch(/^Reply-To: mj@example\.com\r?$/im);
    const [row] = await t.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, contactAnswer.json().id));
    expect(row!.notifiedAt).not.toBeNull();
  });

  it('keeps the message when the mail server refuses it, leaving it marked as not notified', async () => {
    const smtp = await startSmtpCapture({ reject: true });
    onTestFinished(() => smtp.close());
    const t = await openTestContext({ env: smtp.env });
    const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: contact, remoteAddress: '10.1.0.2' });
    expect(response.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, response.json().id));
    expect(row).toMatchObject({ subject: 'Coverage of ULSD', notifiedAt: null });
    expect(smtp.received).toEqual([]);
  });
});
