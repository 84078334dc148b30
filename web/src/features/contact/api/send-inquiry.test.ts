import { describe, expect, it } from 'vitest';
import { inquiryRefusal } from './send-inquiry';

describe('inquiryRefusal', () => {
  it('names the files the server found to be malware, from the refusal’s data, whatever its messages say', () => {
    const body = JSON.stringify({
      status: 422,
      code: 'malware_found',
      errors: [{ field: 'attachment', message: 'Schadsoftware gefunden' }],
      files: ['angebot: 2026.pdf'],
    });
    expect(inquiryRefusal(422, body)).toMatchObject({ status: 422, code: 'malware_found', malwareFiles: ['angebot: 2026.pdf'] });
  });

  it('keeps the status and code of any other refusal, and copes with a body that is not problem+json', () => {
    const invalid = JSON.stringify({ code: 'validation', errors: [{ field: 'email', message: 'required' }] });
    expect(inquiryRefusal(400, invalid)).toMatchObject({ status: 400, code: 'validation', malwareFiles: [] });
    expect(inquiryRefusal(502, '<html>Bad Gateway</html>')).toMatchObject({ status: 502, code: undefined, malwareFiles: [] });
  });
});
