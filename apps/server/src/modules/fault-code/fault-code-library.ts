import type { AlarmLevel } from '@pvstar/contract/enums';
import type { FaultDeviceType } from '@pvstar/contract/fault-code';
import type { Lang } from '@pvstar/contract/lang';

/** [message, fix advice] in one language. */
type Text = [string, string];

export interface LibraryEntry {
  faultCode: string;
  deviceType: FaultDeviceType;
  alarmLevel: AlarmLevel;
  t: Record<Lang, Text>;
}

/**
 * The seeded fault code library: what installers meet in the field, with advice they can act on.
 * The simulator raises INV-GRID-OV, INV-ISO, BAT-BMS-COMM and MTR-COMM; the *-COMM-LOST and DGL-OFFLINE
 * codes are what the alarm engine opens when a device or dongle goes silent, INV-NO-PROD when an
 * inverter produces nothing in daylight.
 */
export const FAULT_LIBRARY: LibraryEntry[] = [
  // Inverter
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
  {
    faultCode: 'INV-ISO',
    deviceType: 'INVERTER',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '绝缘阻抗过低',
        '断开直流开关，逐串测量组串正负极对地绝缘电阻；检查组件接线盒、MC4 接头和线缆是否受潮或破损。雨后出现并在干燥后消失通常是接头进水。',
      ],
      'en-GB': [
        'Insulation resistance low',
        'Open the DC switch and measure each string’s insulation to earth (plus and minus). Look for wet or damaged MC4 connectors, junction boxes and cables. If it appears after rain and clears when dry, a connector is taking in water.',
      ],
      'de-DE': [
        'Isolationswiderstand zu niedrig',
        'DC-Schalter öffnen und je String den Isolationswiderstand gegen Erde (Plus und Minus) messen. Feuchte oder beschädigte MC4-Stecker, Anschlussdosen und Leitungen suchen. Tritt der Fehler nach Regen auf und verschwindet bei Trockenheit, zieht ein Stecker Wasser.',
      ],
      'it-IT': [
        'Resistenza di isolamento bassa',
        'Aprire il sezionatore DC e misurare l’isolamento verso terra di ogni stringa (positivo e negativo). Cercare connettori MC4, scatole di giunzione e cavi bagnati o danneggiati. Se compare dopo la pioggia e sparisce con il secco, un connettore assorbe acqua.',
      ],
      'nl-NL': [
        'Isolatieweerstand te laag',
        'Open de DC-schakelaar en meet per string de isolatie naar aarde (plus en min). Zoek naar natte of beschadigde MC4-connectoren, aansluitdozen en kabels. Komt het na regen en verdwijnt het bij droog weer, dan trekt een connector water.',
      ],
      'fr-FR': [
        'Résistance d’isolement faible',
        'Ouvrir le sectionneur DC et mesurer l’isolement à la terre de chaque chaîne (plus et moins). Chercher des connecteurs MC4, boîtes de jonction ou câbles humides ou endommagés. Si le défaut apparaît après la pluie et disparaît au sec, un connecteur prend l’eau.',
      ],
      'es-ES': [
        'Resistencia de aislamiento baja',
        'Abrir el seccionador de CC y medir el aislamiento a tierra de cada string (positivo y negativo). Buscar conectores MC4, cajas de conexión o cables húmedos o dañados. Si aparece tras la lluvia y desaparece en seco, un conector está entrando agua.',
      ],
      'pl-PL': [
        'Zbyt niska rezystancja izolacji',
        'Otwórz rozłącznik DC i zmierz izolację każdego łańcucha względem ziemi (plus i minus). Szukaj wilgotnych lub uszkodzonych złączy MC4, puszek przyłączeniowych i kabli. Jeśli błąd pojawia się po deszczu i znika po wyschnięciu, do złącza dostaje się woda.',
      ],
    },
  },
  {
    faultCode: 'INV-RCD',
    deviceType: 'INVERTER',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '漏电流过大',
        '检查直流侧线缆和组件是否有破损或对地短路；测量各组串绝缘电阻。若反复出现，请勿复位，联系厂家服务。',
      ],
      'en-GB': [
        'Residual current too high',
        'Inspect DC cables and modules for damage or a short to earth and measure the insulation of each string. If it keeps coming back, do not keep resetting: contact the manufacturer’s service.',
      ],
      'de-DE': [
        'Fehlerstrom zu hoch',
        'DC-Leitungen und Module auf Beschädigung oder Erdschluss prüfen und die Isolation je String messen. Tritt er wiederholt auf, nicht ständig zurücksetzen, sondern den Herstellerservice kontaktieren.',
      ],
      'it-IT': [
        'Corrente residua troppo alta',
        'Ispezionare cavi DC e moduli per danni o dispersioni verso terra e misurare l’isolamento di ogni stringa. Se si ripete, non continuare a resettare: contattare l’assistenza del produttore.',
      ],
      'nl-NL': [
        'Lekstroom te hoog',
        'Controleer DC-kabels en panelen op schade of aardsluiting en meet de isolatie per string. Komt het steeds terug, blijf dan niet resetten maar neem contact op met de service van de fabrikant.',
      ],
      'fr-FR': [
        'Courant résiduel trop élevé',
        'Inspecter les câbles DC et les modules (dommages, défaut à la terre) et mesurer l’isolement de chaque chaîne. Si le défaut revient, ne pas réarmer en boucle : contacter le service du fabricant.',
      ],
      'es-ES': [
        'Corriente residual demasiado alta',
        'Revisar cables de CC y módulos en busca de daños o derivaciones a tierra y medir el aislamiento de cada string. Si se repite, no rearmar una y otra vez: contactar con el servicio del fabricante.',
      ],
      'pl-PL': [
        'Zbyt wysoki prąd upływu',
        'Sprawdź kable DC i moduły pod kątem uszkodzeń lub zwarcia do ziemi i zmierz izolację każdego łańcucha. Jeśli błąd wraca, nie resetuj wielokrotnie — skontaktuj się z serwisem producenta.',
      ],
    },
  },
  {
    faultCode: 'INV-OT',
    deviceType: 'INVERTER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '逆变器过温（降额运行）',
        '确保逆变器周围通风间距符合手册要求、避免阳光直射；清理散热片和进风口的灰尘。',
      ],
      'en-GB': [
        'Inverter over-temperature (derating)',
        'Keep the clearances from the manual around the inverter and avoid direct sun. Clean dust from the heat sink and air inlets.',
      ],
      'de-DE': [
        'Übertemperatur Wechselrichter (Leistungsreduzierung)',
        'Mindestabstände laut Handbuch einhalten und direkte Sonneneinstrahlung vermeiden. Kühlkörper und Lufteinlässe von Staub reinigen.',
      ],
      'it-IT': [
        'Sovratemperatura inverter (riduzione di potenza)',
        'Rispettare le distanze indicate nel manuale ed evitare il sole diretto. Pulire dalla polvere dissipatore e prese d’aria.',
      ],
      'nl-NL': [
        'Omvormer te warm (vermogensreductie)',
        'Houd de vrije ruimte uit de handleiding rond de omvormer aan en vermijd direct zonlicht. Maak koellichaam en luchtinlaten stofvrij.',
      ],
      'fr-FR': [
        'Surchauffe de l’onduleur (bridage)',
        'Respecter les dégagements du manuel autour de l’onduleur et éviter le soleil direct. Dépoussiérer le dissipateur et les entrées d’air.',
      ],
      'es-ES': [
        'Sobretemperatura del inversor (reducción de potencia)',
        'Respetar las distancias del manual alrededor del inversor y evitar el sol directo. Limpiar el polvo del disipador y de las entradas de aire.',
      ],
      'pl-PL': [
        'Przegrzanie falownika (ograniczenie mocy)',
        'Zachowaj odstępy z instrukcji wokół falownika i unikaj bezpośredniego słońca. Oczyść radiator i wloty powietrza z kurzu.',
      ],
    },
  },
  {
    faultCode: 'INV-DC-OV',
    deviceType: 'INVERTER',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '直流输入过压',
        '立即断开直流开关。核对组串组件数量：最低环境温度下的开路电压不得超过逆变器最大输入电压。',
      ],
      'en-GB': [
        'PV DC over-voltage',
        'Open the DC switch at once. Check the number of modules per string: the open-circuit voltage at the lowest site temperature must stay below the inverter’s maximum input voltage.',
      ],
      'de-DE': [
        'DC-Überspannung PV',
        'DC-Schalter sofort öffnen. Modulanzahl je String prüfen: Die Leerlaufspannung bei der tiefsten Standorttemperatur muss unter der maximalen Eingangsspannung des Wechselrichters bleiben.',
      ],
      'it-IT': [
        'Sovratensione DC fotovoltaico',
        'Aprire subito il sezionatore DC. Verificare il numero di moduli per stringa: la tensione a vuoto alla temperatura minima del sito deve restare sotto la tensione massima di ingresso dell’inverter.',
      ],
      'nl-NL': [
        'DC-overspanning PV',
        'Open direct de DC-schakelaar. Controleer het aantal panelen per string: de nullastspanning bij de laagste locatietemperatuur moet onder de maximale ingangsspanning van de omvormer blijven.',
      ],
      'fr-FR': [
        'Surtension DC photovoltaïque',
        'Ouvrir immédiatement le sectionneur DC. Vérifier le nombre de modules par chaîne : la tension à vide à la température minimale du site doit rester sous la tension d’entrée maximale de l’onduleur.',
      ],
      'es-ES': [
        'Sobretensión de CC fotovoltaica',
        'Abrir inmediatamente el seccionador de CC. Revisar el número de módulos por string: la tensión en circuito abierto a la temperatura mínima del lugar debe quedar por debajo de la tensión máxima de entrada del inversor.',
      ],
      'pl-PL': [
        'Przepięcie DC instalacji PV',
        'Natychmiast otwórz rozłącznik DC. Sprawdź liczbę modułów w łańcuchu: napięcie jałowe przy najniższej temperaturze w lokalizacji musi być niższe od maksymalnego napięcia wejściowego falownika.',
      ],
    },
  },
  {
    faultCode: 'INV-FAN',
    deviceType: 'INVERTER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': ['风扇故障', '断电后检查风扇是否被异物卡住、插头是否松动；风扇损坏时按手册更换。'],
      'en-GB': [
        'Fan failure',
        'With the inverter switched off, check the fan for blockages and a loose connector. Replace a broken fan as the manual describes.',
      ],
      'de-DE': [
        'Lüfterfehler',
        'Bei ausgeschaltetem Wechselrichter den Lüfter auf Blockierung und lockeren Stecker prüfen. Einen defekten Lüfter laut Handbuch tauschen.',
      ],
      'it-IT': [
        'Guasto ventola',
        'Con l’inverter spento, verificare che la ventola non sia bloccata e che il connettore sia inserito. Sostituire la ventola guasta come indicato nel manuale.',
      ],
      'nl-NL': [
        'Ventilatorstoring',
        'Controleer bij uitgeschakelde omvormer of de ventilator niet geblokkeerd is en de stekker vastzit. Vervang een defecte ventilator volgens de handleiding.',
      ],
      'fr-FR': [
        'Défaut ventilateur',
        'Onduleur hors tension, vérifier que le ventilateur n’est pas bloqué et que son connecteur est bien enfiché. Remplacer un ventilateur défectueux selon le manuel.',
      ],
      'es-ES': [
        'Fallo del ventilador',
        'Con el inversor apagado, comprobar que el ventilador no está bloqueado y que el conector está bien. Sustituir el ventilador averiado según el manual.',
      ],
      'pl-PL': [
        'Awaria wentylatora',
        'Przy wyłączonym falowniku sprawdź, czy wentylator nie jest zablokowany, a wtyczka dobrze osadzona. Uszkodzony wentylator wymień zgodnie z instrukcją.',
      ],
    },
  },
  {
    faultCode: 'INV-ARC',
    deviceType: 'INVERTER',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '检测到直流电弧',
        '断开直流开关后逐一检查 MC4 接头、端子和线缆是否烧蚀或接触不良；修复后在逆变器上手动清除电弧故障。',
      ],
      'en-GB': [
        'DC arc fault detected',
        'Open the DC switch and inspect every MC4 connector, terminal and cable for burn marks or poor contact. After the repair, clear the arc fault manually on the inverter.',
      ],
      'de-DE': [
        'DC-Lichtbogen erkannt',
        'DC-Schalter öffnen und alle MC4-Stecker, Klemmen und Leitungen auf Schmorspuren oder schlechten Kontakt prüfen. Nach der Reparatur den Lichtbogenfehler am Wechselrichter manuell quittieren.',
      ],
      'it-IT': [
        'Arco elettrico DC rilevato',
        'Aprire il sezionatore DC e ispezionare ogni connettore MC4, morsetto e cavo per bruciature o contatti difettosi. Dopo la riparazione, azzerare manualmente il guasto d’arco sull’inverter.',
      ],
      'nl-NL': [
        'DC-vlamboog gedetecteerd',
        'Open de DC-schakelaar en controleer elke MC4-connector, klem en kabel op brandplekken of slecht contact. Reset na de reparatie de boogfout handmatig op de omvormer.',
      ],
      'fr-FR': [
        'Arc électrique DC détecté',
        'Ouvrir le sectionneur DC et contrôler chaque connecteur MC4, borne et câble (traces de brûlure, mauvais contact). Après réparation, acquitter manuellement le défaut d’arc sur l’onduleur.',
      ],
      'es-ES': [
        'Arco eléctrico de CC detectado',
        'Abrir el seccionador de CC y revisar cada conector MC4, borne y cable en busca de quemaduras o mal contacto. Tras la reparación, borrar manualmente el fallo de arco en el inversor.',
      ],
      'pl-PL': [
        'Wykryto łuk elektryczny DC',
        'Otwórz rozłącznik DC i sprawdź każde złącze MC4, zacisk i kabel pod kątem nadpaleń lub złego styku. Po naprawie ręcznie skasuj błąd łuku na falowniku.',
      ],
    },
  },
  {
    faultCode: 'INV-PV-REV',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': ['组串极性反接', '断开直流开关，用万用表确认组串正负极，按正确极性重新连接。'],
      'en-GB': [
        'PV string reverse polarity',
        'Open the DC switch, check the string polarity with a multimeter and reconnect plus and minus correctly.',
      ],
      'de-DE': [
        'String verpolt',
        'DC-Schalter öffnen, die Polarität des Strings mit dem Multimeter prüfen und Plus und Minus richtig anschließen.',
      ],
      'it-IT': [
        'Polarità stringa invertita',
        'Aprire il sezionatore DC, verificare la polarità della stringa con il multimetro e ricollegare correttamente positivo e negativo.',
      ],
      'nl-NL': [
        'String omgepoold',
        'Open de DC-schakelaar, controleer de polariteit van de string met een multimeter en sluit plus en min correct aan.',
      ],
      'fr-FR': [
        'Polarité de chaîne inversée',
        'Ouvrir le sectionneur DC, vérifier la polarité de la chaîne au multimètre et reconnecter correctement le plus et le moins.',
      ],
      'es-ES': [
        'Polaridad del string invertida',
        'Abrir el seccionador de CC, comprobar la polaridad del string con un multímetro y reconectar correctamente positivo y negativo.',
      ],
      'pl-PL': [
        'Odwrócona polaryzacja łańcucha',
        'Otwórz rozłącznik DC, sprawdź multimetrem polaryzację łańcucha i podłącz poprawnie plus i minus.',
      ],
    },
  },
  {
    faultCode: 'INV-RELAY',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '并网继电器自检失败',
        '检查交流接线（尤其是中性线）是否正确可靠；重启逆变器，若仍失败需联系厂家更换。',
      ],
      'en-GB': [
        'Grid relay self-test failed',
        'Check that the AC wiring, especially neutral, is correct and tight. Restart the inverter; if the test still fails, the manufacturer has to replace the unit.',
      ],
      'de-DE': [
        'Selbsttest Netzrelais fehlgeschlagen',
        'AC-Verdrahtung, besonders den Neutralleiter, auf Richtigkeit und festen Sitz prüfen. Wechselrichter neu starten; schlägt der Test weiter fehl, muss der Hersteller das Gerät tauschen.',
      ],
      'it-IT': [
        'Autotest relè di rete fallito',
        'Verificare che il cablaggio AC, in particolare il neutro, sia corretto e serrato. Riavviare l’inverter; se il test fallisce ancora, il produttore deve sostituire l’apparecchio.',
      ],
      'nl-NL': [
        'Zelftest netrelais mislukt',
        'Controleer of de AC-bedrading, vooral de nul, juist en vast is. Herstart de omvormer; faalt de test nog steeds, dan moet de fabrikant het toestel vervangen.',
      ],
      'fr-FR': [
        'Échec de l’autotest du relais réseau',
        'Vérifier que le câblage AC, surtout le neutre, est correct et serré. Redémarrer l’onduleur ; si le test échoue toujours, le fabricant doit remplacer l’appareil.',
      ],
      'es-ES': [
        'Fallo del autotest del relé de red',
        'Comprobar que el cableado de CA, sobre todo el neutro, es correcto y está apretado. Reiniciar el inversor; si el test sigue fallando, el fabricante debe sustituir el equipo.',
      ],
      'pl-PL': [
        'Nieudany autotest przekaźnika sieciowego',
        'Sprawdź poprawność i dokręcenie okablowania AC, zwłaszcza przewodu neutralnego. Uruchom ponownie falownik; jeśli test nadal się nie udaje, producent musi wymienić urządzenie.',
      ],
    },
  },
  {
    faultCode: 'INV-DCI',
    deviceType: 'INVERTER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': ['直流分量过高', '重启逆变器；若反复出现，说明内部电流传感器可能异常，请联系厂家服务。'],
      'en-GB': [
        'DC injection too high',
        'Restart the inverter. If it keeps happening, an internal current sensor is probably faulty: contact the manufacturer’s service.',
      ],
      'de-DE': [
        'DC-Einspeisung zu hoch',
        'Wechselrichter neu starten. Tritt es wiederholt auf, ist vermutlich ein interner Stromsensor defekt: Herstellerservice kontaktieren.',
      ],
      'it-IT': [
        'Iniezione DC troppo alta',
        'Riavviare l’inverter. Se si ripete, un sensore di corrente interno è probabilmente guasto: contattare l’assistenza del produttore.',
      ],
      'nl-NL': [
        'DC-injectie te hoog',
        'Herstart de omvormer. Blijft het gebeuren, dan is waarschijnlijk een interne stroomsensor defect: neem contact op met de service van de fabrikant.',
      ],
      'fr-FR': [
        'Injection de courant continu trop élevée',
        'Redémarrer l’onduleur. Si cela se répète, un capteur de courant interne est probablement défectueux : contacter le service du fabricant.',
      ],
      'es-ES': [
        'Inyección de CC demasiado alta',
        'Reiniciar el inversor. Si se repite, probablemente un sensor de corriente interno está averiado: contactar con el servicio del fabricante.',
      ],
      'pl-PL': [
        'Zbyt duża składowa stała prądu',
        'Uruchom ponownie falownik. Jeśli błąd się powtarza, prawdopodobnie uszkodzony jest wewnętrzny czujnik prądu: skontaktuj się z serwisem producenta.',
      ],
    },
  },
  {
    faultCode: 'INV-BUS-OV',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': ['直流母线过压', '检查组串开路电压和电网电压是否在范围内；重启逆变器，若反复出现请联系厂家。'],
      'en-GB': [
        'DC bus over-voltage',
        'Check that string open-circuit voltages and grid voltage are within range. Restart the inverter and contact the manufacturer if it recurs.',
      ],
      'de-DE': [
        'Überspannung Zwischenkreis',
        'Prüfen, ob Leerlaufspannungen der Strings und Netzspannung im zulässigen Bereich liegen. Wechselrichter neu starten, bei Wiederholung den Hersteller kontaktieren.',
      ],
      'it-IT': [
        'Sovratensione bus DC',
        'Verificare che le tensioni a vuoto delle stringhe e la tensione di rete siano nei limiti. Riavviare l’inverter e contattare il produttore se si ripete.',
      ],
      'nl-NL': [
        'Overspanning DC-tussenkring',
        'Controleer of de nullastspanningen van de strings en de netspanning binnen bereik liggen. Herstart de omvormer en neem bij herhaling contact op met de fabrikant.',
      ],
      'fr-FR': [
        'Surtension du bus DC',
        'Vérifier que les tensions à vide des chaînes et la tension réseau sont dans la plage admise. Redémarrer l’onduleur et contacter le fabricant si cela se répète.',
      ],
      'es-ES': [
        'Sobretensión del bus de CC',
        'Comprobar que las tensiones en circuito abierto de los strings y la tensión de red están dentro del rango. Reiniciar el inversor y contactar con el fabricante si se repite.',
      ],
      'pl-PL': [
        'Przepięcie szyny DC',
        'Sprawdź, czy napięcia jałowe łańcuchów i napięcie sieci mieszczą się w zakresie. Uruchom ponownie falownik, a przy powtórzeniu skontaktuj się z producentem.',
      ],
    },
  },
  {
    faultCode: 'INV-PV-LOW',
    deviceType: 'INVERTER',
    alarmLevel: 'INFO',
    t: {
      'zh-CN': [
        '光伏输入电压低',
        '清晨、傍晚或阴天属正常现象；白天晴天仍出现时，检查组串是否断路、熔丝是否熔断、组件是否被遮挡。',
      ],
      'en-GB': [
        'PV input voltage low',
        'Normal at dawn, dusk or under heavy cloud. If it shows on a sunny day, check for an open string, a blown fuse or shaded modules.',
      ],
      'de-DE': [
        'PV-Eingangsspannung niedrig',
        'Morgens, abends oder bei starker Bewölkung normal. Tritt es bei Sonne auf, auf unterbrochenen String, defekte Sicherung oder verschattete Module prüfen.',
      ],
      'it-IT': [
        'Tensione di ingresso FV bassa',
        'Normale all’alba, al tramonto o con cielo molto nuvoloso. Se compare con il sole, verificare stringhe interrotte, fusibili bruciati o moduli ombreggiati.',
      ],
      'nl-NL': [
        'PV-ingangsspanning laag',
        'Normaal bij zonsopgang, zonsondergang of zware bewolking. Verschijnt het bij zon, controleer dan op een onderbroken string, een doorgebrande zekering of beschaduwde panelen.',
      ],
      'fr-FR': [
        'Tension d’entrée PV basse',
        'Normal à l’aube, au crépuscule ou par ciel très couvert. Si cela apparaît par beau temps, chercher une chaîne ouverte, un fusible fondu ou des modules ombragés.',
      ],
      'es-ES': [
        'Tensión de entrada FV baja',
        'Normal al amanecer, al atardecer o con mucha nubosidad. Si aparece con sol, buscar un string abierto, un fusible fundido o módulos sombreados.',
      ],
      'pl-PL': [
        'Niskie napięcie wejściowe PV',
        'Normalne o świcie, o zmierzchu lub przy dużym zachmurzeniu. Jeśli pojawia się w słoneczny dzień, szukaj przerwanego łańcucha, przepalonego bezpiecznika lub zacienionych modułów.',
      ],
    },
  },
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
    faultCode: 'INV-FW-MISMATCH',
    deviceType: 'INVERTER',
    alarmLevel: 'GENERAL',
    t: {
      'zh-CN': [
        '固件版本不匹配',
        '主控与通信板固件版本不一致；在固件升级页面将逆变器升级到厂家发布的最新配套版本。',
      ],
      'en-GB': [
        'Firmware version mismatch',
        'The control and communication boards run different firmware. Upgrade the inverter to the manufacturer’s latest matching release on the firmware upgrade page.',
      ],
      'de-DE': [
        'Firmware-Versionen passen nicht zusammen',
        'Steuer- und Kommunikationsplatine haben unterschiedliche Firmware. Den Wechselrichter auf der Seite Firmware-Upgrade auf die neueste passende Herstellerversion aktualisieren.',
      ],
      'it-IT': [
        'Versioni firmware non corrispondenti',
        'La scheda di controllo e quella di comunicazione hanno firmware diversi. Aggiornare l’inverter all’ultima versione compatibile del produttore dalla pagina di aggiornamento firmware.',
      ],
      'nl-NL': [
        'Firmwareversies komen niet overeen',
        'Besturings- en communicatiekaart draaien verschillende firmware. Werk de omvormer via de pagina firmware-upgrade bij naar de nieuwste bijpassende versie van de fabrikant.',
      ],
      'fr-FR': [
        'Versions de micrologiciel incohérentes',
        'Les cartes de commande et de communication ont des micrologiciels différents. Mettre l’onduleur à jour vers la dernière version compatible du fabricant depuis la page de mise à jour.',
      ],
      'es-ES': [
        'Versiones de firmware no coinciden',
        'Las placas de control y de comunicación tienen firmware distinto. Actualizar el inversor a la última versión compatible del fabricante en la página de actualización de firmware.',
      ],
      'pl-PL': [
        'Niezgodne wersje oprogramowania',
        'Płyta sterująca i komunikacyjna mają różne oprogramowanie. Zaktualizuj falownik do najnowszej zgodnej wersji producenta na stronie aktualizacji oprogramowania.',
      ],
    },
  },
  {
    faultCode: 'INV-COMM-LOST',
    deviceType: 'INVERTER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '逆变器通信中断（无数据）',
        '确认逆变器是否有电（夜间无光伏的机型会休眠）；检查数据采集器与逆变器之间的 RS485 接线和通信地址。',
      ],
      'en-GB': [
        'Inverter communication lost (no data)',
        'Check that the inverter is powered (some models sleep at night). Check the RS485 wiring and the communication address between the dongle and the inverter.',
      ],
      'de-DE': [
        'Kommunikation mit Wechselrichter verloren (keine Daten)',
        'Prüfen, ob der Wechselrichter Spannung hat (manche Modelle schlafen nachts). RS485-Verdrahtung und Kommunikationsadresse zwischen Dongle und Wechselrichter prüfen.',
      ],
      'it-IT': [
        'Comunicazione con l’inverter persa (nessun dato)',
        'Verificare che l’inverter sia alimentato (alcuni modelli dormono di notte). Controllare il cablaggio RS485 e l’indirizzo di comunicazione tra dongle e inverter.',
      ],
      'nl-NL': [
        'Communicatie met omvormer verloren (geen data)',
        'Controleer of de omvormer spanning heeft (sommige modellen slapen ’s nachts). Controleer de RS485-bedrading en het communicatieadres tussen dongle en omvormer.',
      ],
      'fr-FR': [
        'Communication avec l’onduleur perdue (aucune donnée)',
        'Vérifier que l’onduleur est alimenté (certains modèles dorment la nuit). Contrôler le câblage RS485 et l’adresse de communication entre le dongle et l’onduleur.',
      ],
      'es-ES': [
        'Comunicación con el inversor perdida (sin datos)',
        'Comprobar que el inversor tiene alimentación (algunos modelos duermen por la noche). Revisar el cableado RS485 y la dirección de comunicación entre el dongle y el inversor.',
      ],
      'pl-PL': [
        'Utracona komunikacja z falownikiem (brak danych)',
        'Sprawdź, czy falownik jest zasilany (niektóre modele usypiają w nocy). Sprawdź okablowanie RS485 i adres komunikacyjny między donglem a falownikiem.',
      ],
    },
  },
  // Battery
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
  {
    faultCode: 'DGL-OFFLINE',
    deviceType: 'DONGLE',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '数据采集器离线',
        '检查采集器是否通电、路由器是否工作、Wi-Fi 密码是否更改；必要时重新配网。离线期间数据会在采集器中缓存并在恢复后补传。',
      ],
      'en-GB': [
        'Dongle offline',
        'Check that the dongle has power, the router works and the Wi-Fi password has not changed; pair it again if needed. Data is buffered on the dongle and sent once it is back online.',
      ],
      'de-DE': [
        'Dongle offline',
        'Prüfen, ob der Dongle Strom hat, der Router läuft und das WLAN-Passwort unverändert ist; bei Bedarf neu koppeln. Daten werden im Dongle gepuffert und nach der Wiederverbindung nachgesendet.',
      ],
      'it-IT': [
        'Dongle offline',
        'Verificare che il dongle sia alimentato, il router funzioni e la password Wi-Fi non sia cambiata; se serve, riassociarlo. I dati restano nel dongle e vengono inviati al ritorno online.',
      ],
      'nl-NL': [
        'Dongle offline',
        'Controleer of de dongle stroom heeft, de router werkt en het wifi-wachtwoord niet is gewijzigd; koppel hem zo nodig opnieuw. Data wordt in de dongle gebufferd en verstuurd zodra hij weer online is.',
      ],
      'fr-FR': [
        'Dongle hors ligne',
        'Vérifier que le dongle est alimenté, que le routeur fonctionne et que le mot de passe Wi-Fi n’a pas changé ; le réappairer si besoin. Les données sont conservées dans le dongle et envoyées à son retour en ligne.',
      ],
      'es-ES': [
        'Dongle desconectado',
        'Comprobar que el dongle tiene alimentación, que el router funciona y que la contraseña Wi-Fi no ha cambiado; volver a emparejarlo si hace falta. Los datos se guardan en el dongle y se envían al volver la conexión.',
      ],
      'pl-PL': [
        'Dongle offline',
        'Sprawdź, czy dongle ma zasilanie, router działa, a hasło Wi-Fi nie zostało zmienione; w razie potrzeby sparuj go ponownie. Dane są buforowane w donglu i wysyłane po powrocie połączenia.',
      ],
    },
  },
  {
    faultCode: 'DGL-WEAK-SIG',
    deviceType: 'DONGLE',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '采集器信号弱',
        '信号强度低于 -75 dBm：缩短与路由器的距离、避开金属柜遮挡，或加装 Wi-Fi 中继器。',
      ],
      'en-GB': [
        'Dongle signal weak',
        'Signal is below -75 dBm: bring the router closer, avoid metal cabinets around the dongle or add a Wi-Fi repeater.',
      ],
      'de-DE': [
        'Dongle-Signal schwach',
        'Signal unter -75 dBm: Router näher bringen, Metallschränke um den Dongle vermeiden oder einen WLAN-Repeater setzen.',
      ],
      'it-IT': [
        'Segnale del dongle debole',
        'Segnale sotto -75 dBm: avvicinare il router, evitare armadi metallici intorno al dongle o aggiungere un ripetitore Wi-Fi.',
      ],
      'nl-NL': [
        'Dongle-signaal zwak',
        'Signaal onder -75 dBm: zet de router dichterbij, vermijd metalen kasten rond de dongle of plaats een wifi-versterker.',
      ],
      'fr-FR': [
        'Signal du dongle faible',
        'Signal inférieur à -75 dBm : rapprocher le routeur, éviter les armoires métalliques autour du dongle ou ajouter un répéteur Wi-Fi.',
      ],
      'es-ES': [
        'Señal del dongle débil',
        'Señal por debajo de -75 dBm: acercar el router, evitar armarios metálicos alrededor del dongle o añadir un repetidor Wi-Fi.',
      ],
      'pl-PL': [
        'Słaby sygnał dongla',
        'Sygnał poniżej -75 dBm: przybliż router, unikaj metalowych szaf wokół dongla lub dodaj wzmacniacz Wi-Fi.',
      ],
    },
  },
  {
    faultCode: 'DGL-RS485',
    deviceType: 'DONGLE',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '采集器与设备总线无响应',
        '采集器在线但读不到设备：检查 RS485 接线、总线上设备地址是否冲突以及末端终端电阻。',
      ],
      'en-GB': [
        'No answer from devices on the dongle bus',
        'The dongle is online but reads no device: check the RS485 wiring, duplicate device addresses on the bus and the end-of-line termination.',
      ],
      'de-DE': [
        'Keine Antwort der Geräte am Dongle-Bus',
        'Der Dongle ist online, liest aber kein Gerät: RS485-Verdrahtung, doppelte Geräteadressen am Bus und den Abschlusswiderstand prüfen.',
      ],
      'it-IT': [
        'Nessuna risposta dai dispositivi sul bus del dongle',
        'Il dongle è online ma non legge alcun dispositivo: verificare cablaggio RS485, indirizzi duplicati sul bus e terminazione di fine linea.',
      ],
      'nl-NL': [
        'Geen antwoord van apparaten op de dongle-bus',
        'De dongle is online maar leest geen apparaat: controleer de RS485-bedrading, dubbele apparaatadressen op de bus en de eindafsluiting.',
      ],
      'fr-FR': [
        'Aucune réponse des appareils sur le bus du dongle',
        'Le dongle est en ligne mais ne lit aucun appareil : vérifier le câblage RS485, les adresses en double sur le bus et la terminaison de fin de ligne.',
      ],
      'es-ES': [
        'Sin respuesta de los equipos en el bus del dongle',
        'El dongle está en línea pero no lee ningún equipo: revisar el cableado RS485, direcciones duplicadas en el bus y la terminación de final de línea.',
      ],
      'pl-PL': [
        'Brak odpowiedzi urządzeń na magistrali dongla',
        'Dongle jest online, ale nie odczytuje żadnego urządzenia: sprawdź okablowanie RS485, zdublowane adresy na magistrali i terminację końca linii.',
      ],
    },
  },
  {
    faultCode: 'DGL-FW-FAIL',
    deviceType: 'DONGLE',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '采集器固件升级失败',
        '采集器已回退到原版本继续工作；确认网络稳定后在固件升级页面重新下发升级任务。',
      ],
      'en-GB': [
        'Dongle firmware upgrade failed',
        'The dongle went back to its previous version and keeps working. Once the connection is stable, start the upgrade again from the firmware upgrade page.',
      ],
      'de-DE': [
        'Firmware-Update des Dongles fehlgeschlagen',
        'Der Dongle ist auf die vorherige Version zurückgefallen und arbeitet weiter. Bei stabiler Verbindung das Update über die Seite Firmware-Upgrade erneut starten.',
      ],
      'it-IT': [
        'Aggiornamento firmware del dongle fallito',
        'Il dongle è tornato alla versione precedente e continua a funzionare. Con una connessione stabile, riavviare l’aggiornamento dalla pagina di aggiornamento firmware.',
      ],
      'nl-NL': [
        'Firmware-update van dongle mislukt',
        'De dongle is teruggevallen op de vorige versie en werkt gewoon door. Start de update opnieuw via de pagina firmware-upgrade zodra de verbinding stabiel is.',
      ],
      'fr-FR': [
        'Échec de la mise à jour du dongle',
        'Le dongle est revenu à sa version précédente et continue de fonctionner. Une fois la connexion stable, relancer la mise à jour depuis la page de mise à jour du micrologiciel.',
      ],
      'es-ES': [
        'Fallo en la actualización de firmware del dongle',
        'El dongle ha vuelto a su versión anterior y sigue funcionando. Con una conexión estable, volver a lanzar la actualización desde la página de actualización de firmware.',
      ],
      'pl-PL': [
        'Nieudana aktualizacja oprogramowania dongla',
        'Dongle wrócił do poprzedniej wersji i działa dalej. Gdy połączenie będzie stabilne, ponownie uruchom aktualizację na stronie aktualizacji oprogramowania.',
      ],
    },
  },
  {
    faultCode: 'DGL-CLOCK',
    deviceType: 'DONGLE',
    alarmLevel: 'GENERAL',
    t: {
      'zh-CN': [
        '采集器时钟未同步',
        '采集器无法访问时间服务器：检查路由器是否放行 NTP（UDP 123 端口）。时间偏差会导致日发电量统计错位。',
      ],
      'en-GB': [
        'Dongle clock not synchronised',
        'The dongle cannot reach a time server: check that the router allows NTP (UDP port 123). A wrong clock shifts the daily energy figures.',
      ],
      'de-DE': [
        'Dongle-Uhr nicht synchronisiert',
        'Der Dongle erreicht keinen Zeitserver: prüfen, ob der Router NTP (UDP-Port 123) zulässt. Eine falsche Uhr verschiebt die Tagesenergiewerte.',
      ],
      'it-IT': [
        'Orologio del dongle non sincronizzato',
        'Il dongle non raggiunge un server orario: verificare che il router consenta NTP (porta UDP 123). Un orologio errato sposta i valori di energia giornalieri.',
      ],
      'nl-NL': [
        'Klok van dongle niet gesynchroniseerd',
        'De dongle bereikt geen tijdserver: controleer of de router NTP (UDP-poort 123) doorlaat. Een verkeerde klok verschuift de dagelijkse energiewaarden.',
      ],
      'fr-FR': [
        'Horloge du dongle non synchronisée',
        'Le dongle n’atteint aucun serveur de temps : vérifier que le routeur autorise NTP (port UDP 123). Une horloge fausse décale les valeurs d’énergie journalières.',
      ],
      'es-ES': [
        'Reloj del dongle sin sincronizar',
        'El dongle no llega a ningún servidor de hora: comprobar que el router permite NTP (puerto UDP 123). Un reloj incorrecto desplaza los valores de energía diarios.',
      ],
      'pl-PL': [
        'Zegar dongla niezsynchronizowany',
        'Dongle nie łączy się z serwerem czasu: sprawdź, czy router przepuszcza NTP (port UDP 123). Błędny zegar przesuwa dzienne wartości energii.',
      ],
    },
  },
  // EV charger
  {
    faultCode: 'EVC-RCD',
    deviceType: 'EV_CHARGER',
    alarmLevel: 'SERIOUS',
    t: {
      'zh-CN': [
        '充电桩漏电保护动作',
        '拔下充电枪，检查充电线缆和车辆插座是否受损或受潮；复位后若再次动作，停止使用并检修。',
      ],
      'en-GB': [
        'EV charger residual current trip',
        'Unplug the vehicle and check the charging cable and socket for damage or moisture. If it trips again after reset, take the charger out of use and have it inspected.',
      ],
      'de-DE': [
        'Wallbox: Fehlerstromschutz ausgelöst',
        'Fahrzeug abstecken und Ladekabel sowie Steckdose auf Schäden oder Feuchtigkeit prüfen. Löst er nach dem Zurücksetzen erneut aus, Wallbox außer Betrieb nehmen und prüfen lassen.',
      ],
      'it-IT': [
        'Wallbox: intervento del differenziale',
        'Scollegare il veicolo e controllare cavo di ricarica e presa per danni o umidità. Se interviene di nuovo dopo il reset, mettere fuori servizio la wallbox e farla ispezionare.',
      ],
      'nl-NL': [
        'Laadpaal: aardlekbeveiliging aangesproken',
        'Koppel het voertuig los en controleer laadkabel en contactdoos op schade of vocht. Slaat hij na het resetten opnieuw af, neem de laadpaal buiten gebruik en laat hem keuren.',
      ],
      'fr-FR': [
        'Borne de recharge : déclenchement différentiel',
        'Débrancher le véhicule et vérifier le câble de recharge et la prise (dommages, humidité). S’il déclenche de nouveau après réarmement, mettre la borne hors service et la faire contrôler.',
      ],
      'es-ES': [
        'Cargador VE: disparo del diferencial',
        'Desconectar el vehículo y revisar el cable de carga y la toma en busca de daños o humedad. Si vuelve a saltar tras rearmar, dejar el cargador fuera de servicio y hacerlo revisar.',
      ],
      'pl-PL': [
        'Ładowarka EV: zadziałało zabezpieczenie różnicowoprądowe',
        'Odłącz pojazd i sprawdź kabel ładowania oraz gniazdo pod kątem uszkodzeń lub wilgoci. Jeśli po resecie zadziała ponownie, wyłącz ładowarkę z użytku i zleć przegląd.',
      ],
    },
  },
  {
    faultCode: 'EVC-CP-ERR',
    deviceType: 'EV_CHARGER',
    alarmLevel: 'WARN',
    t: {
      'zh-CN': [
        '充电桩与车辆通信（CP）异常',
        '重新插拔充电枪；检查枪头 CP 针脚是否脏污或弯曲，并尝试用另一辆车测试。',
      ],
      'en-GB': [
        'EV charger pilot signal (CP) error',
        'Unplug and plug in again. Check the CP pin of the connector for dirt or bending, and try with another vehicle.',
      ],
      'de-DE': [
        'Wallbox: Fehler im Pilotsignal (CP)',
        'Stecker ziehen und neu stecken. CP-Kontakt des Steckers auf Verschmutzung oder Verbiegung prüfen und mit einem anderen Fahrzeug testen.',
      ],
      'it-IT': [
        'Wallbox: errore del segnale pilota (CP)',
        'Scollegare e ricollegare la spina. Controllare che il pin CP del connettore non sia sporco o piegato e provare con un altro veicolo.',
      ],
      'nl-NL': [
        'Laadpaal: fout in pilotsignaal (CP)',
        'Trek de stekker eruit en steek hem opnieuw in. Controleer de CP-pin van de connector op vuil of verbuiging en test met een ander voertuig.',
      ],
      'fr-FR': [
        'Borne de recharge : erreur du signal pilote (CP)',
        'Débrancher puis rebrancher. Vérifier que la broche CP du connecteur n’est ni sale ni tordue et essayer avec un autre véhicule.',
      ],
      'es-ES': [
        'Cargador VE: error en la señal piloto (CP)',
        'Desconectar y volver a conectar. Comprobar que el pin CP del conector no está sucio ni doblado y probar con otro vehículo.',
      ],
      'pl-PL': [
        'Ładowarka EV: błąd sygnału pilota (CP)',
        'Odłącz i ponownie podłącz wtyczkę. Sprawdź, czy styk CP złącza nie jest zabrudzony ani wygięty, i spróbuj z innym pojazdem.',
      ],
    },
  },
  {
    faultCode: 'EVC-COMM-LOST',
    deviceType: 'EV_CHARGER',
    alarmLevel: 'ERROR',
    t: {
      'zh-CN': [
        '充电桩通信中断（无数据）',
        '检查充电桩供电和网络连接（网线/Wi-Fi）；确认充电桩中配置的服务器地址正确。',
      ],
      'en-GB': [
        'EV charger communication lost (no data)',
        'Check the charger’s power supply and network link (cable or Wi-Fi) and that the server address configured in the charger is correct.',
      ],
      'de-DE': [
        'Kommunikation mit Wallbox verloren (keine Daten)',
        'Stromversorgung und Netzwerkverbindung (Kabel oder WLAN) der Wallbox prüfen, ebenso die in der Wallbox eingetragene Serveradresse.',
      ],
      'it-IT': [
        'Comunicazione con la wallbox persa (nessun dato)',
        'Verificare alimentazione e collegamento di rete (cavo o Wi-Fi) della wallbox e che l’indirizzo del server configurato sia corretto.',
      ],
      'nl-NL': [
        'Communicatie met laadpaal verloren (geen data)',
        'Controleer de voeding en netwerkverbinding (kabel of wifi) van de laadpaal en of het ingestelde serveradres klopt.',
      ],
      'fr-FR': [
        'Communication avec la borne perdue (aucune donnée)',
        'Vérifier l’alimentation et la liaison réseau (câble ou Wi-Fi) de la borne ainsi que l’adresse du serveur configurée.',
      ],
      'es-ES': [
        'Comunicación con el cargador VE perdida (sin datos)',
        'Comprobar la alimentación y la conexión de red (cable o Wi-Fi) del cargador y que la dirección del servidor configurada es correcta.',
      ],
      'pl-PL': [
        'Utracona komunikacja z ładowarką EV (brak danych)',
        'Sprawdź zasilanie i połączenie sieciowe (kabel lub Wi-Fi) ładowarki oraz poprawność skonfigurowanego adresu serwera.',
      ],
    },
  },
  // Heat pump
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
