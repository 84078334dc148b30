// The page of 20 sections that bench/custom-page-sections.mjs builds (issue 45): an autumn
// campaign for the periodic inspection of lightning protection systems, in German and English,
// using all eight kinds of section. The same words feed WordPress's comparable page
// (bench/wordpress-site/make-sections-page.php reads them as JSON), so that both sides show one
// text. Pictures and the flyer are named by a key (`pictureA`, `pictureB`, `flyer`) and given
// their library ids by `sectionsPage(ids)`.
//
// Run directly, it writes what WordPress's side needs into OUTDIR: `sections-page.json` (the
// page's values with the keys) and `pruefung-flyer.pdf` (the flyer, as the bench uploads it).
// Usage: node bench/lib/sections-page.mjs OUTDIR
import fs from 'node:fs';
import path from 'node:path';

/**
 * Runs of text from a line with light markup: `**bold**`, `*italic*`, `[words](href)`; the rest
 * is plain text.
 */
export function runs(line) {
  const out = [];
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*|\[(.+?)\]\((.+?)\)/g;
  let at = 0;
  for (const match of line.matchAll(pattern)) {
    if (match.index > at) out.push({ text: line.slice(at, match.index) });
    if (match[1]) out.push({ text: match[1], bold: true });
    else if (match[2]) out.push({ text: match[2], italic: true });
    else out.push({ text: match[3], href: match[4] });
    at = match.index + match[0].length;
  }
  if (at < line.length) out.push({ text: line.slice(at) });
  return out;
}

const h2 = (line) => ({ type: 'heading', level: 2, content: runs(line) });
const h3 = (line) => ({ type: 'heading', level: 3, content: runs(line) });
const p = (line) => ({ type: 'paragraph', content: runs(line) });
const ul = (...items) => ({ type: 'list', ordered: false, items: items.map(runs) });
const ol = (...items) => ({ type: 'list', ordered: true, items: items.map(runs) });
const both = (de, en) => ({ de, en });

