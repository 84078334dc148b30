import type { Db } from '../../db/database';
import { type NewInquiry, insertInquiry } from '../contact/inquiries.repository';

/** A general message as the contact form stores it; each test overrides what it is about. */
export const storedInquiryDefaults: NewInquiry = {
  reference: '',
  subject: 'generalMessage',
  firstName: 'Erika',
  lastName: 'Musterfrau',
  phone: '+49 6181 12345',
  email: 'erika@example.org',
  message: 'Bitte rufen Sie mich an.',
  companyName: null,
  companyAddress: null,
  buildingSize: null,
  regards: [],
  language: 'de',
  spam: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  jobId: null,
  jobTitle: null,
};

let serial = 0;

/** Stores inquiries straight through the repository (a chosen sender and time of arrival), each with a reference of its own. */
export function inquiryStore(defaults: Partial<NewInquiry> = {}) {
  return async (db: Db, fields: Partial<NewInquiry> = {}): Promise<number> => {
    serial += 1;
    return insertInquiry(db, { ...storedInquiryDefaults, ...defaults, reference: `T-${serial}`, ...fields }, [], []);
  };
}
