/** The tables that know a day's visitors (the salt, and which pages each hashed visitor saw): deleted after their day, never archived. */
export const ephemeralStatisticsTables = [
  'statistics_salts',
  'statistics_visits',
  'statistics_visit_pages',
  'statistics_address_visitors',
] as const;
