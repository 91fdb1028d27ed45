import type { LibraryEntry } from '../fault-library.ts';

/** Heat pump faults of the seeded library: [message, fix advice] per language. */
export const HEAT_PUMP_FAULTS: LibraryEntry[] = [
  {
    faultCode: 'HP-HIGH-PRESS',
    deviceType: 'HEAT_PUMP',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '热泵高压保护',
        '检查循环水泵是否运行、过滤器是否堵塞、阀门是否打开；排除水路问题后仍出现请联系制冷专业人员。',
      ],
      'en-GB': [
        'Heat pump high-pressure trip',
        'Check that the circulation pump runs, the strainer is clean and the valves are open. If it persists with good water flow, call a refrigeration technician.',
      ],
      'de-DE': [
        'Wärmepumpe: Hochdruckstörung',
        'Prüfen, ob die Umwälzpumpe läuft, der Schmutzfänger sauber ist und die Ventile offen sind. Bleibt die Störung bei gutem Durchfluss, einen Kältetechniker rufen.',
      ],
      'it-IT': [
        'Pompa di calore: intervento alta pressione',
        'Verificare che il circolatore funzioni, il filtro sia pulito e le valvole aperte. Se persiste con portata corretta, chiamare un tecnico frigorista.',
      ],
      'nl-NL': [
        'Warmtepomp: hogedrukstoring',
        'Controleer of de circulatiepomp draait, het vuilfilter schoon is en de kranen open staan. Blijft het bij goede doorstroming, schakel dan een koeltechnicus in.',
      ],
      'fr-FR': [
        'Pompe à chaleur : défaut haute pression',
        'Vérifier que le circulateur fonctionne, que le filtre est propre et que les vannes sont ouvertes. Si le défaut persiste avec un bon débit, appeler un frigoriste.',
      ],
      'es-ES': [
        'Bomba de calor: disparo por alta presión',
        'Comprobar que la bomba de circulación funciona, el filtro está limpio y las válvulas abiertas. Si persiste con buen caudal, llamar a un técnico frigorista.',
      ],
      'pl-PL': [
        'Pompa ciepła: zadziałanie presostatu wysokiego ciśnienia',
        'Sprawdź, czy pompa obiegowa pracuje, filtr jest czysty, a zawory otwarte. Jeśli błąd występuje przy prawidłowym przepływie, wezwij technika chłodnictwa.',
      ],
    },
  },
  {
    faultCode: 'HP-SENSOR',
    deviceType: 'HEAT_PUMP',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '热泵温度传感器故障',
        '根据热泵显示的传感器编号检查对应探头的接线；测量探头阻值与厂家阻值表比对，异常则更换。',
      ],
      'en-GB': [
        'Heat pump temperature sensor fault',
        'Check the wiring of the sensor the heat pump names. Measure its resistance against the manufacturer’s table and replace it if it is out of range.',
      ],
      'de-DE': [
        'Wärmepumpe: Temperaturfühler defekt',
        'Verdrahtung des von der Wärmepumpe genannten Fühlers prüfen. Widerstand messen, mit der Herstellertabelle vergleichen und den Fühler bei Abweichung tauschen.',
      ],
      'it-IT': [
        'Pompa di calore: sonda di temperatura guasta',
        'Verificare il cablaggio della sonda indicata dalla pompa di calore. Misurarne la resistenza confrontandola con la tabella del produttore e sostituirla se fuori valore.',
      ],
      'nl-NL': [
        'Warmtepomp: temperatuurvoeler defect',
        'Controleer de bedrading van de voeler die de warmtepomp noemt. Meet de weerstand, vergelijk met de tabel van de fabrikant en vervang de voeler bij afwijking.',
      ],
      'fr-FR': [
        'Pompe à chaleur : sonde de température défectueuse',
        'Vérifier le câblage de la sonde indiquée par la pompe à chaleur. Mesurer sa résistance, la comparer au tableau du fabricant et la remplacer si elle est hors plage.',
      ],
      'es-ES': [
        'Bomba de calor: sonda de temperatura averiada',
        'Revisar el cableado de la sonda que indica la bomba de calor. Medir su resistencia, compararla con la tabla del fabricante y sustituirla si está fuera de rango.',
      ],
      'pl-PL': [
        'Pompa ciepła: uszkodzony czujnik temperatury',
        'Sprawdź okablowanie czujnika wskazanego przez pompę ciepła. Zmierz jego rezystancję, porównaj z tabelą producenta i wymień czujnik, jeśli odbiega od normy.',
      ],
    },
  },
  {
    faultCode: 'HP-COMM-LOST',
    deviceType: 'HEAT_PUMP',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '热泵通信中断（无数据）',
        '检查热泵通信模块（Modbus/SG-Ready 网关）的供电和接线，确认通信地址与设置一致。',
      ],
      'en-GB': [
        'Heat pump communication lost (no data)',
        'Check power and wiring of the heat pump’s communication module (Modbus / SG-Ready gateway) and that its address matches the settings.',
      ],
      'de-DE': [
        'Kommunikation mit Wärmepumpe verloren (keine Daten)',
        'Stromversorgung und Verdrahtung des Kommunikationsmoduls der Wärmepumpe (Modbus / SG-Ready-Gateway) prüfen und ob die Adresse zu den Einstellungen passt.',
      ],
      'it-IT': [
        'Comunicazione con la pompa di calore persa (nessun dato)',
        'Verificare alimentazione e cablaggio del modulo di comunicazione della pompa di calore (gateway Modbus / SG-Ready) e che l’indirizzo corrisponda alle impostazioni.',
      ],
      'nl-NL': [
        'Communicatie met warmtepomp verloren (geen data)',
        'Controleer voeding en bedrading van de communicatiemodule van de warmtepomp (Modbus / SG-Ready-gateway) en of het adres overeenkomt met de instellingen.',
      ],
      'fr-FR': [
        'Communication avec la pompe à chaleur perdue (aucune donnée)',
        'Vérifier l’alimentation et le câblage du module de communication de la pompe à chaleur (passerelle Modbus / SG-Ready) et que son adresse correspond aux réglages.',
      ],
      'es-ES': [
        'Comunicación con la bomba de calor perdida (sin datos)',
        'Comprobar la alimentación y el cableado del módulo de comunicación de la bomba de calor (pasarela Modbus / SG-Ready) y que su dirección coincide con la configuración.',
      ],
      'pl-PL': [
        'Utracona komunikacja z pompą ciepła (brak danych)',
        'Sprawdź zasilanie i okablowanie modułu komunikacyjnego pompy ciepła (bramka Modbus / SG-Ready) oraz czy jego adres zgadza się z ustawieniami.',
      ],
    },
  },
];
