import type { Scene, SceneKind } from './sample-pictures';

/**
 * The sample content a new installation starts with (unless SEED_SAMPLE=false): six categories
 * and two dozen reference projects of the kind a lightning-protection company in Hanau does,
 * in German and English. Places are real towns; the projects themselves are invented.
 * Scope of works: one item per line. Content: paragraphs separated by a blank line.
 */

type Texts = { de: string; en: string };

export type SampleCategory = { key: SceneKind; name: string; title: Texts };

export const sampleCategories: SampleCategory[] = [
  { key: 'industry', name: 'Industrie und Gewerbe', title: { de: 'Industrie und Gewerbe', en: 'Industry and commerce' } },
  { key: 'datacentre', name: 'Rechenzentren', title: { de: 'Rechenzentren', en: 'Data centres' } },
  {
    key: 'substation',
    name: 'Umspannwerke',
    title: { de: 'Umspannwerke und Energieversorgung', en: 'Substations and power supply' },
  },
  { key: 'public', name: 'Öffentliche Gebäude', title: { de: 'Öffentliche Gebäude', en: 'Public buildings' } },
  {
    key: 'church',
    name: 'Kirchen und Baudenkmäler',
    title: { de: 'Kirchen und Baudenkmäler', en: 'Churches and listed buildings' },
  },
  { key: 'solar', name: 'Photovoltaik und Wind', title: { de: 'Photovoltaik und Windenergie', en: 'Solar and wind power' } },
];

export type SampleProject = {
  scene: Scene;
  location: string;
  workDuration: string;
  /** Completion date: the projects are listed newest first. */
  completed: string;
  title: Texts;
  scope: Texts;
  content: Texts;
};