/** The page's sections, files named by key. */
const sections = [
  {
    kind: 'text',
    text: both(
      [
        h2('Blitzschutz, der im Ernstfall funktioniert'),
        p(
          'Eine Blitzschutzanlage altert unbemerkt: Klemmen lockern sich, Ableitungen korrodieren, Erder verlieren in trockenen Sommern an Wirkung. Nach einem Dachumbau oder einer neuen Photovoltaikanlage stimmt der Schutzbereich oft nicht mehr. Deshalb verlangt die DIN EN 62305-3 die wiederkehrende Prüfung – in festen Abständen und durch eine Blitzschutz-Fachkraft.',
        ),
        p(
          'Von September bis November prüfen wir Anlagen in Hanau, im Main-Kinzig-Kreis und im ganzen Rhein-Main-Gebiet **zu festen Herbstkonditionen**. Sie erhalten einen Prüfbericht, der vor Versicherern, Sachverständigen und Behörden besteht.',
        ),
      ],
      [
        h2('Lightning protection that works when it counts'),
        p(
          'A lightning protection system ages unnoticed: clamps work loose, down conductors corrode, earth electrodes lose their effect in dry summers. After a roof conversion or a new photovoltaic array, the protected zone often no longer fits the building. That is why DIN EN 62305-3 requires periodic inspection – at fixed intervals and by a lightning protection specialist.',
        ),
        p(
          'From September to November we inspect systems in Hanau, the Main-Kinzig district and across the Rhine-Main region **at fixed autumn rates**. You receive an inspection report that holds up with insurers, surveyors and authorities.',
        ),
      ],
    ),
  },
  {
    kind: 'figures',
    items: [
      { value: '2–4', label: both('Jahre Prüfintervall je nach Schutzklasse', 'years between inspections, by protection level') },
      { value: '1200+', label: both('Prüfungen im Jahr', 'inspections a year') },
      { value: '48 h', label: both('bis zum Prüfbericht', 'until your report') },
      { value: '100 %', label: both('der Messwerte dokumentiert', 'of readings documented') },
    ],
  },
  {
    kind: 'textPicture',
    fileId: 'pictureA',
    alt: both(
      'Prüfer kontrolliert eine Fangstange auf dem Dach einer Halle',
      'Inspector checking an air terminal on the roof of a hall',
    ),
    side: 'right',
    focus: { x: 50, y: 40 },
    text: both(
      [
        h2('Was wir prüfen'),
        ul(
          'Fangeinrichtungen und Ableitungen: Befestigung, Korrosion, Querschnitte',
          'Trennstellen und Verbindungen, auch unter Putz und Dämmung',
          'die Erdungsanlage, mit Messung des Erdungswiderstands',
          'den Blitzschutz-Potentialausgleich im Gebäude',
          'Überspannungsschutzgeräte in Hauptverteilung und Unterverteilungen',
          'Trennungsabstände zu Dachaufbauten, Antennen und PV-Modulen',
        ),
      ],
      [
        h2('What we inspect'),
        ul(
          'air terminals and down conductors: fixings, corrosion, cross-sections',
          'test joints and connections, including those under plaster and insulation',
          'the earthing system, with a measurement of its earth resistance',
          'lightning equipotential bonding inside the building',
          'surge protective devices in the main and sub-distribution boards',
          'separation distances to roof structures, antennas and PV modules',
        ),
      ],
    ),
  },
  {
    kind: 'text',
    text: both(
      [
        h2('Wer prüfen lassen muss'),
        p(
          'Für **Sonderbauten** – Versammlungsstätten, Schulen, Krankenhäuser, Hochhäuser, Verkaufsstätten – schreiben die Landesbauordnungen und ihre Prüfverordnungen die wiederkehrende Prüfung vor. Betriebe mit explosionsgefährdeten Bereichen müssen sie nach der Betriebssicherheitsverordnung nachweisen.',
        ),
        p(
          'Auch wo kein Gesetz sie verlangt, fragen Gebäudeversicherer nach dem letzten Prüfbericht, oft mit Verweis auf die Richtlinie VdS 2010. Für Wohnhäuser mit Blitzschutzanlage empfehlen wir die Prüfung im selben Abstand.',
        ),
      ],
      [
        h2('Who has to have it inspected'),
        p(
          'For **special buildings** – places of assembly, schools, hospitals, high-rises, retail premises – the state building codes and their inspection ordinances require periodic inspection. Businesses with explosion hazard areas have to prove it under the Industrial Safety Regulation.',
        ),
        p(
          'Even where no law requires it, building insurers ask for the latest inspection report, often citing guideline VdS 2010. For houses with a lightning protection system we recommend inspection at the same intervals.',
        ),
      ],
    ),
  },
  {
    kind: 'picture',
    fileId: 'pictureB',
    alt: both('Messgerät an einer Trennstelle einer Ableitung', 'Test instrument connected to a test joint of a down conductor'),
    caption: both('Messung des Erdungswiderstands an einer Trennstelle', 'Measuring the earth resistance at a test joint'),
  },
  {
    kind: 'text',
    text: both(
      [
        h2('Prüffristen nach DIN EN 62305-3'),
        ul(
          '**Schutzklasse I und II**: Sichtprüfung jährlich, umfassende Prüfung alle 2 Jahre',
          '**Schutzklasse III und IV**: Sichtprüfung alle 2 Jahre, umfassende Prüfung alle 4 Jahre',
          '**Kritische Anlagen**, etwa mit explosionsgefährdeten Bereichen: umfassende Prüfung jährlich',
        ),
        p(
          'Zusätzlich fällig ist eine Prüfung nach einem Blitzeinschlag, nach Arbeiten am Dach und wenn sich die Nutzung des Gebäudes ändert. Welche Schutzklasse Ihre Anlage hat, steht im Prüfbericht der Errichtung.',
        ),
      ],
      [
        h2('Inspection intervals under DIN EN 62305-3'),
        ul(
          '**Protection levels I and II**: visual inspection every year, complete inspection every 2 years',
          '**Protection levels III and IV**: visual inspection every 2 years, complete inspection every 4 years',
          '**Critical systems**, such as those with explosion hazard areas: complete inspection every year',
        ),
        p(
          'An additional inspection is due after a lightning strike, after work on the roof and when the use of the building changes. The protection level of your system is stated in the report written when it was installed.',
        ),
      ],
    ),
  },
  {
    kind: 'callToAction',
    heading: both('Prüftermin im Herbst sichern', 'Book your autumn inspection'),
    text: both(
      'Nennen Sie uns Standort, Gebäudeart und das Datum der letzten Prüfung. Wir melden uns innerhalb von zwei Werktagen mit einem Terminvorschlag und einem Festpreis.',
      'Tell us the location, the kind of building and the date of the last inspection. We will get back to you within two working days with a proposed date and a fixed price.',
    ),
    button: both('Termin anfragen', 'Request a date'),
    inquiryType: 'priceInquiry',
  },
  {
    kind: 'textPicture',
    fileId: 'pictureB',
    alt: both('Ableitung mit Trennstelle an einer Hausfassade', 'Down conductor with a test joint on a façade'),
    side: 'left',
    text: both(
      [
        h2('So läuft die Prüfung ab'),
        p(
          'Wir kündigen uns eine Woche vorher an, sprechen vor Ort mit Ihrer Haustechnik und brauchen Zugang zum Dach, zu den Trennstellen und zur Hauptverteilung. Ein Bürogebäude mittlerer Größe prüfen wir meist in einem halben Tag; Ihr Betrieb läuft in der Zeit weiter.',
        ),
        p('Hubsteiger und Absturzsicherung bringen wir mit, wenn das Dach keinen sicheren Zugang hat.'),
      ],
      [
        h2('How the inspection works'),
        p(
          'We announce our visit a week ahead, talk to your facility staff on site and need access to the roof, the test joints and the main distribution board. We usually inspect a medium-sized office building in half a day; your business carries on meanwhile.',
        ),
        p('We bring an aerial work platform and fall protection where the roof has no safe access.'),
      ],
    ),
  },
  {
    kind: 'text',
    text: both(
      [
        h3('Schritt für Schritt'),
        ol(
          'Unterlagen sichten: letzter Prüfbericht, Pläne, Schutzklasse',
          'Sichtprüfung von Dach, Fassade und Ableitungen',
          'Messungen: Durchgang der Ableitungen, Erdungswiderstand, Potentialausgleich',
          'Mängel vor Ort mit Ihnen besprechen, kleine auf Wunsch gleich beheben',
          'Prüfbericht mit Fotos und Messprotokoll innerhalb von 48 Stunden',
        ),
      ],
      [
        h3('Step by step'),
        ol(
          'Review the documents: last report, drawings, protection level',
          'Visual inspection of the roof, the façade and the down conductors',
          'Measurements: continuity of the down conductors, earth resistance, bonding',
          'Discuss defects with you on site, and fix small ones at once if you wish',
          'Inspection report with photos and test record within 48 hours',
        ),
      ],
    ),
  },
  {
    kind: 'references',
    heading: both('Zuletzt geprüft und erneuert', 'Recently inspected and renewed'),
    categoryId: null,
    order: 'newest',
    limit: 3,
  },
  {
    kind: 'text',
    text: both(
      [
        h2('Der Prüfbericht'),
        p(
          'Der Bericht folgt dem Aufbau des Anhangs E der DIN EN 62305-3: Angaben zur Anlage, Messwerte je Ableitung und Erder, festgestellte Mängel mit Foto und Dringlichkeit, Empfehlungen. Er ist Grundlage Ihrer Gefährdungsbeurteilung und Ihr Nachweis gegenüber dem Versicherer.',
        ),
        p(
          'Mängel ordnen wir in drei Stufen ein: *sofort beheben*, *bis zur nächsten Prüfung beheben* und *beobachten*. So sehen Sie auf einen Blick, was Vorrang hat.',
        ),
      ],
      [
        h2('The inspection report'),
        p(
          'The report follows the structure of Annex E of DIN EN 62305-3: details of the system, readings for each down conductor and earth electrode, defects found with photo and urgency, recommendations. It is the basis of your risk assessment and your proof to the insurer.',
        ),
        p(
          'We sort defects into three levels: *fix at once*, *fix before the next inspection* and *keep an eye on*. You see at a glance what comes first.',
        ),
      ],
    ),
  },
  {
    kind: 'downloads',
    heading: both('Zum Mitnehmen', 'To take away'),
    fileIds: ['flyer'],
  },
  {
    kind: 'text',
    text: both(
      [
        h2('Überspannungsschutz gleich mitprüfen'),
        p(
          'Ein Blitzeinschlag in der Nähe reicht, um Steuerungen, Server und Wechselrichter zu zerstören. Überspannungsschutzgeräte vom Typ 1 und 2 fangen das ab – solange sie intakt sind. Ein ausgelöster Ableiter schützt nicht mehr, und seine Anzeige sieht nur, wer in den Verteiler schaut.',
        ),
        p(
          'Wir prüfen die Geräte nach DIN VDE 0100-534 bei jeder Blitzschutzprüfung mit und tauschen ausgelöste Module auf Wunsch am selben Tag.',
        ),
      ],
      [
        h2('Surge protection checked at the same time'),
        p(
          'A lightning strike nearby is enough to destroy controllers, servers and inverters. Type 1 and type 2 surge protective devices stop that – as long as they are intact. A tripped arrester no longer protects, and only someone who opens the distribution board sees its indicator.',
        ),
        p(
          'We check the devices to DIN VDE 0100-534 with every lightning protection inspection and replace tripped modules the same day if you wish.',
        ),
      ],
    ),
  },
  {
    kind: 'picture',
    fileId: 'pictureA',
    alt: both('', ''),
    caption: both('Fangstange auf einem Flachdach nach der Instandsetzung', 'Air terminal on a flat roof after its repair'),
    focus: { x: 60, y: 30 },
  },
  {
    kind: 'figures',
    items: [
      { value: '3', label: both('Prüfteams im Herbst unterwegs', 'inspection teams on the road this autumn') },
      { value: '150 km', label: both('Umkreis um Hanau', 'radius around Hanau') },
      { value: '0 €', label: both('Anfahrt im Main-Kinzig-Kreis', 'travel costs in the Main-Kinzig district') },
    ],
  },
  {
    kind: 'text',
    text: both(
      [
        h2('Erdungsmessung: warum der Wert zählt'),
        p(
          'Ein Erder mit zu hohem Widerstand leitet den Blitzstrom nicht sicher in den Boden ab; die Spannung am Gebäude steigt, Überschläge in die Installation werden wahrscheinlicher. Die Norm empfiehlt einen Erdungswiderstand von höchstens 10 Ohm.',
        ),
        p(
          'Wir messen an jeder Trennstelle und vergleichen mit den Werten der letzten Prüfung. Steigt ein Wert deutlich, ist meist ein Erder korrodiert oder eine Verbindung im Erdreich unterbrochen – lange bevor man es sieht.',
        ),
      ],
      [
        h2('Earth resistance: why the reading matters'),
        p(
          'An earth electrode with too high a resistance does not carry the lightning current safely into the ground; the voltage at the building rises and flashovers into the installation become more likely. The standard recommends an earth resistance of at most 10 ohms.',
        ),
        p(
          'We measure at every test joint and compare with the readings of the last inspection. A reading that rises markedly usually means a corroded electrode or a broken connection in the ground – long before anyone can see it.',
        ),
      ],
    ),
  },
  {
    kind: 'faq',
    heading: both('Häufige Fragen', 'Frequently asked questions'),
    items: [
      {
        question: both('Was kostet die wiederkehrende Prüfung?', 'What does a periodic inspection cost?'),
        answer: both(
          'Das hängt von der Zahl der Ableitungen und vom Zugang zum Dach ab. Nach einem kurzen Gespräch nennen wir einen Festpreis, Messungen und Bericht eingeschlossen.\n\nDie Beseitigung von Mängeln bieten wir getrennt an.',
          'That depends on the number of down conductors and on access to the roof. After a short conversation we quote a fixed price, readings and report included.\n\nFixing defects is quoted separately.',
        ),
      },
      {
        question: both('Muss der Betrieb während der Prüfung ruhen?', 'Does work have to stop during the inspection?'),
        answer: both(
          'Nein. Für die Messung am Potentialausgleich brauchen wir kurz Zugang zur Hauptverteilung, abgeschaltet wird dabei nichts.',
          'No. For the bonding measurement we need brief access to the main distribution board; nothing is switched off.',
        ),
      },
      {
        question: both(
          'Wir haben keinen alten Prüfbericht. Ist das ein Problem?',
          'We have no earlier report. Is that a problem?',
        ),
        answer: both(
          'Nein. Dann nehmen wir die Anlage bei der ersten Prüfung vollständig auf und bestimmen die Schutzklasse. Das dauert etwas länger und ist im Festpreis berücksichtigt.',
          'No. We then survey the whole system at the first inspection and determine its protection level. That takes a little longer and is part of the fixed price.',
        ),
      },
      {
        question: both('Prüfen Sie auch Anlagen anderer Errichter?', 'Do you inspect systems installed by others?'),
        answer: both(
          'Ja. Die Prüfung ist unabhängig davon, wer die Anlage gebaut hat, und der Bericht nennt den Stand der Anlage, nicht den des Errichters.',
          'Yes. The inspection does not depend on who built the system, and the report describes the state of the system, not of its installer.',
        ),
      },
      {
        question: both('Was passiert, wenn Mängel gefunden werden?', 'What happens when defects are found?'),
        answer: both(
          'Kleine Mängel wie lose Klemmen beheben wir auf Wunsch gleich. Für alles andere erhalten Sie mit dem Bericht ein Angebot; die Nachprüfung nach der Instandsetzung ist darin enthalten.',
          'Small defects such as loose clamps we fix at once if you wish. For everything else you receive a quote with the report; the re-inspection after the repair is included.',
        ),
      },
    ],
  },
  {
    kind: 'text',
    text: both(
      [
        h2('Die Herbstkonditionen'),
        ul(
          'Festpreis nach Gebäudeart, ohne Aufpreis für Messungen',
          'keine Anfahrtskosten im Main-Kinzig-Kreis',
          '10 % auf die Mängelbeseitigung bei Auftrag bis zum 31. Dezember',
          'auf Wunsch eine Erinnerung an den nächsten Prüftermin',
        ),
        p('Die Aktion gilt für Prüftermine vom 1. September bis zum 30. November.'),
      ],
      [
        h2('The autumn terms'),
        ul(
          'a fixed price by kind of building, readings included',
          'no travel costs in the Main-Kinzig district',
          '10 % off repairs ordered by 31 December',
          'a reminder of the next inspection date, if you wish',
        ),
        p('The offer applies to inspections between 1 September and 30 November.'),
      ],
    ),
  },
  {
    kind: 'callToAction',
    heading: both('Fragen zu Ihrer Anlage?', 'Questions about your system?'),
    text: both(
      'Schicken Sie uns Fotos von Dach und Trennstellen oder den letzten Prüfbericht – wir sagen Ihnen, was fällig ist.',
      'Send us photos of the roof and the test joints, or the last report – we will tell you what is due.',
    ),
    button: both('Nachricht schreiben', 'Write to us'),
    inquiryType: 'generalMessage',
  },
  {
    kind: 'text',
    text: both(
      [
        p(
          'Grundlagen: DIN EN 62305-3 (VDE 0185-305-3) mit Beiblatt 3, DIN VDE 0100-534, die Prüfverordnungen der Länder und die Richtlinie VdS 2010. Mehr zu Planung und Errichtung: [Blitzschutz](/Blitzschutz).',
        ),
      ],
      [
        p(
          'Based on: DIN EN 62305-3 (VDE 0185-305-3) with supplement 3, DIN VDE 0100-534, the states’ inspection ordinances and guideline VdS 2010. More on design and installation: [lightning protection](/Blitzschutz).',
        ),
      ],
    ),
  },
];

