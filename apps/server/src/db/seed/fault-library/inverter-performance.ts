import type { LibraryEntry } from '../fault-library.ts';

/**
 * Inverter performance faults the alarm engine raises (no production, underperformance, implausible
 * readings): [message, fix advice] per language.
 */
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
  {
    // Raised by the alarm engine, not the inverter: readings metering set aside as implausible
    // (alarm-readings.ts, decision 031), one alarm per episode.
    faultCode: 'INV-IMPLAUSIBLE',
    deviceType: 'INVERTER',
    alarmLevel: 'INFO',
    t: {
      'zh-CN': [
        '该设备的读数不可信',
        '该逆变器的计数器读数出现了任何设备都不可能产生的跳变、回落或归零，计量已将这些读数搁置，不计入发电量。请在设备详情的“存疑读数”中查看：若确为真实读数（例如更换了电表或设备），可采纳；否则排除。常见原因是通信干扰或采集器读取寄存器出错，反复出现时请检查 RS485 接线并升级采集器固件。24 小时内没有新的存疑读数或全部读数都已处理后，告警自动结束。',
      ],
      'en-GB': [
        'Implausible readings from this device',
        'The inverter’s counters jumped, fell or read zero in a way no device could produce, and metering set those readings aside: they count for no energy. Look at them under “Set-aside readings” on the device’s detail: accept one that was real (a new meter or device), keep out the others. The usual cause is interference or the dongle misreading a register; if it keeps happening, check the RS485 wiring and update the dongle’s firmware. The alarm ends by itself after 24 hours without new set-aside readings, or once all of them are decided.',
      ],
      'de-DE': [
        'Unplausible Messwerte dieses Geräts',
        'Die Zähler des Wechselrichters sind gesprungen, gefallen oder standen auf null, wie es kein Gerät erzeugen kann; die Energiezählung hat diese Messwerte zurückgestellt, sie zählen keine Energie. Unter „Zurückgestellte Messwerte“ im Gerätedetail prüfen: einen echten Wert (neuer Zähler oder neues Gerät) übernehmen, die anderen ausschließen. Meist sind Störungen oder ein falsch gelesenes Register des Dongles die Ursache; tritt es immer wieder auf, die RS485-Verdrahtung prüfen und die Firmware des Dongles aktualisieren. Der Alarm endet von selbst nach 24 Stunden ohne neue zurückgestellte Messwerte oder sobald über alle entschieden ist.',
      ],
      'it-IT': [
        'Letture non plausibili da questo dispositivo',
        'I contatori dell’inverter sono saltati, scesi o andati a zero in un modo che nessun dispositivo può produrre, e il conteggio dell’energia ha accantonato quelle letture: non contano alcuna energia. Controllarle in “Letture accantonate” nel dettaglio del dispositivo: accettare quella reale (un nuovo contatore o dispositivo), escludere le altre. Di solito la causa sono disturbi o un registro letto male dal dongle; se si ripete, verificare il cablaggio RS485 e aggiornare il firmware del dongle. L’allarme termina da solo dopo 24 ore senza nuove letture accantonate o quando si è deciso su tutte.',
      ],
      'nl-NL': [
        'Onwaarschijnlijke metingen van dit apparaat',
        'De tellers van de omvormer zijn gesprongen, gedaald of op nul gekomen op een manier die geen apparaat kan veroorzaken, en de energietelling heeft die metingen apart gezet: ze tellen geen energie. Bekijk ze onder „Apart gezette metingen” in het apparaatdetail: accepteer een meting die echt was (een nieuwe meter of een nieuw apparaat), sluit de andere uit. Meestal zijn storingen of een verkeerd gelezen register van de dongle de oorzaak; blijft het gebeuren, controleer dan de RS485-bedrading en werk de firmware van de dongle bij. Het alarm eindigt vanzelf na 24 uur zonder nieuwe apart gezette metingen, of zodra over alle is beslist.',
      ],
      'fr-FR': [
        'Relevés invraisemblables de cet appareil',
        'Les compteurs de l’onduleur ont sauté, baissé ou affiché zéro d’une façon qu’aucun appareil ne peut produire, et le comptage d’énergie a mis ces relevés de côté : ils ne comptent aucune énergie. Les examiner sous « Relevés mis de côté » dans le détail de l’appareil : accepter celui qui était réel (un nouveau compteur ou appareil), exclure les autres. La cause habituelle est une perturbation ou un registre mal lu par le dongle ; si cela se répète, vérifier le câblage RS485 et mettre à jour le micrologiciel du dongle. L’alarme se termine d’elle-même après 24 heures sans nouveau relevé mis de côté, ou dès qu’ils sont tous décidés.',
      ],
      'es-ES': [
        'Lecturas inverosímiles de este dispositivo',
        'Los contadores del inversor han saltado, bajado o marcado cero de una forma que ningún dispositivo puede producir, y el cómputo de energía ha apartado esas lecturas: no cuentan energía. Revisarlas en «Lecturas apartadas» en el detalle del dispositivo: aceptar la que era real (un contador o dispositivo nuevo), excluir las demás. La causa habitual son interferencias o un registro mal leído por el dongle; si se repite, revisar el cableado RS485 y actualizar el firmware del dongle. La alarma termina sola tras 24 horas sin nuevas lecturas apartadas, o cuando se ha decidido sobre todas.',
      ],
      'pl-PL': [
        'Nieprawdopodobne odczyty z tego urządzenia',
        'Liczniki falownika skoczyły, spadły lub wskazały zero w sposób, którego żadne urządzenie nie może wywołać, a zliczanie energii odłożyło te odczyty: nie liczą żadnej energii. Sprawdź je w sekcji „Odłożone odczyty” w szczegółach urządzenia: zaakceptuj odczyt prawdziwy (nowy licznik lub urządzenie), pozostałe wyklucz. Zwykle przyczyną są zakłócenia lub błędnie odczytany rejestr dongla; jeśli to się powtarza, sprawdź okablowanie RS485 i zaktualizuj oprogramowanie dongla. Alarm kończy się sam po 24 godzinach bez nowych odłożonych odczytów lub gdy o wszystkich zdecydowano.',
      ],
    },
  },
];