export const sampleProjects: SampleProject[] = [
  {
    scene: { kind: 'datacentre', seed: 101, sky: 'day' },
    location: 'Frankfurt am Main',
    workDuration: '02/2025 – 10/2025',
    completed: '2025-10-17',
    title: { de: 'Neubau eines Rechenzentrums, Blitzschutzklasse I', en: 'New data centre, lightning protection level I' },
    scope: {
      de: 'Risikoanalyse nach DIN EN 62305-2\nGetrennte Fangeinrichtung mit Fangmasten für die Kälteanlagen auf dem Dach\nFundamenterder und Ringerder nach DIN 18014\nBlitzschutzzonenkonzept mit Überspannungsschutz Typ 1 an der Mittelspannungseinspeisung',
      en: 'Risk assessment to DIN EN 62305-2\nIsolated air-termination system with masts for the rooftop chillers\nFoundation and ring earth electrodes to DIN 18014\nLightning protection zone concept with type 1 surge protection at the medium-voltage intake',
    },
    content: {
      de: 'Für den Neubau mit zwei Datenhallen und 12 MW IT-Leistung hat der Betreiber die Blitzschutzklasse I vorgegeben. Wir haben das System von der Risikoanalyse bis zur Abnahme geplant und errichtet.\n\nDie Kältemaschinen auf dem Dach stehen vollständig im Schutzbereich von sechs Fangmasten, die mit dem berechneten Trennungsabstand aufgestellt sind. So kann kein Teilblitzstrom in die Steuerleitungen der Anlagen gelangen.',
      en: 'The operator specified lightning protection level I for the new building with two data halls and 12 MW of IT load. We planned and installed the system from the risk assessment to the final acceptance.\n\nThe chillers on the roof sit entirely within the protected volume of six air-termination masts placed at the calculated separation distance, so no partial lightning current can enter the control cables of the plant.',
    },
  },
  {
    scene: { kind: 'church', seed: 102, sky: 'overcast' },
    location: 'Friedberg (Hessen)',
    workDuration: '06/2025 – 09/2025',
    completed: '2025-09-05',
    title: { de: 'Stadtkirche: Blitzschutz am 58 m hohen Kirchturm', en: 'Town church: lightning protection on a 58 m steeple' },
    scope: {
      de: 'Bestandsaufnahme der historischen Anlage\nNeue Fangstange und Ableitung in Kupfer am Turmhelm\nSeilunterstützte Montage ohne Gerüst\nAbstimmung mit der Denkmalschutzbehörde',
      en: 'Survey of the historic installation\nNew copper air-termination rod and down conductor on the spire\nRope-access installation without scaffolding\nCoordination with the heritage protection authority',
    },
    content: {
      de: 'Die alte Blitzschutzanlage des Kirchturms stammte aus den 1950er-Jahren; mehrere Klemmen waren gebrochen, die Erdung lag weit über dem zulässigen Wert. Unsere Industriekletterer haben die Anlage ohne Gerüst am Turmhelm erneuert.\n\nLeitungsführung und Material wurden mit der Denkmalschutzbehörde abgestimmt: Kupfer, das mit der Zeit dieselbe Patina annimmt wie die Turmbekrönung.',
      en: 'The steeple’s lightning protection dated from the 1950s; several clamps were broken and the earth resistance was far above the permissible value. Our rope-access technicians renewed the system on the spire without scaffolding.\n\nConductor routing and materials were agreed with the heritage authority: copper, which over time takes on the same patina as the spire’s crown.',
    },
  },
  {
    scene: { kind: 'substation', seed: 103, sky: 'storm' },
    location: 'Bruchköbel',
    workDuration: '03/2025 – 08/2025',
    completed: '2025-08-01',
    title: { de: 'Batteriespeicher 20 MW am Umspannwerk', en: '20 MW battery storage at a substation' },
    scope: {
      de: 'Erdungsanlage für 14 Batteriecontainer, angebunden an das Erdungsnetz des Umspannwerks\nFangmasten mit Schutzbereich nach dem Blitzkugelverfahren\nÜberspannungsschutz für Wechselrichter und Leittechnik\nErdungsmessung und Dokumentation',
      en: 'Earthing system for 14 battery containers, bonded to the substation’s earth grid\nAir-termination masts sized with the rolling sphere method\nSurge protection for inverters and control systems\nEarth resistance measurement and documentation',
    },
    content: {
      de: 'Neben einem bestehenden 110/20-kV-Umspannwerk entstand ein Batteriespeicher mit 20 MW Leistung. Wir haben die Erdung der Container in das vermaschte Erdungsnetz der Station eingebunden und den Nachweis der Berührungsspannungen nach DIN EN 50522 geführt.\n\nVier Fangmasten schützen die Container vor direkten Einschlägen; die Kommunikationsleitungen zur Netzleitstelle sind durch koordinierte Überspannungsschutzgeräte gesichert.',
      en: 'A 20 MW battery storage system was built next to an existing 110/20 kV substation. We bonded the containers’ earthing into the station’s meshed earth grid and verified touch voltages to DIN EN 50522.\n\nFour air-termination masts protect the containers from direct strikes; the communication lines to the grid control centre are secured by coordinated surge protective devices.',
    },
  },
  {
    scene: { kind: 'industry', seed: 104, sky: 'day' },
    location: 'Hanau',
    workDuration: '04/2025 – 07/2025',
    completed: '2025-07-11',
    title: { de: 'Produktionshalle eines Kunststoffverarbeiters', en: 'Production hall of a plastics processor' },
    scope: {
      de: 'Fangeinrichtung mit Fangstangen auf den Sheddächern\n14 Ableitungen über die Stahlstützen\nRingerder, verbunden mit dem vorhandenen Fundamenterder\nÜberspannungsschutz Typ 1 und 2 in der Hauptverteilung',
      en: 'Air-termination rods on the sawtooth roofs\n14 down conductors via the steel columns\nRing earth electrode bonded to the existing foundation earth\nType 1 and type 2 surge protection in the main distribution board',
    },
    content: {
      de: 'Die um 9.500 m² erweiterte Halle erhielt ein durchgängiges Blitzschutzsystem der Schutzklasse III. Wegen der Lichtbänder in den Sheddächern haben wir die Fangeinrichtung mit dem Blitzkugelverfahren bemessen.\n\nDie Montage lief bei laufender Produktion, in Abschnitten und abgestimmt mit der Werksleitung – ohne eine einzige Stunde Stillstand.',
      en: 'The hall, extended by 9,500 m², received a continuous lightning protection system of class III. Because of the glazing in the sawtooth roofs, we sized the air-termination system with the rolling sphere method.\n\nInstallation took place during production, section by section and coordinated with plant management – without a single hour of downtime.',
    },
  },
  {
    scene: { kind: 'public', seed: 105, sky: 'evening' },
    location: 'Rodgau',
    workDuration: '05/2025 – 06/2025',
    completed: '2025-06-20',
    title: {
      de: 'Gesamtschule: Blitzschutz nach der Dachsanierung',
      en: 'Comprehensive school: lightning protection after re-roofing',
    },
    scope: {
      de: 'Demontage der alten Fangleitungen vor der Dachsanierung\nNeue Fangeinrichtung auf dem gedämmten Dach mit Dachleitungshaltern\nAnbindung von Lüftungsgeräten und PV-Modulen\nPrüfbericht für den Schulträger',
      en: 'Removal of the old roof conductors before re-roofing\nNew air-termination system on the insulated roof with conductor holders\nIntegration of ventilation units and solar modules\nInspection report for the school authority',
    },
    content: {
      de: 'Während der Sommerferien wurde das Dach der Schule gedämmt und neu eingedeckt. Wir haben die Blitzschutzanlage zuvor zurückgebaut und danach in enger Abstimmung mit dem Dachdecker neu errichtet.\n\nZum Schulbeginn waren Dach, Photovoltaikanlage und Blitzschutz fertig und geprüft.',
      en: 'During the summer holidays the school’s roof was insulated and re-covered. We dismantled the lightning protection beforehand and rebuilt it afterwards in close coordination with the roofer.\n\nWhen school started again, roof, solar system and lightning protection were finished and inspected.',
    },
  },
  {
    scene: { kind: 'solar', seed: 106, sky: 'day' },
    location: 'Nidda',
    workDuration: '01/2025 – 05/2025',
    completed: '2025-05-23',
    title: { de: 'Freiflächen-Photovoltaikanlage 12 MWp', en: '12 MWp ground-mounted solar park' },
    scope: {
      de: 'Blitzschutzkonzept nach DIN EN 62305-3 Beiblatt 5\nFangmasten mit Trennungsabstand zu den Modultischen\nVermaschter Erder über das gesamte Gelände\nÜberspannungsschutz an Wechselrichtern und Übergabestation',
      en: 'Lightning protection concept to DIN EN 62305-3 Supplement 5\nAir-termination masts at the separation distance from the module tables\nMeshed earth electrode across the whole site\nSurge protection at the inverters and the grid connection station',
    },
    content: {
      de: 'Auf 14 Hektar stehen rund 22.000 Module. Die Erdung der Modultische haben wir zu einem Maschennetz verbunden, das bei einem Einschlag das Potential auf dem ganzen Gelände gleichmäßig anhebt.\n\nDie Wechselrichter sind auf der Gleich- und der Wechselstromseite mit Überspannungsschutz ausgerüstet; die Fernüberwachung meldet ausgelöste Schutzgeräte.',
      en: 'Some 22,000 modules stand on 14 hectares. We joined the earthing of the module tables into a mesh that raises the potential evenly across the whole site when lightning strikes.\n\nThe inverters have surge protection on both the DC and the AC side; remote monitoring reports any protective device that has tripped.',
    },
  },
  {
    scene: { kind: 'substation', seed: 107, sky: 'day' },
    location: 'Gelnhausen',
    workDuration: '09/2024 – 04/2025',
    completed: '2025-04-11',
    title: { de: 'Erdungsanlage für ein Umspannwerk 110/20 kV', en: 'Earthing system for a 110/20 kV substation' },
    scope: {
      de: 'Bemessung nach DIN EN 50522 (VDE 0101-2)\nMaschenerder aus Kupferseil auf 6.000 m²\nNachweis der Berührungs- und Schrittspannungen\nBlitzschutzmasten für die Freiluftschaltanlage',
      en: 'Design to DIN EN 50522 (VDE 0101-2)\nCopper mesh earth electrode across 6,000 m²\nVerification of touch and step voltages\nLightning masts for the outdoor switchgear',
    },
    content: {
      de: 'Für den Ersatzneubau des Umspannwerks haben wir die Erdungsanlage aus den Kurzschlussströmen des Netzbetreibers bemessen und als Maschenerder aus Kupferseil verlegt.\n\nDie Messung mit Stromeinspeisung nach Fertigstellung bestätigte die berechneten Werte: Berührungsspannungen liegen überall unter den zulässigen Grenzen.',
      en: 'For the replacement substation we sized the earthing system from the grid operator’s short-circuit currents and laid it as a copper mesh.\n\nThe current-injection measurement after completion confirmed the calculated values: touch voltages are below the permissible limits everywhere.',
    },
  },
  {
    scene: { kind: 'industry', seed: 108, sky: 'overcast' },
    location: 'Maintal',
    workDuration: '11/2024 – 03/2025',
    completed: '2025-03-14',
    title: { de: 'Logistikzentrum mit 24.000 m² Dachfläche', en: 'Logistics centre with 24,000 m² of roof' },
    scope: {
      de: 'Fangleitungen auf dem Flachdach in Maschen von 15 m\nFangstangen mit Trennungsabstand an Rauchabzügen und Lüftungsgeräten\n28 Ableitungen über die Fassadenstützen\nErdungsmessung und Dokumentation',
      en: 'Roof conductors on the flat roof in a 15 m mesh\nAir-termination rods at the separation distance from smoke vents and ventilation units\n28 down conductors via the façade columns\nEarth resistance measurement and documentation',
    },
    content: {
      de: 'Das Logistikzentrum ist mit einer Sprinkleranlage und elektrisch betriebenen Rauchabzügen ausgestattet – beide müssen auch nach einem Blitzeinschlag zuverlässig funktionieren.\n\nDeshalb liegen alle Dachaufbauten im Schutzbereich eigener Fangstangen; ihre Steuerleitungen sind in das Blitzschutzzonenkonzept eingebunden.',
      en: 'The logistics centre has a sprinkler system and electrically operated smoke vents – both must keep working reliably after a lightning strike.\n\nAll rooftop equipment therefore sits within the protected zone of its own air-termination rods, and its control cables are part of the lightning protection zone concept.',
    },
  },
  {
    scene: { kind: 'datacentre', seed: 109, sky: 'evening' },
    location: 'Offenbach am Main',
    workDuration: '10/2024 – 02/2025',
    completed: '2025-02-07',
    title: { de: 'Erweiterung eines Colocation-Rechenzentrums', en: 'Extension of a colocation data centre' },
    scope: {
      de: 'Einbindung des neuen Gebäudeteils in die bestehende Erdungsanlage\nVermaschter Potentialausgleich im Doppelboden\nKoordinierter Überspannungsschutz in USV-Anlagen und Unterverteilungen\nPrüfung im laufenden Betrieb',
      en: 'Integration of the new building section into the existing earthing system\nMeshed equipotential bonding in the raised floor\nCoordinated surge protection in UPS systems and sub-distribution boards\nInspection during live operation',
    },
    content: {
      de: 'Das Rechenzentrum wurde um ein Datenhallenmodul erweitert, während die bestehenden Hallen voll in Betrieb blieben. Alle Arbeiten an Potentialausgleich und Erdung erfolgten nach abgestimmten Arbeitsfreigaben.\n\nDer neue Gebäudeteil ist über zahlreiche Verbindungen mit dem Bestand vermascht, sodass keine Potentialunterschiede zwischen alten und neuen Datenhallen entstehen.',
      en: 'The data centre gained a new data hall module while the existing halls stayed fully operational. All work on bonding and earthing followed agreed permits to work.\n\nThe new section is meshed with the existing building through numerous connections, so no potential differences arise between old and new data halls.',
    },
  },
  {
    scene: { kind: 'church', seed: 110, sky: 'day' },
    location: 'Mainz',
    workDuration: '09/2024 – 12/2024',
    completed: '2024-12-13',
    title: { de: 'Katholische Pfarrkirche: Erneuerung der Erdung', en: 'Catholic parish church: earthing renewed' },
    scope: {
      de: 'Erdungsmessung und Ursachensuche\nNeue Tiefenerder an vier Ableitungen\nErneuerung der Trennstellen in Messingausführung\nWiederkehrende Prüfung mit Prüfbericht',
      en: 'Earth resistance measurement and root-cause analysis\nNew deep earth rods at four down conductors\nRenewed test joints in brass\nPeriodic inspection with report',
    },
    content: {
      de: 'Bei der wiederkehrenden Prüfung fielen zu hohe Erdungswiderstände auf. Die Ursache: die Banderder von 1962 waren im Bereich einer früheren Baugrube durchkorrodiert.\n\nWir haben an den Ableitungen Tiefenerder bis 9 m Tiefe eingebracht; der Gesamterdungswiderstand liegt jetzt deutlich unter 10 Ohm.',
      en: 'The periodic inspection revealed excessive earth resistances. The cause: the 1962 strip electrodes had corroded through where a former excavation had been.\n\nWe drove deep earth rods down to 9 m at the down conductors; the overall earth resistance is now well below 10 ohms.',
    },
  },
  {
    scene: { kind: 'public', seed: 111, sky: 'day' },
    location: 'Seligenstadt',
    workDuration: '08/2024 – 11/2024',
    completed: '2024-11-08',
    title: { de: 'Historisches Rathaus mit Uhrturm', en: 'Historic town hall with clock tower' },
    scope: {
      de: 'Fangeinrichtung am Uhrturm und entlang der Firste\nVerdeckte Ableitungen hinter den Fallrohren\nÜberspannungsschutz für Turmuhr und Glockensteuerung\nAbstimmung mit der Unteren Denkmalschutzbehörde',
      en: 'Air-termination on the clock tower and along the ridges\nConcealed down conductors behind the drainpipes\nSurge protection for the tower clock and bell control\nCoordination with the local heritage authority',
    },
    content: {
      de: 'Das denkmalgeschützte Rathaus sollte seinen Charakter behalten. Wir haben die Ableitungen deshalb hinter den Fallrohren geführt und auf den Dächern Leitungen in der Farbe der Eindeckung verwendet.\n\nDie elektronische Turmuhr und die Glockensteuerung, die zuvor zweimal durch Überspannungen ausgefallen waren, sind jetzt geschützt.',
      en: 'The listed town hall was to keep its character. We therefore ran the down conductors behind the drainpipes and used roof conductors in the colour of the roofing.\n\nThe electronic tower clock and bell control, which had twice failed from surges before, are now protected.',
    },
  },
  {
    scene: { kind: 'solar', seed: 112, sky: 'overcast' },
    location: 'Hanau',
    workDuration: '08/2024 – 10/2024',
    completed: '2024-10-18',
    title: { de: 'PV-Dachanlage 1,2 MWp auf einer Logistikhalle', en: '1.2 MWp rooftop solar system on a logistics hall' },
    scope: {
      de: 'Prüfung der bestehenden Blitzschutzanlage vor der Modulmontage\nGetrennte Fangeinrichtung mit Fangstangen zwischen den Modulreihen\nBerechnung und Einhaltung des Trennungsabstands\nÜberspannungsschutz Typ 1 am Netzanschluss',
      en: 'Inspection of the existing lightning protection before module installation\nIsolated air-termination rods between the module rows\nCalculation and verification of the separation distance\nType 1 surge protection at the grid connection',
    },
    content: {
      de: 'Eine PV-Anlage auf einem Dach mit Blitzschutz braucht eine Anpassung der Fangeinrichtung: Die Module dürfen den Trennungsabstand nicht unterschreiten, sonst werden Teilblitzströme in die Gleichstromleitungen eingekoppelt.\n\nWir haben die Fangeinrichtung vor der Modulmontage neu geplant und mit dem Solarteur die Modulbelegung abgestimmt.',
      en: 'A solar system on a roof with lightning protection requires an adapted air-termination system: the modules must not come closer than the separation distance, or partial lightning currents couple into the DC cables.\n\nWe redesigned the air-termination system before the modules went up and agreed the module layout with the solar installer.',
    },
  },
  {
    scene: { kind: 'industry', seed: 113, sky: 'storm' },
    location: 'Frankfurt am Main',
    workDuration: '03/2024 – 09/2024',
    completed: '2024-09-20',
    title: { de: 'Chemische Produktionsanlage mit Ex-Bereichen', en: 'Chemical plant with explosive atmospheres' },
    scope: {
      de: 'Blitzschutz nach DIN EN 62305-3 Beiblatt 2 für explosionsgefährdete Bereiche\nPotentialausgleich an Rohrleitungen, Tanks und Rohrbrücken\nFunkenstreckenfreie Verbindungen in Zone 1\nDokumentation für den Explosionsschutz',
      en: 'Lightning protection to DIN EN 62305-3 Supplement 2 for explosive atmospheres\nEquipotential bonding of pipelines, tanks and pipe bridges\nSpark-free connections in zone 1\nDocumentation for the explosion protection file',
    },
    content: {
      de: 'In Bereichen mit explosionsfähiger Atmosphäre darf bei einem Blitzeinschlag an keiner Verbindung ein Funke entstehen. Wir haben alle Anschlüsse an Rohrleitungen und Behältern entsprechend ausgeführt und geprüft.\n\nDie Arbeiten fanden unter Erlaubnisscheinverfahren des Betreibers statt, eng abgestimmt mit der Betriebsfeuerwehr.',
      en: 'Where explosive atmospheres can occur, no connection may spark when lightning strikes. We designed and tested every connection to pipelines and vessels accordingly.\n\nAll work took place under the operator’s permit-to-work system, closely coordinated with the plant fire brigade.',
    },
  },
  {
    scene: { kind: 'substation', seed: 114, sky: 'overcast' },
    location: 'Fulda',
    workDuration: '04/2024 – 08/2024',
    completed: '2024-08-16',
    title: { de: 'Blitzschutzmasten für eine 110-kV-Schaltanlage', en: 'Lightning masts for a 110 kV switchyard' },
    scope: {
      de: 'Schutzbereichsberechnung nach dem Blitzkugelverfahren\nFundamente und Montage von sechs Gittermasten bis 30 m\nAnbindung an das Stationserdungsnetz\nMontage bei freigeschalteten Feldern nach Schaltplan des Netzbetreibers',
      en: 'Protected zone calculation with the rolling sphere method\nFoundations and erection of six lattice masts up to 30 m\nConnection to the station earth grid\nInstallation on de-energised bays following the grid operator’s switching schedule',
    },
    content: {
      de: 'Nach der Erweiterung um zwei Schaltfelder lagen Teile der Anlage außerhalb des Schutzbereichs der vorhandenen Masten. Sechs zusätzliche Gittermasten schließen die Lücke.\n\nDie Montage erfolgte feldweise in kurzen Abschaltfenstern, sodass die Versorgung durchgehend gesichert blieb.',
      en: 'After two new bays were added, parts of the switchyard lay outside the protected zone of the existing masts. Six additional lattice masts close the gap.\n\nInstallation went bay by bay in short outage windows, so supply was secured throughout.',
    },
  },
  {
    scene: { kind: 'datacentre', seed: 115, sky: 'storm' },
    location: 'Dietzenbach',
    workDuration: '05/2024 – 07/2024',
    completed: '2024-07-12',
    title: {
      de: 'Notstromaggregate und Tankanlage eines Rechenzentrums',
      en: 'Standby generators and fuel tanks of a data centre',
    },
    scope: {
      de: 'Fangmasten für acht Containeraggregate\nErdung und Potentialausgleich der Tankanlage\nEinbindung der Abgasanlagen in die Fangeinrichtung\nÜberspannungsschutz für die Aggregatesteuerung',
      en: 'Air-termination masts for eight containerised generators\nEarthing and bonding of the fuel tank system\nIntegration of the exhaust stacks into the air-termination system\nSurge protection for the generator controls',
    },
    content: {
      de: 'Die Notstromversorgung eines Rechenzentrums muss genau dann funktionieren, wenn ein Gewitter das Netz stört. Die Aggregate stehen im Freien und sind damit besonders exponiert.\n\nFangmasten schützen die Container vor Direkteinschlägen, und die Steuerleitungen zur Gebäudeleittechnik sind an jeder Zonengrenze beschaltet.',
      en: 'A data centre’s standby power has to work precisely when a thunderstorm disturbs the grid. The generators stand outdoors and are therefore particularly exposed.\n\nAir-termination masts protect the containers from direct strikes, and the control cables to the building management system are protected at every zone boundary.',
    },
  },
  {
    scene: { kind: 'public', seed: 116, sky: 'overcast' },
    location: 'Langen (Hessen)',
    workDuration: '03/2024 – 06/2024',
    completed: '2024-06-14',
    title: { de: 'Sporthalle und Hallenbad', en: 'Sports hall and indoor pool' },
    scope: {
      de: 'Fangeinrichtung auf dem Bogendach der Sporthalle\nAbleitungen in den Fassadenfugen\nPotentialausgleich der Badewassertechnik\nPrüfung nach DIN EN 62305-3 Beiblatt 3',
      en: 'Air-termination on the sports hall’s curved roof\nDown conductors in the façade joints\nEquipotential bonding of the pool water technology\nInspection to DIN EN 62305-3 Supplement 3',
    },
    content: {
      de: 'Das Ensemble aus Sporthalle und Hallenbad wurde energetisch saniert. Mit der neuen Fassade haben wir die Ableitungen unsichtbar in die Fugen verlegt.\n\nIm Bad gehört der Potentialausgleich aller leitfähigen Teile zur Sicherheit der Badegäste – wir haben ihn gemeinsam mit dem Elektroplaner neu aufgebaut.',
      en: 'The sports hall and indoor pool were refurbished for energy efficiency. With the new façade, we laid the down conductors invisibly in the joints.\n\nIn the pool, bonding all conductive parts is part of the swimmers’ safety – we rebuilt it together with the electrical designer.',
    },
  },
  {
    scene: { kind: 'church', seed: 117, sky: 'evening' },
    location: 'Büdingen',
    workDuration: '04/2024 – 05/2024',
    completed: '2024-05-24',
    title: { de: 'Dorfkirche mit schiefergedecktem Turmhelm', en: 'Village church with a slate-covered spire' },
    scope: {
      de: 'Neue Fangeinrichtung an Turmkreuz und Firsten\nAbleitung in Kupfer, farblich angepasst\nRingerder um Kirche und Turm\nÜberspannungsschutz für Läuteanlage und Orgel',
      en: 'New air-termination at the tower cross and ridges\nCopper down conductor, matched in colour\nRing earth electrode around church and tower\nSurge protection for the bell system and the organ',
    },
    content: {
      de: 'Nach einem Blitzeinschlag im Turm mit Schäden an der Läuteanlage hat die Kirchengemeinde den Blitzschutz vollständig erneuern lassen.\n\nDer neue Ringerder verbindet Turm und Kirchenschiff; elektrische Anlagen wie die Orgel sind durch abgestimmte Überspannungsschutzgeräte gesichert.',
      en: 'After lightning struck the tower and damaged the bell system, the parish had its lightning protection completely renewed.\n\nThe new ring earth electrode connects tower and nave; electrical equipment such as the organ is protected by coordinated surge protective devices.',
    },
  },
  {
    scene: { kind: 'solar', seed: 118, sky: 'evening' },
    location: 'Schotten',
    workDuration: '03/2024 – 04/2024',
    completed: '2024-04-26',
    title: { de: 'Windpark: Erdungsmessung an fünf Anlagen', en: 'Wind farm: earthing measured at five turbines' },
    scope: {
      de: 'Messung der Fundamenterder aller fünf Windenergieanlagen\nPrüfung der Verbindungen zu Übergabestation und Kabeltrasse\nThermografie an den Erdungsverbindungen\nPrüfberichte für den Betreiber und den Versicherer',
      en: 'Measurement of the foundation earth electrodes of all five turbines\nInspection of the connections to the grid station and cable route\nThermography of the earthing connections\nInspection reports for the operator and the insurer',
    },
    content: {
      de: 'Windenergieanlagen sind die höchsten Bauwerke weit und breit und werden entsprechend häufig getroffen. Der Versicherer verlangte eine unabhängige Prüfung der Erdungsanlagen.\n\nAlle Messwerte lagen im Sollbereich; zwei lose Verbindungen in der Übergabestation haben wir sofort instand gesetzt.',
      en: 'Wind turbines are the tallest structures for miles and are struck accordingly often. The insurer required an independent inspection of the earthing systems.\n\nAll readings were within the target range; we repaired two loose connections in the grid station on the spot.',
    },
  },
  {
    scene: { kind: 'industry', seed: 119, sky: 'evening' },
    location: 'Aschaffenburg',
    workDuration: '02/2024 – 03/2024',
    completed: '2024-03-22',
    title: { de: 'Wiederkehrende Prüfung in einem Automobilzulieferwerk', en: 'Periodic inspection at an automotive supplier' },
    scope: {
      de: 'Sichtprüfung und Messung an 62 Ableitungen\nMessung der Erdungswiderstände\nInstandsetzung beschädigter Trennstellen und Leitungshalter\nPrüfbericht nach DIN EN 62305-3 Beiblatt 3',
      en: 'Visual inspection and measurement at 62 down conductors\nEarth resistance measurements\nRepair of damaged test joints and conductor holders\nInspection report to DIN EN 62305-3 Supplement 3',
    },
    content: {
      de: 'Das Werk lässt seine Blitzschutzanlagen im Abstand von zwei Jahren prüfen, wie es der Sachversicherer vorgibt. Über die Jahre waren einige Leitungshalter durch Schneelast und Dacharbeiten beschädigt worden.\n\nPrüfung und Instandsetzung erfolgten in einem Einsatz; der Betreiber erhielt einen Prüfbericht mit Fotos jeder Mängelstelle.',
      en: 'The plant has its lightning protection inspected every two years, as its property insurer requires. Over the years, snow loads and roof work had damaged some conductor holders.\n\nInspection and repairs were done in a single visit; the operator received a report with photographs of every defect.',
    },
  },
  {
    scene: { kind: 'public', seed: 120, sky: 'storm' },
    location: 'Bad Homburg vor der Höhe',
    workDuration: '12/2023 – 02/2024',
    completed: '2024-02-16',
    title: { de: 'Feuer- und Rettungswache mit Funkmast', en: 'Fire and rescue station with radio mast' },
    scope: {
      de: 'Einbindung des 25-m-Funkmasts in die Blitzschutzanlage\nÜberspannungsschutz für Digitalfunk und Alarmierung\nBlitzschutz-Potentialausgleich der Fahrzeughalle\nAbnahmeprüfung',
      en: 'Integration of the 25 m radio mast into the lightning protection\nSurge protection for digital radio and alerting systems\nLightning equipotential bonding of the vehicle hall\nAcceptance inspection',
    },
    content: {
      de: 'Eine Feuerwache muss bei jedem Wetter alarmierbar bleiben. Der Funkmast auf dem Gelände ist der wahrscheinlichste Einschlagpunkt und zugleich die wichtigste Verbindung nach außen.\n\nMast, Antennenkabel und Funktechnik sind so eingebunden, dass ein Einschlag in den Mast die Alarmierung nicht unterbricht.',
      en: 'A fire station has to stay reachable in any weather. The radio mast on site is the most likely point of strike and at the same time the most important link to the outside.\n\nMast, antenna cables and radio equipment are integrated so that a strike to the mast does not interrupt alerting.',
    },
  },
  {
    scene: { kind: 'datacentre', seed: 121, sky: 'overcast' },
    location: 'Darmstadt',
    workDuration: '11/2023 – 01/2024',
    completed: '2024-01-19',
    title: { de: 'Edge-Rechenzentrum in Containerbauweise', en: 'Containerised edge data centre' },
    scope: {
      de: 'Fangeinrichtung und Ableitungen für drei IT-Container\nErdung des Stahlfundaments\nÜberspannungsschutz für Glasfaser-Übergabe und Kupferleitungen\nDokumentation für die Zertifizierung',
      en: 'Air-termination and down conductors for three IT containers\nEarthing of the steel foundation\nSurge protection for the fibre hand-over and copper lines\nDocumentation for certification',
    },
    content: {
      de: 'Das Edge-Rechenzentrum steht auf dem Gelände eines Forschungscampus und wurde in nur drei Monaten errichtet. Wir waren vom ersten Fundament an eingebunden.\n\nDie vollständige Dokumentation des Blitzschutzes war Voraussetzung für die Zertifizierung der Anlage.',
      en: 'The edge data centre stands on a research campus and was built in just three months. We were involved from the first foundation.\n\nComplete documentation of the lightning protection was a prerequisite for certifying the facility.',
    },
  },
  {
    scene: { kind: 'substation', seed: 122, sky: 'evening' },
    location: 'Gießen',
    workDuration: '09/2023 – 12/2023',
    completed: '2023-12-08',
    title: { de: 'Sanierung der Erdung einer Umspannanlage', en: 'Earthing refurbishment at a substation' },
    scope: {
      de: 'Erdungsmessung mit Stromeinspeisung\nFreilegen und Bewerten korrodierter Erdungsleitungen\nErsatz durch Kupferseil und geprüfte Verbinder\nNachmessung und Gutachten',
      en: 'Earth measurement by current injection\nExposing and assessing corroded earthing conductors\nReplacement with copper rope and tested connectors\nRe-measurement and expert report',
    },
    content: {
      de: 'Die Messung ergab an mehreren Geräteanschlüssen erhöhte Übergangswiderstände. Beim Freilegen zeigte sich Korrosion an verzinkten Leitungen aus den 1970er-Jahren.\n\nWir haben die betroffenen Abschnitte durch Kupferseil ersetzt; die Nachmessung bestätigt den einwandfreien Zustand.',
      en: 'The measurement showed increased contact resistances at several equipment connections. Once exposed, the galvanised conductors from the 1970s turned out to be corroded.\n\nWe replaced the affected sections with copper rope; the re-measurement confirms the installation is in good order.',
    },
  },
  {
    scene: { kind: 'church', seed: 123, sky: 'storm' },
    location: 'Gelnhausen',
    workDuration: '07/2023 – 10/2023',
    completed: '2023-10-20',
    title: { de: 'Romanische Stiftskirche: Blitzschutz im Denkmal', en: 'Romanesque collegiate church: protecting a monument' },
    scope: {
      de: 'Blitzschutzkonzept für zwei Türme und das Langhaus\nBefestigung ohne Eingriff in das Natursteinmauerwerk\nErdung unter Berücksichtigung archäologischer Befunde\nMontage mit Hubarbeitsbühne und Seilzugangstechnik',
      en: 'Lightning protection concept for two towers and the nave\nFixings without interfering with the natural stone masonry\nEarthing designed around archaeological findings\nInstallation by aerial work platform and rope access',
    },
    content: {
      de: 'Bei einem romanischen Bauwerk zählt jeder Bohrpunkt. Wir haben die Leitungsführung mit Restauratoren festgelegt und Halter verwendet, die in vorhandene Fugen greifen.\n\nFür den Ringerder wurde die Trasse mit der Bodendenkmalpflege abgestimmt und archäologisch begleitet.',
      en: 'With a Romanesque building, every drill hole counts. We set the conductor routes with the restorers and used holders that grip existing joints.\n\nThe route of the ring earth electrode was agreed with the archaeological heritage office and the excavation was supervised.',
    },
  },
  {
    scene: { kind: 'solar', seed: 124, sky: 'storm' },
    location: 'Biblis',
    workDuration: '05/2023 – 08/2023',
    completed: '2023-08-25',
    title: { de: 'Solarpark mit eigener Übergabestation', en: 'Solar park with its own grid station' },
    scope: {
      de: 'Blitzschutz und Erdung der 20-kV-Übergabestation\nFangmasten für die Wechselrichterstationen\nOberflächenerder entlang der Kabeltrassen\nÜberspannungsschutz der Fernwirktechnik',
      en: 'Lightning protection and earthing of the 20 kV grid station\nAir-termination masts for the inverter stations\nSurface earth electrodes along the cable routes\nSurge protection for the telecontrol system',
    },
    content: {
      de: 'Der Solarpark speist über eine eigene Übergabestation in das 20-kV-Netz ein. Ihre Erdung haben wir mit den Erdern des Parks verbunden, damit bei einem Einschlag keine gefährlichen Potentialunterschiede entstehen.\n\nDie Fernwirktechnik, über die der Netzbetreiber die Einspeisung regelt, ist gegen Überspannungen geschützt.',
      en: 'The solar park feeds into the 20 kV grid through its own station. We connected its earthing to the park’s electrodes so that a strike creates no dangerous potential differences.\n\nThe telecontrol system through which the grid operator regulates the feed-in is protected against surges.',
    },
  },
];
