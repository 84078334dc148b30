import { type EmploymentType, company } from '@blitz/contract';

/**
 * The two job openings of SPEC.md §3, the ones the jobs page showed when they were fixed texts:
 * the sample jobs of an empty jobs table (unless SEED_SAMPLE=false), so that a new or upgraded
 * site shows what it showed before, until staff change them in the dashboard.
 */

type Texts = { de: string; en: string };

export type SampleJob = {
  title: Texts;
  tasks: Texts;
  profile: Texts;
  offer: Texts;
  howToApply: Texts;
  location: string;
  employmentType: EmploymentType;
};

const howToApply: Texts = {
  de: `Senden Sie uns Ihre Bewerbung mit Anschreiben, Lebenslauf und den wichtigsten Zeugnissen bitte als PDF per E-Mail an ${company.email}. Nennen Sie uns bitte auch Ihren frühestmöglichen Eintrittstermin und Ihre Gehaltsvorstellung.`,
  en: `Please send your application with a cover letter, CV and your most important certificates as a PDF by e-mail to ${company.email}. Please also tell us your earliest possible start date and your salary expectations.`,
};

const offer: Texts = {
  de: 'Einen unbefristeten Arbeitsplatz in einem erfahrenen Team, eine gründliche Einarbeitung und Weiterbildung im Blitzschutz nach DIN EN 62305.',
  en: 'A permanent position in an experienced team, thorough induction and further training in lightning protection to DIN EN 62305.',
};

export const sampleJobs: SampleJob[] = [
  {
    title: { de: 'Blitzschutzmonteur (m/w/d)', en: 'Lightning protection installer (m/f/d)' },
    tasks: {
      de: 'Sie montieren Fangeinrichtungen, Ableitungen und Erdungsanlagen auf Baustellen in Industrie, Gewerbe und Energieversorgung und unterstützen uns bei Prüfungen und Messungen.',
      en: 'You install air-termination systems, down conductors and earth-termination systems on industrial, commercial and utility sites and support our inspections and measurements.',
    },
    profile: {
      de: 'Sie bringen eine abgeschlossene Ausbildung im Elektro- oder Metallhandwerk oder im Dachdeckerhandwerk mit, sind schwindelfrei und besitzen einen Führerschein der Klasse B. Erfahrung im Blitzschutz ist von Vorteil, aber keine Voraussetzung – wir arbeiten Sie gründlich ein.',
      en: 'You have completed vocational training as an electrician, metalworker or roofer, are comfortable working at height and hold a category B driving licence. Experience in lightning protection is an advantage but not a requirement – we will give you thorough training.',
    },
    offer,
    howToApply,
    location: company.city,
    employmentType: 'FULL_TIME',
  },
  {
    title: {
      de: 'Junior-Projektleiter Blitzschutz- und Erdungsanlagen (m/w/d)',
      en: 'Junior project manager for lightning protection and earthing systems (m/f/d)',
    },
    tasks: {
      de: 'Sie betreuen Blitzschutz- und Erdungsprojekte von der Angebotserstellung über die Arbeitsvorbereitung bis zur Abnahme und stimmen sich dabei mit Kunden, Planern und unseren Montageteams ab.',
      en: 'You manage lightning protection and earthing projects from quotation and work preparation through to acceptance, coordinating with clients, planners and our installation crews.',
    },
    profile: {
      de: 'Sie haben ein Studium der Elektrotechnik oder eine Weiterbildung zum Techniker oder Meister abgeschlossen, arbeiten strukturiert und möchten sich in die DIN EN 62305 einarbeiten. Erste Berufserfahrung ist willkommen, aber nicht Bedingung.',
      en: 'You hold a degree in electrical engineering or a qualification as a state-certified technician or master craftsperson, work in a structured way and are keen to become an expert in DIN EN 62305. Initial professional experience is welcome but not essential.',
    },
    offer,
    howToApply,
    location: company.city,
    employmentType: 'FULL_TIME',
  },
];
