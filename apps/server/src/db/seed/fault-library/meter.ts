import type { LibraryEntry } from '../fault-library.ts';

/** Meter faults of the seeded library: [message, fix advice] per language. */
export const METER_FAULTS: LibraryEntry[] = [
  {
    faultCode: 'MTR-COMM',
    deviceType: 'METER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '电表通信故障',
        '检查电表与逆变器之间 RS485 的 A/B 线是否接反、通信地址和波特率是否匹配；没有电表数据时零输出控制无法工作。',
      ],
      'en-GB': [
        'Meter communication fault',
        'Check the RS485 A/B wires between meter and inverter (swapped?), the meter address and baud rate. Without meter data, export limitation does not work.',
      ],
      'de-DE': [
        'Kommunikationsfehler Zähler',
        'RS485-Adern A/B zwischen Zähler und Wechselrichter (vertauscht?), Zähleradresse und Baudrate prüfen. Ohne Zählerdaten funktioniert die Einspeisebegrenzung nicht.',
      ],
      'it-IT': [
        'Errore di comunicazione contatore',
        'Verificare i fili RS485 A/B tra contatore e inverter (invertiti?), l’indirizzo e il baud rate del contatore. Senza dati del contatore la limitazione di immissione non funziona.',
      ],
      'nl-NL': [
        'Communicatiefout meter',
        'Controleer de RS485-aders A/B tussen meter en omvormer (verwisseld?), het meteradres en de baudrate. Zonder meterdata werkt de terugleverbegrenzing niet.',
      ],
      'fr-FR': [
        'Défaut de communication compteur',
        'Vérifier les fils RS485 A/B entre compteur et onduleur (inversés ?), l’adresse et le débit du compteur. Sans données du compteur, la limitation d’injection ne fonctionne pas.',
      ],
      'es-ES': [
        'Fallo de comunicación del contador',
        'Revisar los hilos RS485 A/B entre contador e inversor (¿invertidos?), la dirección y la velocidad del contador. Sin datos del contador, la limitación de inyección no funciona.',
      ],
      'pl-PL': [
        'Błąd komunikacji licznika',
        'Sprawdź przewody RS485 A/B między licznikiem a falownikiem (zamienione?), adres licznika i prędkość transmisji. Bez danych z licznika ograniczenie oddawania energii nie działa.',
      ],
    },
  },
  {
    faultCode: 'MTR-CT-REV',
    deviceType: 'METER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '电流互感器方向接反',
        '夜间无光伏时若显示向电网送电，说明 CT 方向接反；按箭头指向电网的方向重新安装或在电表中反向设置。',
      ],
      'en-GB': [
        'Current transformer reversed',
        'If the meter shows export at night with no PV, a CT is reversed. Refit it with the arrow pointing as the manual says, or invert the direction in the meter settings.',
      ],
      'de-DE': [
        'Stromwandler verkehrt herum',
        'Zeigt der Zähler nachts ohne PV eine Einspeisung, ist ein Wandler verdreht. Mit dem Pfeil laut Handbuch neu montieren oder die Richtung in den Zählereinstellungen umkehren.',
      ],
      'it-IT': [
        'Trasformatore di corrente invertito',
        'Se di notte, senza FV, il contatore mostra immissione, un TA è invertito. Rimontarlo con la freccia come da manuale o invertire la direzione nelle impostazioni del contatore.',
      ],
      'nl-NL': [
        'Stroomtransformator omgekeerd',
        'Toont de meter ’s nachts zonder PV teruglevering, dan zit een stroomtrafo verkeerd om. Monteer hem met de pijl volgens de handleiding of keer de richting om in de meterinstellingen.',
      ],
      'fr-FR': [
        'Transformateur de courant inversé',
        'Si le compteur indique de l’injection la nuit sans PV, un TC est inversé. Le remonter avec la flèche dans le sens du manuel ou inverser le sens dans les réglages du compteur.',
      ],
      'es-ES': [
        'Transformador de corriente invertido',
        'Si de noche, sin FV, el contador muestra inyección, un TC está invertido. Volver a montarlo con la flecha según el manual o invertir el sentido en los ajustes del contador.',
      ],
      'pl-PL': [
        'Odwrócony przekładnik prądowy',
        'Jeśli w nocy bez PV licznik pokazuje oddawanie energii, przekładnik jest odwrócony. Zamontuj go ze strzałką zgodnie z instrukcją lub odwróć kierunek w ustawieniach licznika.',
      ],
    },
  },
  {
    faultCode: 'MTR-PHASE',
    deviceType: 'METER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '电表缺相或相序错误',
        '核对电表电压线与电流互感器是否同相对应（L1/L2/L3）；检查电压采样线是否松动。',
      ],
      'en-GB': [
        'Meter phase missing or in wrong order',
        'Make sure each CT sits on the same phase as its voltage wire (L1/L2/L3) and that no voltage sense wire is loose.',
      ],
      'de-DE': [
        'Zähler: Phase fehlt oder falsche Reihenfolge',
        'Sicherstellen, dass jeder Wandler auf derselben Phase sitzt wie seine Spannungsleitung (L1/L2/L3) und keine Messleitung lose ist.',
      ],
      'it-IT': [
        'Contatore: fase mancante o sequenza errata',
        'Verificare che ogni TA sia sulla stessa fase del relativo filo di tensione (L1/L2/L3) e che nessun filo di misura sia allentato.',
      ],
      'nl-NL': [
        'Meter: fase ontbreekt of verkeerde volgorde',
        'Zorg dat elke stroomtrafo op dezelfde fase zit als zijn spanningsdraad (L1/L2/L3) en dat geen meetdraad los zit.',
      ],
      'fr-FR': [
        'Compteur : phase manquante ou ordre incorrect',
        'S’assurer que chaque TC est sur la même phase que son fil de tension (L1/L2/L3) et qu’aucun fil de mesure n’est desserré.',
      ],
      'es-ES': [
        'Contador: falta una fase o secuencia incorrecta',
        'Asegurar que cada TC está en la misma fase que su hilo de tensión (L1/L2/L3) y que ningún hilo de medida está suelto.',
      ],
      'pl-PL': [
        'Licznik: brak fazy lub zła kolejność faz',
        'Upewnij się, że każdy przekładnik jest na tej samej fazie co jego przewód napięciowy (L1/L2/L3) i że żaden przewód pomiarowy nie jest luźny.',
      ],
    },
  },
  {
    faultCode: 'MTR-V-ABN',
    deviceType: 'METER',
    alarmLevel: 'INFO',
    t: {
      'zh-CN': ['电表测得电压异常', '用万用表核对电表读数；若读数正确而电压确实异常，通知电网公司。'],
      'en-GB': [
        'Abnormal voltage measured by meter',
        'Compare the meter reading with a multimeter. If the reading is right and the voltage really is abnormal, inform the grid operator.',
      ],
      'de-DE': [
        'Zähler misst auffällige Spannung',
        'Zählerwert mit einem Multimeter vergleichen. Stimmt der Wert und ist die Spannung wirklich auffällig, den Netzbetreiber informieren.',
      ],
      'it-IT': [
        'Tensione anomala misurata dal contatore',
        'Confrontare la lettura del contatore con un multimetro. Se la lettura è giusta e la tensione è davvero anomala, informare il distributore.',
      ],
      'nl-NL': [
        'Afwijkende spanning gemeten door meter',
        'Vergelijk de meterwaarde met een multimeter. Klopt de waarde en is de spanning echt afwijkend, meld het dan bij de netbeheerder.',
      ],
      'fr-FR': [
        'Tension anormale mesurée par le compteur',
        'Comparer la valeur du compteur avec un multimètre. Si elle est juste et la tension réellement anormale, prévenir le gestionnaire de réseau.',
      ],
      'es-ES': [
        'Tensión anómala medida por el contador',
        'Comparar la lectura del contador con un multímetro. Si la lectura es correcta y la tensión es realmente anómala, avisar a la distribuidora.',
      ],
      'pl-PL': [
        'Licznik mierzy nieprawidłowe napięcie',
        'Porównaj odczyt licznika z multimetrem. Jeśli odczyt jest poprawny, a napięcie faktycznie nieprawidłowe, powiadom operatora sieci.',
      ],
    },
  },
  {
    faultCode: 'MTR-COMM-LOST',
    deviceType: 'METER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '电表通信中断（无数据）',
        '检查电表供电和与数据采集器/逆变器之间的通信线；确认电表地址未被修改。',
      ],
      'en-GB': [
        'Meter communication lost (no data)',
        'Check the meter’s power supply and its communication cable to the dongle or inverter, and that the meter address has not been changed.',
      ],
      'de-DE': [
        'Kommunikation mit Zähler verloren (keine Daten)',
        'Stromversorgung des Zählers und seine Kommunikationsleitung zu Dongle oder Wechselrichter prüfen, ebenso ob die Zähleradresse verändert wurde.',
      ],
      'it-IT': [
        'Comunicazione con il contatore persa (nessun dato)',
        'Verificare l’alimentazione del contatore, il cavo di comunicazione verso dongle o inverter e che l’indirizzo del contatore non sia stato cambiato.',
      ],
      'nl-NL': [
        'Communicatie met meter verloren (geen data)',
        'Controleer de voeding van de meter, de communicatiekabel naar dongle of omvormer en of het meteradres niet is gewijzigd.',
      ],
      'fr-FR': [
        'Communication avec le compteur perdue (aucune donnée)',
        'Vérifier l’alimentation du compteur, son câble de communication vers le dongle ou l’onduleur et que son adresse n’a pas été modifiée.',
      ],
      'es-ES': [
        'Comunicación con el contador perdida (sin datos)',
        'Comprobar la alimentación del contador, su cable de comunicación al dongle o al inversor y que su dirección no se ha cambiado.',
      ],
      'pl-PL': [
        'Utracona komunikacja z licznikiem (brak danych)',
        'Sprawdź zasilanie licznika, kabel komunikacyjny do dongla lub falownika oraz czy adres licznika nie został zmieniony.',
      ],
    },
  },
  // Dongle
];
