// An inquiry as the inbox's list answers it (the contract's schema accepts it), for the tests of
// the dashboard's first view: read without zod, and handed over by the server.
export const inquiryRow = {
  id: 7,
  reference: 'A-2026-0007',
  createdAt: '2026-11-27T08:15:00.000Z',
  subject: 'priceInquiry',
  typeNames: null,
  firstName: 'Erika',
  lastName: 'Musterfrau',
  companyName: null,
  email: 'erika@example.org',
  status: 'new',
  assignee: { id: 2, name: 'Paul' },
  followUpOn: '2026-12-01',
  deliveryStatus: 'delivered',
  spam: false,
  unanswered: true,
  attachmentCount: 2,
  job: null,
  unread: true,
  duplicateCount: 0,
};
