import type { LibraryEntry } from '../fault-library.ts';

/** Battery faults of the seeded library: [message, fix advice] per language. */
export const BATTERY_FAULTS: LibraryEntry[] = [
  {
    faultCode: 'BAT-BMS-COMM',
    deviceType: 'BATTERY',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        'BMS 通信故障',
        '检查逆变器与电池之间的 CAN/RS485 通信线、终端电阻和拨码地址；确认逆变器中选择的电池型号正确。',
      ],
      'en-GB': [
        'BMS communication fault',
        'Check the CAN/RS485 cable between inverter and battery, the termination resistor and the DIP address. Make sure the battery model selected on the inverter is correct.',
      ],
      'de-DE': [
        'BMS-Kommunikationsfehler',
        'CAN/RS485-Leitung zwischen Wechselrichter und Batterie, Abschlusswiderstand und DIP-Adresse prüfen. Sicherstellen, dass am Wechselrichter das richtige Batteriemodell gewählt ist.',
      ],
      'it-IT': [
        'Errore di comunicazione BMS',
        'Verificare il cavo CAN/RS485 tra inverter e batteria, la resistenza di terminazione e l’indirizzo DIP. Assicurarsi che il modello di batteria selezionato nell’inverter sia corretto.',
      ],
      'nl-NL': [
        'BMS-communicatiefout',
        'Controleer de CAN/RS485-kabel tussen omvormer en batterij, de afsluitweerstand en het DIP-adres. Zorg dat op de omvormer het juiste batterijmodel is gekozen.',
      ],
      'fr-FR': [
        'Défaut de communication BMS',
        'Vérifier le câble CAN/RS485 entre onduleur et batterie, la résistance de terminaison et l’adresse DIP. S’assurer que le modèle de batterie choisi sur l’onduleur est le bon.',
      ],
      'es-ES': [
        'Fallo de comunicación del BMS',
        'Revisar el cable CAN/RS485 entre inversor y batería, la resistencia de terminación y la dirección DIP. Asegurar que el modelo de batería seleccionado en el inversor es el correcto.',
      ],
      'pl-PL': [
        'Błąd komunikacji BMS',
        'Sprawdź kabel CAN/RS485 między falownikiem a baterią, rezystor terminujący i adres DIP. Upewnij się, że w falowniku wybrano właściwy model baterii.',
      ],
    },
  },
  {
    faultCode: 'BAT-CELL-OV',
    deviceType: 'BATTERY',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '电芯过压',
        '停止充电并检查充电电压上限设置是否与电池规格一致；若单体电压持续偏高，联系电池厂家进行均衡或维修。',
      ],
      'en-GB': [
        'Cell over-voltage',
        'Charging stops. Check that the charge voltage limit matches the battery data sheet. If one cell stays high, ask the battery manufacturer for balancing or repair.',
      ],
      'de-DE': [
        'Zellüberspannung',
        'Das Laden wird gestoppt. Prüfen, ob die Ladeschlussspannung zum Batteriedatenblatt passt. Bleibt eine Zelle zu hoch, beim Batteriehersteller Balancing oder Reparatur anfragen.',
      ],
      'it-IT': [
        'Sovratensione cella',
        'La carica si ferma. Verificare che il limite di tensione di carica corrisponda alla scheda tecnica della batteria. Se una cella resta alta, chiedere al produttore un bilanciamento o la riparazione.',
      ],
      'nl-NL': [
        'Celoverspanning',
        'Het laden stopt. Controleer of de laadspanningsgrens overeenkomt met het batterijdatablad. Blijft één cel te hoog, vraag de batterijfabrikant om balancering of reparatie.',
      ],
      'fr-FR': [
        'Surtension de cellule',
        'La charge s’arrête. Vérifier que la tension de fin de charge correspond à la fiche technique de la batterie. Si une cellule reste haute, demander un équilibrage ou une réparation au fabricant.',
      ],
      'es-ES': [
        'Sobretensión de celda',
        'La carga se detiene. Comprobar que el límite de tensión de carga coincide con la ficha técnica de la batería. Si una celda sigue alta, pedir al fabricante un equilibrado o reparación.',
      ],
      'pl-PL': [
        'Przepięcie ogniwa',
        'Ładowanie zostaje zatrzymane. Sprawdź, czy limit napięcia ładowania zgadza się z kartą katalogową baterii. Jeśli jedno ogniwo pozostaje za wysokie, poproś producenta o balansowanie lub naprawę.',
      ],
    },
  },
  {
    faultCode: 'BAT-CELL-UV',
    deviceType: 'BATTERY',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '电芯欠压',
        '电池深度放电：尽快用光伏或电网为电池充电（必要时启用强制充电）；检查放电截止 SOC 设置是否过低。',
      ],
      'en-GB': [
        'Cell under-voltage',
        'The battery is deeply discharged: charge it from PV or the grid as soon as possible (force charge if needed) and check that the discharge cut-off SOC is not set too low.',
      ],
      'de-DE': [
        'Zellunterspannung',
        'Die Batterie ist tiefentladen: schnellstmöglich über PV oder Netz laden (bei Bedarf Zwangsladung) und prüfen, ob der Entlade-Abschalt-SOC zu niedrig eingestellt ist.',
      ],
      'it-IT': [
        'Sottotensione cella',
        'La batteria è scarica in profondità: caricarla al più presto da FV o rete (carica forzata se serve) e verificare che lo SOC di fine scarica non sia troppo basso.',
      ],
      'nl-NL': [
        'Celonderspanning',
        'De batterij is diep ontladen: laad hem zo snel mogelijk via PV of net (zo nodig geforceerd laden) en controleer of de ontlaadgrens (SOC) niet te laag staat.',
      ],
      'fr-FR': [
        'Sous-tension de cellule',
        'La batterie est profondément déchargée : la recharger au plus vite par le PV ou le réseau (charge forcée si besoin) et vérifier que le SOC de fin de décharge n’est pas trop bas.',
      ],
      'es-ES': [
        'Subtensión de celda',
        'La batería está muy descargada: cargarla cuanto antes desde FV o red (carga forzada si hace falta) y comprobar que el SOC de corte de descarga no es demasiado bajo.',
      ],
      'pl-PL': [
        'Zbyt niskie napięcie ogniwa',
        'Bateria jest głęboko rozładowana: jak najszybciej naładuj ją z PV lub sieci (w razie potrzeby wymuszone ładowanie) i sprawdź, czy próg SOC końca rozładowania nie jest za niski.',
      ],
    },
  },
  {
    faultCode: 'BAT-CELL-OT',
    deviceType: 'BATTERY',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '电芯温度过高',
        '确认电池安装环境通风良好、远离热源且环境温度在规格范围内；若温度持续上升，断开电池并联系厂家。',
      ],
      'en-GB': [
        'Cell temperature too high',
        'Make sure the battery is ventilated, away from heat sources and within its ambient temperature range. If the temperature keeps rising, disconnect the battery and contact the manufacturer.',
      ],
      'de-DE': [
        'Zelltemperatur zu hoch',
        'Sicherstellen, dass die Batterie belüftet, fern von Wärmequellen und im zulässigen Umgebungstemperaturbereich steht. Steigt die Temperatur weiter, Batterie trennen und Hersteller kontaktieren.',
      ],
      'it-IT': [
        'Temperatura cella troppo alta',
        'Assicurarsi che la batteria sia ventilata, lontana da fonti di calore e nel suo intervallo di temperatura ambiente. Se la temperatura continua a salire, scollegare la batteria e contattare il produttore.',
      ],
      'nl-NL': [
        'Celtemperatuur te hoog',
        'Zorg dat de batterij geventileerd is, uit de buurt van warmtebronnen staat en binnen het omgevingstemperatuurbereik blijft. Stijgt de temperatuur verder, koppel de batterij los en neem contact op met de fabrikant.',
      ],
      'fr-FR': [
        'Température de cellule trop élevée',
        'S’assurer que la batterie est ventilée, éloignée des sources de chaleur et dans sa plage de température ambiante. Si la température continue de monter, déconnecter la batterie et contacter le fabricant.',
      ],
      'es-ES': [
        'Temperatura de celda demasiado alta',
        'Asegurar que la batería está ventilada, lejos de fuentes de calor y dentro de su rango de temperatura ambiente. Si la temperatura sigue subiendo, desconectar la batería y contactar con el fabricante.',
      ],
      'pl-PL': [
        'Zbyt wysoka temperatura ogniwa',
        'Upewnij się, że bateria jest wentylowana, z dala od źródeł ciepła i w dopuszczalnym zakresie temperatury otoczenia. Jeśli temperatura dalej rośnie, odłącz baterię i skontaktuj się z producentem.',
      ],
    },
  },
  {
    faultCode: 'BAT-CELL-UT',
    deviceType: 'BATTERY',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '电芯温度过低（禁止充电）',
        '低温下电池保护性停止充电属正常；若长期发生，考虑将电池移至室内或使用带加热功能的型号。',
      ],
      'en-GB': [
        'Cell temperature too low (charging blocked)',
        'The battery protects itself by not charging in the cold. If this happens for long periods, move the battery indoors or use a model with built-in heating.',
      ],
      'de-DE': [
        'Zelltemperatur zu niedrig (Laden gesperrt)',
        'Die Batterie schützt sich bei Kälte, indem sie nicht lädt. Kommt das lange vor, die Batterie in einen beheizten Raum verlegen oder ein Modell mit Heizung verwenden.',
      ],
      'it-IT': [
        'Temperatura cella troppo bassa (carica bloccata)',
        'Con il freddo la batteria si protegge non caricando. Se accade a lungo, spostare la batteria in un locale interno o usare un modello con riscaldamento.',
      ],
      'nl-NL': [
        'Celtemperatuur te laag (laden geblokkeerd)',
        'De batterij beschermt zich bij kou door niet te laden. Gebeurt dit lang, zet de batterij dan binnen of gebruik een model met verwarming.',
      ],
      'fr-FR': [
        'Température de cellule trop basse (charge bloquée)',
        'Par temps froid, la batterie se protège en ne chargeant pas. Si cela dure, installer la batterie à l’intérieur ou utiliser un modèle chauffé.',
      ],
      'es-ES': [
        'Temperatura de celda demasiado baja (carga bloqueada)',
        'Con frío la batería se protege no cargando. Si ocurre durante mucho tiempo, trasladar la batería a un interior o usar un modelo con calefacción.',
      ],
      'pl-PL': [
        'Zbyt niska temperatura ogniwa (ładowanie zablokowane)',
        'W niskiej temperaturze bateria chroni się, nie ładując. Jeśli trwa to długo, przenieś baterię do ogrzewanego pomieszczenia lub użyj modelu z grzałką.',
      ],
    },
  },
  {
    faultCode: 'BAT-SOH-LOW',
    deviceType: 'BATTERY',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '电池健康度（SOH）过低',
        '电池容量明显衰减；核对循环次数和质保条款，必要时向厂家申请质保更换。',
      ],
      'en-GB': [
        'Battery state of health (SOH) low',
        'The usable capacity has dropped noticeably. Compare the cycle count with the warranty terms and, if covered, claim a replacement from the manufacturer.',
      ],
      'de-DE': [
        'Batteriegesundheit (SOH) niedrig',
        'Die nutzbare Kapazität ist deutlich gesunken. Zyklenzahl mit den Garantiebedingungen vergleichen und ggf. beim Hersteller einen Garantietausch anfordern.',
      ],
      'it-IT': [
        'Stato di salute batteria (SOH) basso',
        'La capacità utile è calata sensibilmente. Confrontare il numero di cicli con le condizioni di garanzia e, se coperta, chiedere la sostituzione al produttore.',
      ],
      'nl-NL': [
        'Batterijgezondheid (SOH) laag',
        'De bruikbare capaciteit is duidelijk gedaald. Vergelijk het aantal cycli met de garantievoorwaarden en vraag zo nodig vervanging aan bij de fabrikant.',
      ],
      'fr-FR': [
        'État de santé batterie (SOH) faible',
        'La capacité utile a nettement baissé. Comparer le nombre de cycles aux conditions de garantie et, le cas échéant, demander un remplacement au fabricant.',
      ],
      'es-ES': [
        'Estado de salud de la batería (SOH) bajo',
        'La capacidad útil ha bajado claramente. Comparar el número de ciclos con las condiciones de garantía y, si procede, solicitar la sustitución al fabricante.',
      ],
      'pl-PL': [
        'Niski stan zdrowia baterii (SOH)',
        'Użyteczna pojemność wyraźnie spadła. Porównaj liczbę cykli z warunkami gwarancji i w razie potrzeby zgłoś wymianę u producenta.',
      ],
    },
  },
  {
    faultCode: 'BAT-IMBALANCE',
    deviceType: 'BATTERY',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '电芯电压不均衡',
        '让电池完整充满一次以触发均衡；多模块系统检查各模块固件版本一致。若压差持续偏大，联系厂家。',
      ],
      'en-GB': [
        'Cell voltage imbalance',
        'Let the battery charge fully once so that it balances. In multi-module systems, check that all modules run the same firmware. If the spread stays large, contact the manufacturer.',
      ],
      'de-DE': [
        'Zellspannungen unsymmetrisch',
        'Die Batterie einmal vollständig laden lassen, damit sie balanciert. Bei mehreren Modulen gleiche Firmware auf allen prüfen. Bleibt die Abweichung groß, Hersteller kontaktieren.',
      ],
      'it-IT': [
        'Squilibrio tensione celle',
        'Lasciare caricare completamente la batteria una volta perché si bilanci. Nei sistemi a più moduli verificare che tutti abbiano lo stesso firmware. Se lo scarto resta ampio, contattare il produttore.',
      ],
      'nl-NL': [
        'Celspanningen uit balans',
        'Laat de batterij één keer volledig laden zodat hij balanceert. Controleer bij meerdere modules of alle dezelfde firmware hebben. Blijft het verschil groot, neem contact op met de fabrikant.',
      ],
      'fr-FR': [
        'Déséquilibre de tension des cellules',
        'Laisser la batterie se charger complètement une fois pour qu’elle s’équilibre. Sur un système multi-modules, vérifier que tous ont le même micrologiciel. Si l’écart reste grand, contacter le fabricant.',
      ],
      'es-ES': [
        'Desequilibrio de tensión de celdas',
        'Dejar que la batería se cargue por completo una vez para que se equilibre. En sistemas de varios módulos, comprobar que todos tienen el mismo firmware. Si la diferencia sigue siendo grande, contactar con el fabricante.',
      ],
      'pl-PL': [
        'Nierównowaga napięć ogniw',
        'Pozwól baterii raz w pełni się naładować, aby się zbalansowała. W systemach wielomodułowych sprawdź, czy wszystkie moduły mają to samo oprogramowanie. Jeśli różnica pozostaje duża, skontaktuj się z producentem.',
      ],
    },
  },
  {
    faultCode: 'BAT-OC',
    deviceType: 'BATTERY',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '电池充放电过流',
        '检查逆变器中设置的最大充放电电流是否超过电池允许值；检查电池直流线缆截面和接头。',
      ],
      'en-GB': [
        'Battery over-current',
        'Check that the maximum charge/discharge current set on the inverter does not exceed the battery’s rating, and check the battery DC cable size and lugs.',
      ],
      'de-DE': [
        'Überstrom Batterie',
        'Prüfen, ob der am Wechselrichter eingestellte maximale Lade-/Entladestrom die Batteriewerte überschreitet, und Querschnitt und Kabelschuhe der Batterie-DC-Leitung prüfen.',
      ],
      'it-IT': [
        'Sovracorrente batteria',
        'Verificare che la corrente massima di carica/scarica impostata nell’inverter non superi quella ammessa dalla batteria e controllare sezione e capicorda del cavo DC.',
      ],
      'nl-NL': [
        'Overstroom batterij',
        'Controleer of de op de omvormer ingestelde maximale laad-/ontlaadstroom de batterijwaarde niet overschrijdt en controleer doorsnede en kabelschoenen van de DC-kabel.',
      ],
      'fr-FR': [
        'Surintensité batterie',
        'Vérifier que le courant maximal de charge/décharge réglé sur l’onduleur ne dépasse pas celui de la batterie, et contrôler la section et les cosses du câble DC.',
      ],
      'es-ES': [
        'Sobrecorriente de batería',
        'Comprobar que la corriente máxima de carga/descarga configurada en el inversor no supera la admitida por la batería y revisar la sección y los terminales del cable de CC.',
      ],
      'pl-PL': [
        'Przetężenie baterii',
        'Sprawdź, czy maksymalny prąd ładowania/rozładowania ustawiony w falowniku nie przekracza wartości baterii, oraz sprawdź przekrój i końcówki kabla DC.',
      ],
    },
  },
  {
    faultCode: 'BAT-SOC-LOW',
    deviceType: 'BATTERY',
    alarmLevel: 'INFO',
    t: {
      'zh-CN': ['电池电量低', '电池已放电至设定下限，属正常运行状态；如需更多备用电量，可提高放电截止 SOC。'],
      'en-GB': [
        'Battery state of charge low',
        'The battery has reached its set discharge limit; this is normal operation. Raise the discharge cut-off SOC if more backup reserve is wanted.',
      ],
      'de-DE': [
        'Batterieladestand niedrig',
        'Die Batterie hat die eingestellte Entladegrenze erreicht; das ist normaler Betrieb. Für mehr Notstromreserve den Entlade-Abschalt-SOC anheben.',
      ],
      'it-IT': [
        'Stato di carica batteria basso',
        'La batteria ha raggiunto il limite di scarica impostato: funzionamento normale. Per una riserva maggiore, alzare lo SOC di fine scarica.',
      ],
      'nl-NL': [
        'Batterijlaadtoestand laag',
        'De batterij heeft de ingestelde ontlaadgrens bereikt; dat is normaal. Verhoog de ontlaadgrens (SOC) als meer noodstroomreserve gewenst is.',
      ],
      'fr-FR': [
        'État de charge batterie faible',
        'La batterie a atteint la limite de décharge réglée : fonctionnement normal. Relever le SOC de fin de décharge si une réserve de secours plus grande est souhaitée.',
      ],
      'es-ES': [
        'Estado de carga de la batería bajo',
        'La batería ha llegado al límite de descarga configurado; es el funcionamiento normal. Subir el SOC de corte si se quiere más reserva de respaldo.',
      ],
      'pl-PL': [
        'Niski stan naładowania baterii',
        'Bateria osiągnęła ustawiony limit rozładowania; to normalna praca. Podnieś próg SOC końca rozładowania, jeśli potrzebna jest większa rezerwa awaryjna.',
      ],
    },
  },
  {
    faultCode: 'BAT-COMM-LOST',
    deviceType: 'BATTERY',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '电池通信中断（无数据）',
        '检查电池是否开机（电池开关/唤醒按钮）；检查电池与逆变器之间的通信线以及逆变器是否在线。',
      ],
      'en-GB': [
        'Battery communication lost (no data)',
        'Check that the battery is switched on (power switch / wake button), the communication cable to the inverter, and that the inverter itself is online.',
      ],
      'de-DE': [
        'Kommunikation mit Batterie verloren (keine Daten)',
        'Prüfen, ob die Batterie eingeschaltet ist (Hauptschalter / Wake-up-Taste), die Kommunikationsleitung zum Wechselrichter und ob der Wechselrichter selbst online ist.',
      ],
      'it-IT': [
        'Comunicazione con la batteria persa (nessun dato)',
        'Verificare che la batteria sia accesa (interruttore / pulsante di risveglio), il cavo di comunicazione verso l’inverter e che l’inverter stesso sia online.',
      ],
      'nl-NL': [
        'Communicatie met batterij verloren (geen data)',
        'Controleer of de batterij aan staat (hoofdschakelaar / wekknop), de communicatiekabel naar de omvormer en of de omvormer zelf online is.',
      ],
      'fr-FR': [
        'Communication avec la batterie perdue (aucune donnée)',
        'Vérifier que la batterie est allumée (interrupteur / bouton de réveil), le câble de communication vers l’onduleur et que l’onduleur lui-même est en ligne.',
      ],
      'es-ES': [
        'Comunicación con la batería perdida (sin datos)',
        'Comprobar que la batería está encendida (interruptor / botón de activación), el cable de comunicación al inversor y que el propio inversor está en línea.',
      ],
      'pl-PL': [
        'Utracona komunikacja z baterią (brak danych)',
        'Sprawdź, czy bateria jest włączona (wyłącznik / przycisk wybudzania), kabel komunikacyjny do falownika i czy sam falownik jest online.',
      ],
    },
  },
  // Meter
];
