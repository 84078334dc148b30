/** A valid body of POST /api/v1/Job (a published installer's job in Hanau), with fields replaced at will. */
export function jobBody(overrides: Record<string, unknown> = {}) {
  return {
    title: [
      { content: 'Blitzschutzmonteur (m/w/d)', language: 2 },
      { content: 'Lightning protection installer (m/f/d)', language: 1 },
    ],
    tasks: [
      { content: 'Montage von Fangeinrichtungen', language: 2 },
      { content: 'Installing air terminations', language: 1 },
    ],
    profile: [{ content: 'Schwindelfrei', language: 2 }],
    offer: [{ content: 'Ein gutes Team', language: 2 }],
    howToApply: [{ content: 'Per E-Mail', language: 2 }],
    location: 'Hanau',
    employmentType: 'FULL_TIME',
    startDate: null,
    validThrough: null,
    contact: 'Erika Musterfrau',
    published: true,
    ...overrides,
  };
}