/** The page's values for `POST /api/v1/Page`, its files' keys replaced by the library's ids. */
export function sectionsPage(ids = {}) {
  const fileId = (key) => ids[key] ?? key;
  return {
    address: '/Herbstaktion',
    title: both('Wiederkehrende Prüfung nach DIN EN 62305-3', 'Periodic inspection to DIN EN 62305-3'),
    linkTitle: both('Herbstprüfung', 'Autumn inspection'),
    place: 'navigation',
    placeOrder: 1,
    noindex: false,
    published: true,
    sections: sections.map((section) => {
      if ('fileId' in section) return { ...section, fileId: fileId(section.fileId) };
      if ('fileIds' in section) return { ...section, fileIds: section.fileIds.map(fileId) };
      return section;
    }),
  };
}

/** The library's files the page uses: two pictures (drawn by make-images.mjs) and the flyer. */
export const sectionsPageFiles = {
  pictureA: { picture: 1, title: both('Fangstange auf dem Hallendach', 'Air terminal on a hall roof') },
  pictureB: { picture: 2, title: both('Messung an der Trennstelle', 'Measuring at a test joint') },
  flyer: { title: both('Flyer: Wiederkehrende Prüfung 2026', 'Flyer: periodic inspection 2026'), name: 'pruefung-flyer.pdf' },
};
/** A picture's alternative texts in the library (sections may set their own). */
export const libraryAlt = {
  pictureA: both('Fangstange auf dem Dach einer Halle', 'Air terminal on the roof of a hall'),
  pictureB: both('Messgerät an einer Trennstelle', 'Test instrument at a test joint'),
};

/**
 * The flyer: a one-page PDF (A4) with a few lines of text, written out here with its cross
 * reference table, so that the library's type check sees a real PDF.
 */
export function flyerPdf() {
  const lines = [
    'Wiederkehrende Pruefung nach DIN EN 62305-3',
    'Herbstaktion 1. September bis 30. November',
    'Festpreis, Messungen und Pruefbericht inklusive',
    'Keine Anfahrtskosten im Main-Kinzig-Kreis',
  ];
  const text = lines.map((line, i) => `BT /F1 ${i === 0 ? 20 : 14} Tf 60 ${760 - i * 32} Td (${line}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = Buffer.byteLength(pdf);
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

if (process.argv[1] === import.meta.filename) {
  const outDir = process.argv[2];
  if (!outDir) throw new Error('usage: node bench/lib/sections-page.mjs OUTDIR');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, 'sections-page.json'),
    JSON.stringify({ page: sectionsPage(), files: sectionsPageFiles, alt: libraryAlt }, null, 1),
  );
  fs.writeFileSync(path.join(outDir, sectionsPageFiles.flyer.name), flyerPdf());
  console.log(`sections-page.json and ${sectionsPageFiles.flyer.name} in ${outDir}`);
}
