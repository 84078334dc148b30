import { describe, expect, it } from 'vitest';
import type { Inquiry } from './inquiries.repository';
import { inquiryMailSubject } from './inquiry-mails';

const inquiry: Inquiry = {
  id: 1,
  reference: '20261125-ABCDEF',
  subject: 'application',
  firstName: 'Erika',
  lastName: 'Musterfrau',
  phone: '+49 6181 123456',
  email: 'erika@example.org',
  message: 'Hallo',
  companyName: null,
  companyAddress: null,
  buildingSize: null,
  regards: [],
  language: 'de',
  status: 'new',
  deliveryStatus: 'pending',
  spam: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  handledAt: null,
  assigneeId: null,
  followUpOn: null,
  jobId: 7,
  jobTitle: 'Ausbildung zum Elektroniker für Betriebstechnik (m/w/d)',
  consent: null,
  formVersion: 0,
  answers: {},
};

describe('the subject of the mail to the company', () => {
  it('names the job after a colon, which reads for any title ("Bewerbung: Ausbildung zum …", not "Bewerbung als Ausbildung …")', () => {
    expect(inquiryMailSubject(inquiry)).toBe(
      'Bewerbung: Ausbildung zum Elektroniker für Betriebstechnik (m/w/d) von Erika Musterfrau [20261125-ABCDEF]',
    );
  });

  it('is the bare type for an unsolicited application and for the other types, with the company of a price inquiry', () => {
    expect(inquiryMailSubject({ ...inquiry, jobId: null, jobTitle: null })).toBe(
      'Bewerbung von Erika Musterfrau [20261125-ABCDEF]',
    );
    expect(inquiryMailSubject({ ...inquiry, subject: 'priceInquiry', companyName: 'Beispiel GmbH' })).toBe(
      'Preisanfrage von Erika Musterfrau (Beispiel GmbH) [20261125-ABCDEF]',
    );
  });
});
