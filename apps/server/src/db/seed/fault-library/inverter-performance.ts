import type { LibraryEntry } from '../fault-library.ts';

/** Inverter performance faults the alarm engine raises (no production, underperformance): [message, fix advice] per language. */
export const INVERTER_PERFORMANCE_FAULTS: LibraryEntry[] = [
  {
    faultCode: 'INV-NO-PROD',
    deviceType: 'INVERTER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '白天无发电',
        '太阳已升起但逆变器持续无光伏功率。检查直流开关是否闭合、组串接线和熔丝、组件是否被积雪或遮挡覆盖，以及逆变器是否因电网参数停机。',
      ],
      'en-GB': [
        'No production in daylight',
        'The sun is up but the inverter has produced nothing for a while. Check that the DC isolator is on, the string wiring and fuses, whether snow or shade covers the modules, and whether the inverter stopped on a grid fault.',
      ],
      'de-DE': [
        'Keine Erzeugung bei Tageslicht',
        'Die Sonne steht am Himmel, doch der Wechselrichter erzeugt seit einiger Zeit nichts. DC-Trennschalter, String-Verkabelung und Sicherungen prüfen, auf Schnee oder Verschattung der Module achten und prüfen, ob der Wechselrichter wegen eines Netzfehlers abgeschaltet hat.',
      ],
      'it-IT': [
        'Nessuna produzione con luce diurna',
        'Il sole è alto ma l’inverter non produce da tempo. Verificare che il sezionatore CC sia chiuso, cablaggio e fusibili delle stringhe, neve o ombre sui moduli e se l’inverter si è fermato per un guasto di rete.',
      ],
      'nl-NL': [
        'Geen opwekking bij daglicht',
        'De zon staat op, maar de omvormer levert al een tijd niets. Controleer of de DC-scheider aan staat, de stringbedrading en zekeringen, of sneeuw of schaduw de panelen bedekt en of de omvormer door een netfout is gestopt.',
      ],
      'fr-FR': [
        'Aucune production en plein jour',
        'Le soleil est levé mais l’onduleur ne produit plus depuis un moment. Vérifier que le sectionneur CC est fermé, le câblage et les fusibles des chaînes, la neige ou l’ombre sur les modules, et si l’onduleur s’est arrêté sur un défaut réseau.',
      ],
      'es-ES': [
        'Sin producción con luz diurna',
        'El sol está alto pero el inversor lleva un tiempo sin producir. Comprobar que el seccionador de CC está cerrado, el cableado y los fusibles de los strings, si hay nieve o sombra sobre los módulos y si el inversor se detuvo por un fallo de red.',
      ],
      'pl-PL': [
        'Brak produkcji przy świetle dziennym',
        'Słońce jest nad horyzontem, ale falownik od pewnego czasu nic nie produkuje. Sprawdź rozłącznik DC, okablowanie i bezpieczniki łańcuchów, czy moduły nie są pokryte śniegiem lub zacienione oraz czy falownik nie zatrzymał się z powodu błędu sieci.',
      ],
    },
  },
  {
    faultCode: 'INV-UNDERPERF',
    deviceType: 'INVERTER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '发电量低于周边电站',
        '连续三个晴天，本电站的发电量（按组件朝向与倾角折算）明显低于 50 公里内的周边电站。检查组件是否脏污、积雪或有新的遮挡，组串是否断开或熔丝熔断，以及逆变器是否限功率或 MPPT 故障。若一直如此，请核对电站登记的容量、倾角和朝向。',
      ],
      'en-GB': [
        'Under-performing against nearby plants',
        'On three sunny days the plant yielded clearly less than the plants within 50 km, allowing for its orientation and tilt. Check for soiling, snow or new shade on the modules, an open string or blown fuse, and whether the inverter is derating or an MPPT input has failed. If it was always so, check the plant’s capacity, tilt and orientation on record.',
      ],
      'de-DE': [
        'Minderertrag gegenüber Anlagen in der Nähe',
        'An drei sonnigen Tagen hat die Anlage deutlich weniger erzeugt als die Anlagen im Umkreis von 50 km, Ausrichtung und Neigung eingerechnet. Module auf Verschmutzung, Schnee oder neue Verschattung prüfen, nach einem offenen String oder einer ausgelösten Sicherung suchen und prüfen, ob der Wechselrichter abregelt oder ein MPPT-Eingang ausgefallen ist. War es schon immer so, die hinterlegte Leistung, Neigung und Ausrichtung der Anlage prüfen.',
      ],
      'it-IT': [
        'Resa inferiore agli impianti vicini',
        'In tre giorni di sole l’impianto ha prodotto nettamente meno degli impianti entro 50 km, tenuto conto di orientamento e inclinazione. Verificare sporco, neve o nuove ombre sui moduli, una stringa aperta o un fusibile bruciato, e se l’inverter limita la potenza o un ingresso MPPT è guasto. Se è sempre stato così, verificare potenza, inclinazione e orientamento registrati dell’impianto.',
      ],
      'nl-NL': [
        'Minder opbrengst dan installaties in de buurt',
        'Op drie zonnige dagen leverde de installatie duidelijk minder dan de installaties binnen 50 km, rekening houdend met oriëntatie en hellingshoek. Controleer de panelen op vuil, sneeuw of nieuwe schaduw, zoek naar een onderbroken string of doorgebrande zekering en kijk of de omvormer terugregelt of een MPPT-ingang is uitgevallen. Was het altijd al zo, controleer dan het vastgelegde vermogen, de hellingshoek en de oriëntatie.',
      ],
      'fr-FR': [
        'Production inférieure aux installations voisines',
        'Sur trois journées ensoleillées, l’installation a nettement moins produit que les installations situées à moins de 50 km, orientation et inclinaison prises en compte. Vérifier l’encrassement, la neige ou une nouvelle ombre sur les modules, une chaîne ouverte ou un fusible fondu, et si l’onduleur bride sa puissance ou si une entrée MPPT est défaillante. Si cela a toujours été le cas, vérifier la puissance, l’inclinaison et l’orientation enregistrées.',
      ],
      'es-ES': [
        'Rendimiento inferior al de las plantas cercanas',
        'En tres días soleados la planta produjo claramente menos que las plantas situadas a menos de 50 km, teniendo en cuenta su orientación e inclinación. Comprobar suciedad, nieve o nuevas sombras sobre los módulos, un string abierto o un fusible fundido, y si el inversor limita la potencia o falla una entrada MPPT. Si siempre ha sido así, comprobar la potencia, la inclinación y la orientación registradas de la planta.',
      ],
      'pl-PL': [
        'Niższa wydajność niż pobliskie instalacje',
        'W trzy słoneczne dni instalacja wyprodukowała wyraźnie mniej niż instalacje w promieniu 50 km, z uwzględnieniem orientacji i nachylenia. Sprawdź zabrudzenie, śnieg lub nowe zacienienie modułów, przerwany łańcuch lub przepalony bezpiecznik oraz czy falownik nie ogranicza mocy lub nie uszkodziło się wejście MPPT. Jeśli tak było zawsze, sprawdź zapisaną moc, nachylenie i orientację instalacji.',
      ],
    },
  },
];
