import type { LibraryEntry } from '../fault-library.ts';

/** Inverter grid-side faults (voltage, frequency, islanding) of the seeded library: [message, fix advice] per language. */
export const INVERTER_GRID_FAULTS: LibraryEntry[] = [
  {
    faultCode: 'INV-GRID-OV',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '电网过压',
        '测量并网点电压；若持续高于限值，检查交流线缆截面和长度，必要时联系电网公司调整变压器档位。',
      ],
      'en-GB': [
        'Grid over-voltage',
        'Measure the voltage at the grid connection point. If it stays above the limit, check the AC cable cross-section and length, and ask the grid operator to check the transformer tap.',
      ],
      'de-DE': [
        'Netzüberspannung',
        'Spannung am Netzanschlusspunkt messen. Bleibt sie über dem Grenzwert, Querschnitt und Länge der AC-Leitung prüfen und den Netzbetreiber um Prüfung der Trafostufe bitten.',
      ],
      'it-IT': [
        'Sovratensione di rete',
        'Misurare la tensione al punto di connessione. Se resta oltre il limite, verificare sezione e lunghezza del cavo AC e chiedere al distributore di controllare il trasformatore.',
      ],
      'nl-NL': [
        'Netoverspanning',
        'Meet de spanning op het aansluitpunt. Blijft die boven de grens, controleer dan doorsnede en lengte van de AC-kabel en vraag de netbeheerder de transformatorstand te controleren.',
      ],
      'fr-FR': [
        'Surtension réseau',
        'Mesurer la tension au point de raccordement. Si elle reste au-dessus de la limite, vérifier la section et la longueur du câble AC et demander au gestionnaire de réseau de contrôler le transformateur.',
      ],
      'es-ES': [
        'Sobretensión de red',
        'Medir la tensión en el punto de conexión. Si sigue por encima del límite, revisar la sección y longitud del cable de CA y pedir a la distribuidora que revise el transformador.',
      ],
      'pl-PL': [
        'Przepięcie sieci',
        'Zmierz napięcie w punkcie przyłączenia. Jeśli stale przekracza limit, sprawdź przekrój i długość kabla AC i poproś operatora sieci o sprawdzenie transformatora.',
      ],
    },
  },
  {
    faultCode: 'INV-GRID-UV',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '电网欠压',
        '检查交流断路器是否闭合、接线端子是否松动；测量电网电压，若确实偏低请联系电网公司。',
      ],
      'en-GB': [
        'Grid under-voltage',
        'Check that the AC breaker is closed and the terminals are tight. Measure the grid voltage; if it is really low, contact the grid operator.',
      ],
      'de-DE': [
        'Netzunterspannung',
        'Prüfen, ob der AC-Leitungsschutzschalter eingeschaltet und die Klemmen fest sind. Netzspannung messen; ist sie tatsächlich zu niedrig, den Netzbetreiber kontaktieren.',
      ],
      'it-IT': [
        'Sottotensione di rete',
        'Verificare che l’interruttore AC sia chiuso e i morsetti serrati. Misurare la tensione di rete; se è davvero bassa, contattare il distributore.',
      ],
      'nl-NL': [
        'Netonderspanning',
        'Controleer of de AC-automaat aan staat en de klemmen vastzitten. Meet de netspanning; is die echt te laag, neem dan contact op met de netbeheerder.',
      ],
      'fr-FR': [
        'Sous-tension réseau',
        'Vérifier que le disjoncteur AC est fermé et les bornes serrées. Mesurer la tension réseau ; si elle est réellement basse, contacter le gestionnaire de réseau.',
      ],
      'es-ES': [
        'Subtensión de red',
        'Comprobar que el magnetotérmico de CA está cerrado y los bornes apretados. Medir la tensión de red; si es realmente baja, contactar con la distribuidora.',
      ],
      'pl-PL': [
        'Zbyt niskie napięcie sieci',
        'Sprawdź, czy wyłącznik AC jest załączony, a zaciski dokręcone. Zmierz napięcie sieci; jeśli faktycznie jest za niskie, skontaktuj się z operatorem sieci.',
      ],
    },
  },
  {
    faultCode: 'INV-GRID-OF',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '电网过频',
        '短时出现通常由电网引起，逆变器会自动恢复；频繁出现时检查并网标准（国家代码）设置是否正确。',
      ],
      'en-GB': [
        'Grid over-frequency',
        'Short events come from the grid and clear by themselves. If it happens often, check that the grid code (country setting) of the inverter is correct.',
      ],
      'de-DE': [
        'Netzüberfrequenz',
        'Kurze Ereignisse kommen aus dem Netz und verschwinden von selbst. Bei häufigem Auftreten die eingestellte Netznorm (Ländereinstellung) des Wechselrichters prüfen.',
      ],
      'it-IT': [
        'Sovrafrequenza di rete',
        'Eventi brevi dipendono dalla rete e rientrano da soli. Se frequenti, verificare che il codice di rete (paese) impostato nell’inverter sia corretto.',
      ],
      'nl-NL': [
        'Netoverfrequentie',
        'Korte gebeurtenissen komen van het net en verdwijnen vanzelf. Gebeurt het vaak, controleer dan of de netcode (landinstelling) van de omvormer klopt.',
      ],
      'fr-FR': [
        'Surfréquence réseau',
        'Les événements brefs viennent du réseau et disparaissent seuls. S’ils sont fréquents, vérifier que le code réseau (pays) de l’onduleur est correct.',
      ],
      'es-ES': [
        'Sobrefrecuencia de red',
        'Los eventos cortos vienen de la red y se resuelven solos. Si son frecuentes, comprobar que el código de red (país) del inversor es el correcto.',
      ],
      'pl-PL': [
        'Zbyt wysoka częstotliwość sieci',
        'Krótkie zdarzenia pochodzą z sieci i ustępują same. Jeśli występują często, sprawdź poprawność kodu sieci (ustawienia kraju) falownika.',
      ],
    },
  },
  {
    faultCode: 'INV-GRID-UF',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': ['电网欠频', '确认逆变器的国家/并网标准设置；若使用发电机或离网系统，检查其频率是否稳定。'],
      'en-GB': [
        'Grid under-frequency',
        'Confirm the country / grid code setting. If the site runs on a generator or an off-grid system, check that its frequency is stable.',
      ],
      'de-DE': [
        'Netzunterfrequenz',
        'Länder- bzw. Netznormeinstellung prüfen. Läuft die Anlage an einem Generator oder Inselnetz, dessen Frequenzstabilität prüfen.',
      ],
      'it-IT': [
        'Sottofrequenza di rete',
        'Verificare l’impostazione del paese / codice di rete. Se l’impianto funziona con un generatore o in isola, controllarne la stabilità di frequenza.',
      ],
      'nl-NL': [
        'Netonderfrequentie',
        'Controleer de land- of netcode-instelling. Draait de installatie op een generator of eilandnet, controleer dan of de frequentie stabiel is.',
      ],
      'fr-FR': [
        'Sous-fréquence réseau',
        'Vérifier le réglage du pays / code réseau. Si le site fonctionne sur groupe électrogène ou en site isolé, contrôler la stabilité de sa fréquence.',
      ],
      'es-ES': [
        'Subfrecuencia de red',
        'Confirmar el ajuste de país / código de red. Si la instalación funciona con generador o aislada, comprobar que su frecuencia es estable.',
      ],
      'pl-PL': [
        'Zbyt niska częstotliwość sieci',
        'Sprawdź ustawienie kraju / kodu sieci. Jeśli instalacja pracuje z agregatem lub w wyspie, sprawdź stabilność jego częstotliwości.',
      ],
    },
  },
  {
    faultCode: 'INV-ISLAND',
    deviceType: 'INVERTER',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '检测到孤岛（电网断开）',
        '确认电网是否停电、交流断路器是否跳闸；检查三相是否都已连接。电网恢复后逆变器会自动重新并网。',
      ],
      'en-GB': [
        'Islanding detected (grid lost)',
        'Check for a power cut and whether the AC breaker has tripped; make sure all phases are connected. The inverter reconnects by itself once the grid is back.',
      ],
      'de-DE': [
        'Inselbildung erkannt (Netz ausgefallen)',
        'Auf Stromausfall und ausgelösten AC-Schutzschalter prüfen; sicherstellen, dass alle Phasen angeschlossen sind. Der Wechselrichter schaltet sich bei Netzwiederkehr selbst zu.',
      ],
      'it-IT': [
        'Funzionamento in isola rilevato (rete assente)',
        'Verificare se c’è un blackout o se l’interruttore AC è scattato; controllare che tutte le fasi siano collegate. L’inverter si riconnette da solo al ritorno della rete.',
      ],
      'nl-NL': [
        'Eilandbedrijf gedetecteerd (net weg)',
        'Controleer op een stroomstoring en of de AC-automaat is uitgeschakeld; zorg dat alle fasen zijn aangesloten. De omvormer schakelt zelf weer in zodra het net terug is.',
      ],
      'fr-FR': [
        'Îlotage détecté (réseau perdu)',
        'Vérifier s’il y a une coupure de courant ou si le disjoncteur AC a déclenché ; s’assurer que toutes les phases sont raccordées. L’onduleur se reconnecte seul au retour du réseau.',
      ],
      'es-ES': [
        'Funcionamiento en isla detectado (red perdida)',
        'Comprobar si hay un corte de suministro o si ha saltado el magnetotérmico de CA; asegurar que todas las fases están conectadas. El inversor se reconecta solo al volver la red.',
      ],
      'pl-PL': [
        'Wykryto pracę wyspową (brak sieci)',
        'Sprawdź, czy jest zanik zasilania lub czy zadziałał wyłącznik AC; upewnij się, że wszystkie fazy są podłączone. Falownik sam połączy się ponownie po powrocie sieci.',
      ],
    },
  },
];
